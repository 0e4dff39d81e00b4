import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ProductoEnLista, tienePermiso } from '@pos/contract';
import {
  IconBan,
  IconDots,
  IconFileSpreadsheet,
  IconHistory,
  IconPackage,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { urlDeArchivo } from '../../api/archivos.ts';
import { useSesion } from '../../app/sesion.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../../ui/BuscadorDeLista.tsx';
import { cantidad, dinero } from '../../ui/formato.ts';
import { BotonEscritura, useModoLectura } from '../../ui/ModoLectura.tsx';
import { type Columna, EstadoDeLista, TablaLista } from '../../ui/TablaLista.tsx';
import { useAccionesDeProducto } from './AccionesDeProducto.tsx';
import { EDITAR_PRODUCTO, type ElegidoParaEtiqueta, NUEVO_PRODUCTO } from './etiquetas.ts';
import { ImportarProductos } from './ImportarProductos.tsx';
import { ImprimirEtiquetas } from './ImprimirEtiquetas.tsx';
import { POR_PAGINA, productoQueries, seleccionQueries } from './queries.ts';

/** The stock of a row in its warehouse (or all of them): red when out, orange at or below the minimum. */
function Existencia({ producto, conEtiqueta = false }: { producto: ProductoEnLista; conEtiqueta?: boolean }) {
  if (!producto.productoInventariable) {
    return (
      <Text size="xs" c="dimmed">
        {producto.tipo === 'servicio' ? 'Servicio' : 'No inventariable'}
      </Text>
    );
  }
  const aviso = producto.notificacionExistencia;
  const texto = `${conEtiqueta ? 'Existencia: ' : ''}${cantidad(producto.disponibilidad)}`;
  if (aviso === null) {
    return (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {texto}
      </Text>
    );
  }
  return (
    <Tooltip
      label={aviso === 0 ? 'Agotado' : `En el mínimo o por debajo (${cantidad(producto.cantidadMinima)})`}
    >
      <Badge
        color={aviso === 0 ? 'red' : 'orange'}
        variant="light"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {texto}
      </Badge>
    </Tooltip>
  );
}

function Miniatura({ producto, tenantId }: { producto: ProductoEnLista; tenantId: number }) {
  return (
    <Avatar src={urlDeArchivo(tenantId, producto.avatar)} size={32} radius="sm" color="gray" alt="">
      <IconPackage size={16} stroke={1.5} />
    </Avatar>
  );
}

function Codigo({ producto }: { producto: ProductoEnLista }) {
  const partes = [
    producto.idCodigoDeBarra !== '0' ? producto.idCodigoDeBarra : null,
    producto.referencia || null,
  ].filter(Boolean);
  return (
    <Text size="xs" c="dimmed" ff="monospace">
      {partes.length > 0 ? partes.join(' · ') : `n.º ${producto.numeroProducto}`}
    </Text>
  );
}

type Accion = { etiqueta: string; icono: ReactNode; color?: string; hacer: () => void };

/** /producto/lista_producto: products 14 a page, searched and filtered on the server. */
export default function ProductosPage() {
  const navegar = useNavigate();
  const sesion = useSesion();
  const tenantId = sesion?.tenantId ?? 0;
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const telefono = useMediaQuery('(max-width: 48em)');
  const acciones = useAccionesDeProducto();
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [idCategoria, setIdCategoria] = useState<string | null>(null);
  const [idAlmacen, setIdAlmacen] = useState<string | null>(null);
  // Todos (not Anulado), favourites, or the cancelled ones (to audit or reactivate them).
  const [mostrar, setMostrar] = useState<'todos' | 'favoritos' | 'anulados'>('todos');
  const favoritos = mostrar === 'favoritos';
  const [pagina, setPagina] = useState(1);
  const [elegidos, setElegidos] = useState<Map<string, ElegidoParaEtiqueta>>(new Map());
  const [importar, { open: abrirImportar, close: cerrarImportar }] = useDisclosure(false);
  const [etiquetas, { open: abrirEtiquetas, close: cerrarEtiquetas }] = useDisclosure(false);
  const categorias = useQuery(seleccionQueries.categorias());
  const almacenes = useQuery(seleccionQueries.almacenes());
  const consulta = useQuery(
    productoQueries.lista({
      favoritos,
      buscarPorEstado: mostrar === 'anulados' ? 'Anulado' : '',
      input,
      idCategoria,
      idAlmacen,
      page: pagina,
      limit: POR_PAGINA,
    }),
  );
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'productos', 'crear');
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'productos', 'modificar');

  const filas = consulta.data?.res;
  const total = consulta.data?.totalRows ?? 0;
  // After cancelling or deleting the last row of a page, show the page before it.
  useEffect(() => {
    if (filas?.length === 0 && pagina > 1) {
      setPagina(Math.max(1, Math.ceil(total / POR_PAGINA)));
    }
  }, [filas, pagina, total]);

  const filtrando = input !== '' || idCategoria !== null || idAlmacen !== null || mostrar !== 'todos';
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  const escribir = (hacer: () => void) => () => (soloLectura ? avisar() : hacer());
  const editar = (p: ProductoEnLista) => navegar(`${EDITAR_PRODUCTO}?id=${p._id}`);

  function accionesDe(p: ProductoEnLista): Accion[] {
    const lista: Accion[] = [
      { etiqueta: 'Editar', icono: <IconPencil size={16} />, hacer: () => editar(p) },
      { etiqueta: 'Auditoría', icono: <IconHistory size={16} />, hacer: () => acciones.verAuditoria(p) },
    ];
    if (puedeModificar) {
      lista.push(
        {
          etiqueta: 'Anular',
          icono: <IconBan size={16} />,
          color: 'orange',
          hacer: escribir(() => acciones.anular(p)),
        },
        {
          etiqueta: 'Eliminar',
          icono: <IconTrash size={16} />,
          color: 'red',
          hacer: escribir(() => acciones.eliminar(p)),
        },
      );
    }
    return lista;
  }

  function elegir(p: ProductoEnLista, si: boolean) {
    setElegidos((previos) => {
      const nuevos = new Map(previos);
      if (si) {
        nuevos.set(p._id, { _id: p._id, nombre: p.nombre, idCodigoDeBarra: p.idCodigoDeBarra });
      } else {
        nuevos.delete(p._id);
      }
      return nuevos;
    });
  }

  const todosElegidos = (filas ?? []).length > 0 && (filas ?? []).every((p) => elegidos.has(p._id));
  const columnas: Columna<ProductoEnLista>[] = [
    {
      titulo: '',
      ancho: 36,
      celda: (p) => (
        <Box onClick={(e) => e.stopPropagation()}>
          <Checkbox
            size="xs"
            aria-label={`Elegir «${p.nombre}» para etiquetas`}
            checked={elegidos.has(p._id)}
            onChange={(e) => elegir(p, e.currentTarget.checked)}
          />
        </Box>
      ),
    },
    {
      titulo: 'Producto',
      celda: (p) => (
        <Group gap="sm" wrap="nowrap">
          <Miniatura producto={p} tenantId={tenantId} />
          <div style={{ minWidth: 0 }}>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={500} lineClamp={1}>
                {p.nombre}
              </Text>
              {p.favorito && (
                <IconStarFilled size={13} color="var(--mantine-color-yellow-6)" aria-label="Favorito" />
              )}
            </Group>
            <Codigo producto={p} />
          </div>
        </Group>
      ),
    },
    { titulo: 'Categoría', celda: (p) => p.nombreCategoria ?? <Text c="dimmed">—</Text> },
    { titulo: 'Existencia', alinear: 'right', ancho: 110, celda: (p) => <Existencia producto={p} /> },
    {
      titulo: 'Precio',
      alinear: 'right',
      ancho: 130,
      celda: (p) => (
        <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {dinero(p.precioDeVenta)}
        </Text>
      ),
    },
    {
      titulo: 'Estado',
      ancho: 100,
      celda: (p) => (
        <Badge color={p.estado === 'Activo' ? 'green' : 'orange'} variant="light" size="sm">
          {p.estado === 'Activo' ? 'Activo' : 'Por anular'}
        </Badge>
      ),
    },
    {
      titulo: 'Acciones',
      alinear: 'right',
      ancho: 150,
      celda: (p) => (
        <Box onClick={(e) => e.stopPropagation()}>
          <Group gap={2} justify="flex-end" wrap="nowrap">
            {accionesDe(p).map((a) => (
              <Tooltip key={a.etiqueta} label={a.etiqueta}>
                <ActionIcon
                  variant="subtle"
                  color={a.color ?? 'gray'}
                  aria-label={`${a.etiqueta} «${p.nombre}»`}
                  onClick={a.hacer}
                >
                  {a.icono}
                </ActionIcon>
              </Tooltip>
            ))}
          </Group>
        </Box>
      ),
    },
  ];

  const vacio = filtrando
    ? 'Ningún producto coincide con la búsqueda.'
    : 'No hay productos. Crea uno o impórtalos desde Excel.';

  return (
    <DisenoListaModulo
      titulo="Productos y servicios"
      acciones={
        <>
          <Button
            variant="default"
            size={telefono ? 'compact-sm' : 'sm'}
            leftSection={<IconPrinter size={16} />}
            onClick={abrirEtiquetas}
          >
            {telefono ? 'Etiquetas' : 'Imprimir etiquetas'}
            {elegidos.size > 0 ? ` (${elegidos.size})` : ''}
          </Button>
          {puedeCrear && (
            <BotonEscritura
              variant="default"
              size={telefono ? 'compact-sm' : 'sm'}
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={abrirImportar}
            >
              {telefono ? 'Importar' : 'Importar desde Excel'}
            </BotonEscritura>
          )}
          {puedeCrear && (
            <BotonEscritura
              size={telefono ? 'compact-sm' : 'sm'}
              leftSection={<IconPlus size={16} />}
              onClick={() => navegar(NUEVO_PRODUCTO)}
            >
              {telefono ? 'Nuevo' : 'Nuevo producto'}
            </BotonEscritura>
          )}
        </>
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
            <BuscadorDeLista
              valor={busqueda}
              alCambiar={reiniciar(setBusqueda)}
              buscando={consulta.isFetching && !consulta.isPending}
              placeholder="Buscar por nombre"
              etiqueta="Buscar producto"
              ancho={280}
            />
            <Select
              placeholder={telefono ? 'Categoría' : 'Todas las categorías'}
              aria-label="Categoría"
              data={(categorias.data ?? []).map((c) => ({ value: c._id, label: c.nombre }))}
              value={idCategoria}
              onChange={reiniciar(setIdCategoria)}
              clearable
              searchable
              w={{ base: 'calc(50% - 6px)', sm: 200 }}
            />
            <Select
              placeholder={telefono ? 'Almacén' : 'Todos los almacenes'}
              aria-label="Almacén"
              data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
              value={idAlmacen}
              onChange={reiniciar(setIdAlmacen)}
              clearable
              w={{ base: 'calc(50% - 6px)', sm: 200 }}
            />
          </Group>
          <SegmentedControl
            aria-label="Mostrar"
            size="sm"
            data={[
              { value: 'todos', label: 'Todos' },
              { value: 'favoritos', label: 'Favoritos' },
              { value: 'anulados', label: 'Anulados' },
            ]}
            value={mostrar}
            onChange={reiniciar((v: string) => setMostrar(v as typeof mostrar))}
            w={{ base: '100%', sm: 'auto' }}
          />
        </Group>
        {idAlmacen && (
          <Text size="xs" c="dimmed">
            Solo los productos que lleva este almacén, con su existencia allí.
          </Text>
        )}
        {telefono ? (
          <ListaCompacta
            filas={filas}
            cargando={consulta.isPending}
            error={consulta.error}
            vacio={vacio}
            tenantId={tenantId}
            acciones={accionesDe}
            alElegir={editar}
          />
        ) : (
          <>
            {(filas ?? []).length > 0 && (
              <Group gap="xs">
                <Checkbox
                  size="xs"
                  label={
                    todosElegidos ? 'Quitar los de esta página' : 'Elegir los de esta página para etiquetas'
                  }
                  checked={todosElegidos}
                  onChange={(e) => {
                    for (const p of filas ?? []) {
                      elegir(p, e.currentTarget.checked);
                    }
                  }}
                />
                {elegidos.size > 0 && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => setElegidos(new Map())}
                  >
                    Quitar todos ({elegidos.size})
                  </Button>
                )}
              </Group>
            )}
            <TablaLista
              columnas={columnas}
              filas={filas}
              clave={(p) => p._id}
              cargando={consulta.isPending}
              error={consulta.error}
              vacio={vacio}
              alElegir={editar}
            />
          </>
        )}
        {total > POR_PAGINA && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {total} productos
            </Text>
            <Pagination
              size="sm"
              total={Math.max(1, Math.ceil(total / POR_PAGINA))}
              value={pagina}
              onChange={setPagina}
              siblings={telefono ? 0 : 1}
            />
          </Group>
        )}
      </Stack>
      <ImportarProductos abierto={importar} alCerrar={cerrarImportar} />
      <ImprimirEtiquetas
        abierto={etiquetas}
        alCerrar={cerrarEtiquetas}
        elegidos={[...elegidos.values()]}
        alCambiarElegidos={(lista) => setElegidos(new Map(lista.map((p) => [p._id, p])))}
      />
    </DisenoListaModulo>
  );
}

