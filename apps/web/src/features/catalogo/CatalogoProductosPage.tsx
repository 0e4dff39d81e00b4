import { Button, Center, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Cargando } from '../../ui/Cargando.tsx';
import { Buscador } from './Buscador.tsx';
import { COLUMNAS_DEL_CATALOGO } from './CatalogoPage.tsx';
import { useCategoriasDelCatalogo, useProductosDelCatalogo } from './consultas.ts';
import { useCatalogo } from './contexto.ts';
import { ErrorDelCatalogo } from './DisenoCatalogo.tsx';
import { TarjetaDeProducto } from './Tarjetas.tsx';

const UUID = /^[0-9a-f-]{36}$/i;

/** /catalogo-productos: the products of a category or section, searched, or the offers. */
export default function CatalogoProductosPage() {
  const { tenantId, empresa } = useCatalogo();
  const [parametros, setParametros] = useSearchParams();
  const categoria = UUID.test(parametros.get('categoria') ?? '')
    ? (parametros.get('categoria') ?? undefined)
    : undefined;
  const seccion = UUID.test(parametros.get('seccion') ?? '')
    ? (parametros.get('seccion') ?? undefined)
    : undefined;
  const ofertas = parametros.get('ofertas') === 'true';
  const buscar = (parametros.get('buscar') ?? '').slice(0, 100);
  const productos = useProductosDelCatalogo(tenantId, {
    ...(categoria ? { categoria } : {}),
    ...(seccion ? { seccion } : {}),
    buscar,
    ofertas,
  });
  const categorias = useCategoriasDelCatalogo(tenantId, [], categoria !== undefined);
  const nombreDeCategoria = categorias.data?.categorias.find((c) => c._id === categoria)?.nombre;
  const alBuscar = useCallback(
    (texto: string) =>
      setParametros(
        (anteriores) => {
          const nuevos = new URLSearchParams(anteriores);
          if (texto.trim()) {
            nuevos.set('buscar', texto.trim());
          } else {
            nuevos.delete('buscar');
          }
          return nuevos;
        },
        { replace: true },
      ),
    [setParametros],
  );
  const lista = productos.data?.pages.flatMap((p) => p.productos) ?? [];
  const total = productos.data?.pages[0]?.total ?? 0;
  return (
    <Stack gap="md">
      <Buscador key={`${categoria}-${ofertas}`} inicial={buscar} alBuscar={alBuscar} />
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4">
          {ofertas
            ? 'Ofertas'
            : (nombreDeCategoria ?? (buscar ? `Resultados para «${buscar}»` : 'Productos'))}
        </Title>
        {productos.data && (
          <Text size="sm" c="dimmed">
            {total === 1 ? '1 producto' : `${total} productos`}
          </Text>
        )}
      </Group>
      {productos.isPending ? (
        <Cargando />
      ) : productos.error ? (
        <ErrorDelCatalogo error={productos.error} />
      ) : lista.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">
            {ofertas ? 'No hay ofertas en este momento.' : 'No encontramos productos con esa búsqueda.'}
          </Text>
        </Center>
      ) : (
        <>
          <SimpleGrid
            cols={COLUMNAS_DEL_CATALOGO}
            spacing="sm"
            style={{ opacity: productos.isPlaceholderData ? 0.6 : 1 }}
          >
            {lista.map((producto) => (
              <TarjetaDeProducto key={producto._id} producto={producto} />
            ))}
          </SimpleGrid>
          {productos.hasNextPage && (
            <Center>
              <Button
                variant="light"
                color={empresa.colorLinkCatalogo}
                loading={productos.isFetchingNextPage}
                onClick={() => productos.fetchNextPage()}
              >
                Ver más
              </Button>
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
