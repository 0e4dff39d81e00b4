import {
  Badge,
  Box,
  Center,
  Group,
  Loader,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { ProductoEnLista } from '@pos/contract';
import { IconCategory, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useConexion } from '../../app/Conexion.tsx';
import { cantidad, dinero } from '../../ui/formato.ts';
import { useSinConexion } from '../offline/ProveedorSinConexion.tsx';
import { existenciaEn, ofrecidoEn } from '../offline/productosLocales.ts';
import { posQueries } from './queries.ts';

/** A row of the list: the server's product online, the downloaded one offline. */
type FilaDeLista = Pick<
  ProductoEnLista,
  | '_id'
  | 'nombre'
  | 'idCodigoDeBarra'
  | 'nombreCategoria'
  | 'disponibilidad'
  | 'productoInventariable'
  | 'notificacionExistencia'
  | 'precioDeVenta'
>;

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  idAlmacen: string | null;
  /** What the cashier typed in the name search. */
  textoInicial: string;
  /** F9: open with the categories focused. */
  enCategorias: boolean;
  alElegir: (producto: FilaDeLista) => void;
};

/**
 * The product list of the POS (spec 001 §2 "product list" modal): search by name in the warehouse, filter
 * by category (F9), arrows and Enter to add without the mouse.
 */
export function ModalListaDeProductos(props: Props) {
  const estrecha = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={props.abierto}
      onClose={props.alCerrar}
      title={props.enCategorias ? 'Categorías de productos' : 'Buscar producto'}
      size={estrecha ? '100%' : 960}
      centered
      returnFocus
      styles={{ body: { paddingBottom: 12 } }}
    >
      {props.abierto && <Contenido {...props} />}
    </Modal>
  );
}

function Contenido({ idAlmacen, textoInicial, enCategorias, alElegir }: Props) {
  const [texto, setTexto] = useState(textoInicial);
  const [buscado] = useDebouncedValue(texto.trim(), 250);
  const [idCategoria, setIdCategoria] = useState<string | null>(null);
  const [marcado, setMarcado] = useState(0);
  const campo = useRef<HTMLInputElement>(null);
  const botonesDeCategoria = useRef<Array<HTMLButtonElement | null>>([]);
  const categorias = useQuery(posQueries.categorias());
  const { enLinea } = useConexion();
  const catalogo = useSinConexion()?.catalogo ?? null;
  const productos = useQuery({
    ...posQueries.productos(idAlmacen ?? '', buscado, idCategoria),
    enabled: idAlmacen !== null && enLinea,
  });
  // Offline (spec 000 §7) the names are searched in the downloaded catalogue, in memory.
  const locales = useMemo(
    () =>
      enLinea || !catalogo
        ? []
        : catalogo
            .porNombre(buscado, 500)
            .filter((p) => ofrecidoEn(p, idAlmacen) && (idCategoria === null || p.categoria === idCategoria))
            .slice(0, 60)
            .map((p) => ({
              ...p,
              ...existenciaEn(p, idAlmacen),
            })),
    [enLinea, catalogo, buscado, idAlmacen, idCategoria],
  );
  const filas: FilaDeLista[] = enLinea ? (productos.data?.res ?? []) : locales;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or category marks its first row.
  useEffect(() => {
    setMarcado(0);
  }, [buscado, idCategoria]);

  const opcionesDeCategoria = [{ _id: null, nombre: 'Todas' }, ...(categorias.data ?? [])];

  function elegir(producto: FilaDeLista | undefined) {
    if (producto) {
      alElegir(producto);
    }
  }

  function alTeclearEnBuscador(evento: KeyboardEvent<HTMLInputElement>) {
    if (evento.key === 'ArrowDown') {
      evento.preventDefault();
      setMarcado((actual) => Math.min(actual + 1, Math.max(filas.length - 1, 0)));
    } else if (evento.key === 'ArrowUp') {
      evento.preventDefault();
      setMarcado((actual) => Math.max(actual - 1, 0));
    } else if (evento.key === 'Enter') {
      evento.preventDefault();
      elegir(filas[marcado]);
    }
  }

  function alTeclearEnCategoria(evento: KeyboardEvent<HTMLButtonElement>, indice: number) {
    const destino = evento.key === 'ArrowDown' ? indice + 1 : evento.key === 'ArrowUp' ? indice - 1 : null;
    if (destino !== null) {
      evento.preventDefault();
      botonesDeCategoria.current[Math.max(0, Math.min(destino, opcionesDeCategoria.length - 1))]?.focus();
    } else if (evento.key === 'ArrowRight') {
      evento.preventDefault();
      campo.current?.focus();
    }
  }

  return (
    <Box style={{ display: 'grid', gridTemplateColumns: '190px minmax(0, 1fr)', gap: 12, height: '65vh' }}>
      <ScrollArea h="100%" type="auto" style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="xs" mb={4}>
          Categorías (F9)
        </Text>
        {opcionesDeCategoria.map((categoria, indice) => (
          <NavLink
            key={categoria._id ?? 'todas'}
            component="button"
            ref={(elemento: HTMLButtonElement | null) => {
              botonesDeCategoria.current[indice] = elemento;
            }}
            label={categoria.nombre}
            leftSection={indice === 0 ? <IconCategory size={16} /> : null}
            active={idCategoria === categoria._id}
            onClick={() => {
              setIdCategoria(categoria._id);
              campo.current?.focus();
            }}
            onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => alTeclearEnCategoria(e, indice)}
            // F9 starts on the categories, the name search on the search field.
            data-autofocus={(enCategorias && indice === 0) || undefined}
            py={8}
          />
        ))}
      </ScrollArea>
      <Stack gap="xs" mih={0} style={{ display: 'flex', flexDirection: 'column' }}>
        <TextInput
          ref={campo}
          placeholder="Nombre, código o referencia"
          aria-label="Buscar producto por nombre"
          leftSection={<IconSearch size={16} />}
          rightSection={productos.isFetching ? <Loader size={16} /> : null}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
          onKeyDown={alTeclearEnBuscador}
          size="md"
          autoComplete="off"
          data-autofocus={!enCategorias || undefined}
        />
        <Text size="xs" c="dimmed">
          ↑ ↓ para moverte · Enter agrega el producto marcado · ← → entre categorías y búsqueda
        </Text>
        <ScrollArea style={{ flex: 1 }} type="auto">
          {idAlmacen === null ? (
            <Center p="lg">
              <Text c="dimmed">No hay almacén para buscar productos</Text>
            </Center>
          ) : !enLinea && !catalogo ? (
            <Center p="lg">
              <Text c="dimmed">Sin conexión y sin catálogo guardado en este equipo</Text>
            </Center>
          ) : enLinea && productos.isError ? (
            <Center p="lg">
              <Text c="red">{productos.error.message}</Text>
            </Center>
          ) : filas.length === 0 && !(enLinea && productos.isFetching) ? (
            <Center p="lg">
              <Text c="dimmed">No se encontraron productos</Text>
            </Center>
          ) : (
            <Stack gap={2} role="listbox" aria-label="Productos">
              {filas.map((producto, indice) => (
                <FilaDeProducto
                  key={producto._id}
                  producto={producto}
                  marcado={indice === marcado}
                  alElegir={() => elegir(producto)}
                  alMarcar={() => setMarcado(indice)}
                />
              ))}
            </Stack>
          )}
        </ScrollArea>
      </Stack>
    </Box>
  );
}

