import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Cargando } from '../../ui/Cargando.tsx';
import { Grupos, productosEnTexto } from './CatalogoPage.tsx';
import { useCategoriasDelCatalogo, useSeccionesDelCatalogo } from './consultas.ts';
import { useCatalogo } from './contexto.ts';
import { ErrorDelCatalogo } from './DisenoCatalogo.tsx';
import { CATALOGO_PRODUCTOS } from './rutas.ts';

/** /catalogo-categorias: the categories, or those of the chosen sections (`?secciones=`, spec 000 §2). */
export default function CatalogoCategoriasPage() {
  const { tenantId, enlace, empresa } = useCatalogo();
  const [parametros] = useSearchParams();
  const elegidas = (parametros.get('secciones') ?? '').split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const categorias = useCategoriasDelCatalogo(tenantId, elegidas);
  const secciones = useSeccionesDelCatalogo(tenantId, empresa.habilitarSecciones && elegidas.length > 0);
  const nombres = (secciones.data?.secciones ?? [])
    .filter((s) => elegidas.includes(s._id))
    .map((s) => s.nombre);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {nombres.length > 0 ? nombres.join(', ') : 'Categorías'}
      </Title>
      {categorias.isPending ? (
        <Cargando />
      ) : categorias.error ? (
        <ErrorDelCatalogo error={categorias.error} />
      ) : (
        <Grupos
          vacio="No hay productos en estas categorías."
          elementos={categorias.data.categorias.map((c) => ({
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
