import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { entradasVisibles, PESTANAS } from '../../app/registro.ts';
import { useConfiguracionGeneral } from '../../app/useEmpresa.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { fechaEnLetras } from '../../ui/formato.ts';
import { Tablero } from './Tablero.tsx';

function hoyEnLetras(): string {
  const texto = fechaEnLetras(new Date());
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/**
 * The first screen after login (/inicio and /): company and today's date, the figures this user may see
 * (Tablero) and, below them, the modules this user may open.
 */
export default function InicioPage() {
  const { perfil } = usePerfil();
  const general = useConfiguracionGeneral();
  if (!perfil) {
    return null;
  }
  const visibles = entradasVisibles(perfil);
  const accesos = PESTANAS.flatMap((pestana) =>
    (visibles.get(pestana.id) ?? []).map((entrada) => ({ ...entrada, grupo: pestana.titulo })),
  ).filter((entrada) => entrada.ruta !== '/inicio');
  const datos = general?.configGeneral[0];
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <div>
        <Title order={2}>{datos?.nombre ?? 'Inicio'}</Title>
        <Text c="dimmed">{hoyEnLetras()}</Text>
        {datos?.rnc && (
          <Text size="sm" c="dimmed">
            RNC {datos.rnc}
          </Text>
        )}
      </div>
      <Tablero perfil={perfil} />
      <Stack gap="xs">
        <Title order={4}>Accesos directos</Title>
        {accesos.length === 0 ? (
          <Card withBorder radius="md" p="lg">
            <Text c="dimmed">
              No hay accesos directos para tu usuario. Si necesitas abrir un módulo, pide a un administrador
              que te dé acceso.
            </Text>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
            {accesos.map((acceso) => (
              <UnstyledButton key={`${acceso.grupo}:${acceso.ruta}`} component={Link} to={acceso.ruta}>
                <Card withBorder radius="md" p="md">
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Text fw={600}>{acceso.titulo}</Text>
                      <Text size="xs" c="dimmed">
                        {acceso.grupo}
                      </Text>
                    </div>
                    <ThemeIcon variant="light" radius="xl">
                      <IconArrowRight size={16} />
                    </ThemeIcon>
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
