import { Center, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { Cargando } from '../../ui/Cargando.tsx';
import { Buscador } from './Buscador.tsx';
import { useCategoriasDelCatalogo, useSeccionesDelCatalogo } from './consultas.ts';
import { useCatalogo } from './contexto.ts';
import { ErrorDelCatalogo } from './DisenoCatalogo.tsx';
import { CATALOGO_CATEGORIAS, CATALOGO_PRODUCTOS } from './rutas.ts';
import { TarjetaDeGrupo } from './Tarjetas.tsx';

export const COLUMNAS_DEL_CATALOGO = { base: 2, xs: 3, sm: 4, md: 5 };

function productosEnTexto(cantidad: number): string {
  return cantidad === 1 ? '1 producto' : `${cantidad} productos`;
}

/** /catalogo: the sections when the company enabled them, otherwise the categories (spec 000 §2). */
export default function CatalogoPage() {
  const { empresa, tenantId, enlace } = useCatalogo();
  const navegar = useNavigate();
  const secciones = useSeccionesDelCatalogo(tenantId, empresa.habilitarSecciones);
  const categorias = useCategoriasDelCatalogo(tenantId, [], !empresa.habilitarSecciones);
  const buscar = useCallback(
    (texto: string) => {
      if (texto.trim()) {
        void navegar(enlace(CATALOGO_PRODUCTOS, { buscar: texto.trim() }));
      }
    },
    [navegar, enlace],
  );
  const consulta = empresa.habilitarSecciones ? secciones : categorias;
  return (
    <Stack gap="md">
      <Buscador inicial="" alBuscar={buscar} />
      <Title order={2} size="h4">
        {empresa.habilitarSecciones ? 'Secciones' : 'Categorías'}
      </Title>
      {consulta.isPending ? (
        <Cargando />
      ) : consulta.error ? (
        <ErrorDelCatalogo error={consulta.error} />
      ) : empresa.habilitarSecciones ? (
        <Grupos
          vacio="Esta tienda todavía no tiene productos en su catálogo."
          elementos={(secciones.data?.secciones ?? []).map((s) => ({
            _id: s._id,
            nombre: s.nombre,
            avatar: s.avatar,
            a: enlace(CATALOGO_CATEGORIAS, { secciones: s._id }),
          }))}
        />
      ) : (
        <Grupos
          vacio="Esta tienda todavía no tiene productos en su catálogo."
          elementos={(categorias.data?.categorias ?? []).map((c) => ({
            _id: c._id,
            nombre: c.nombre,
            avatar: c.avatar,
            detalle: productosEnTexto(c.cantidadDeProductos),
            a: enlace(CATALOGO_PRODUCTOS, { categoria: c._id }),
          }))}
        />
      )}
    </Stack>
  );
}

export function Grupos({
  elementos,
  vacio,
}: {
  elementos: { _id: string; nombre: string; avatar: string | null; detalle?: string; a: string }[];
  vacio: string;
}) {
  if (elementos.length === 0) {
    return (
      <Center py="xl">
        <Text c="dimmed">{vacio}</Text>
      </Center>
    );
  }
  return (
    <SimpleGrid cols={COLUMNAS_DEL_CATALOGO} spacing="sm">
      {elementos.map(({ _id, ...elemento }) => (
        <TarjetaDeGrupo key={_id} {...elemento} />
      ))}
    </SimpleGrid>
  );
}

export { productosEnTexto };