function FilaDeProducto({
  producto,
  marcado,
  alElegir,
  alMarcar,
}: {
  producto: FilaDeLista;
  marcado: boolean;
  alElegir: () => void;
  alMarcar: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (marcado) {
      ref.current?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [marcado]);
  const existencia = producto.disponibilidad;
  return (
    <UnstyledButton
      ref={ref}
      role="option"
      aria-selected={marcado}
      tabIndex={-1}
      onClick={alElegir}
      onMouseEnter={alMarcar}
      px="sm"
      py={8}
      style={{
        borderRadius: 6,
        background: marcado ? 'var(--mantine-color-blue-0)' : undefined,
        boxShadow: marcado ? 'inset 3px 0 0 var(--mantine-color-blue-6)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Box miw={0}>
          <Text size="sm" fw={600} lineClamp={1}>
            {producto.nombre}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed" ff="monospace">
              {producto.idCodigoDeBarra && producto.idCodigoDeBarra !== '0'
                ? producto.idCodigoDeBarra
                : 'Sin código'}
            </Text>
            {producto.nombreCategoria && (
              <Text size="xs" c="dimmed">
                · {producto.nombreCategoria}
              </Text>
            )}
          </Group>
        </Box>
        <Group gap="md" wrap="nowrap">
          {producto.productoInventariable && (
            <Badge
              variant="light"
              color={
                producto.notificacionExistencia === 0
                  ? 'red'
                  : producto.notificacionExistencia === 1
                    ? 'orange'
                    : 'gray'
              }
            >
              Exist. {cantidad(existencia)}
            </Badge>
          )}
          <Text fw={700} w={110} ta="right">
            {dinero(producto.precioDeVenta)}
          </Text>
        </Group>
      </Group>
    </UnstyledButton>
  );
}
