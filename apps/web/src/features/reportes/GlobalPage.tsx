import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { GRUPOS_DE_REPORTE, REPORTES, resumenGeneral, TITULOS_DE_GRUPO } from '@pos/contract';
import { Link } from 'react-router';
import { PANTALLAS, puedeAbrir } from '../../app/registro.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { PaginaDeReporte } from '../../ui/reporte/PaginaDeReporte.tsx';
import { enlaceDe } from './enlaces.ts';
import { REPORTES_CON_PANTALLA_PROPIA, rutaDelReporte } from './rutas.ts';

type Entrada = { id: string; titulo: string; descripcion: string; ruta: string };

/** The index of reports this user may open, by group: the declared ones and those with screens of their own. */
function useIndiceDeReportes(): Array<{ titulo: string; entradas: Entrada[] }> {
  const { perfil } = usePerfil();
  const abrible = (ruta: string) => {
    const pantalla = PANTALLAS.find((p) => p.path === ruta);
    return pantalla !== undefined && (!perfil || puedeAbrir(pantalla, perfil));
  };
  const todos = [
    ...REPORTES.filter((r) => r.pantalla !== false && r.id !== resumenGeneral.id),
    ...REPORTES_CON_PANTALLA_PROPIA,
  ];
  return GRUPOS_DE_REPORTE.map((grupo) => ({
    titulo: TITULOS_DE_GRUPO[grupo],
    entradas: todos
      .filter((r) => r.grupo === grupo)
      .map((r) => ({ id: r.id, titulo: r.titulo, descripcion: r.descripcion, ruta: rutaDelReporte(r.id) }))
      .filter((e) => abrible(e.ruta)),
  })).filter((g) => g.entradas.length > 0);
}

/** /reportes/global (spec 000 §2): the period's summary and, below, every report the user may open. */
export default function GlobalPage() {
  const indice = useIndiceDeReportes();
  return (
    <PaginaDeReporte declaracion={resumenGeneral} enlaceDe={enlaceDe}>
      <Stack gap="sm" mt="md">
        <Title order={3}>Reportes</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {indice.map((grupo) => (
            <Paper key={grupo.titulo} withBorder radius="sm" p="sm">
              <Text fw={700} mb={6}>
                {grupo.titulo}
              </Text>
              <Stack gap={8}>
                {grupo.entradas.map((e) => (
                  <div key={e.id}>
                    <Anchor component={Link} to={e.ruta} fw={500} size="sm">
                      {e.titulo}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {e.descripcion}
                    </Text>
                  </div>
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </PaginaDeReporte>
  );
}