/** The phone list: one card per product, tap to edit, the actions in a menu. */
function ListaCompacta({
  filas,
  cargando,
  error,
  vacio,
  tenantId,
  acciones,
  alElegir,
}: {
  filas: ProductoEnLista[] | undefined;
  cargando: boolean;
  error: Error | null;
  vacio: string;
  tenantId: number;
  acciones: (p: ProductoEnLista) => Accion[];
  alElegir: (p: ProductoEnLista) => void;
}) {
  if (cargando || error || !filas || filas.length === 0) {
    return <EstadoDeLista cargando={cargando} error={error} vacio={vacio} cantidad={filas?.length ?? 0} />;
  }
  return (
    <Stack gap={6}>
      {filas.map((p) => (
        <Paper
          key={p._id}
          withBorder
          radius="sm"
          p="xs"
          onClick={() => alElegir(p)}
          style={{ cursor: 'pointer' }}
          role="button"
          aria-label={`Editar «${p.nombre}»`}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Miniatura producto={p} tenantId={tenantId} />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" fw={500} lineClamp={2}>
                  {p.nombre}
                </Text>
                {p.favorito && (
                  <IconStarFilled size={13} color="var(--mantine-color-yellow-6)" aria-label="Favorito" />
                )}
              </Group>
              <Codigo producto={p} />
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {dinero(p.precioDeVenta)}
                </Text>
                <Existencia producto={p} conEtiqueta />
              </Group>
            </Stack>
            <Box onClick={(e) => e.stopPropagation()}>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Acciones de «${p.nombre}»`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {acciones(p).map((a) => (
                    <Menu.Item key={a.etiqueta} leftSection={a.icono} color={a.color} onClick={a.hacer}>
                      {a.etiqueta}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Box>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
