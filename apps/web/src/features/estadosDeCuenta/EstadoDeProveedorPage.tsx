import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type CompraDelEstado, contactos, type EstadoDeCuentaProveedor, egresos } from '@pos/contract';
import { IconInfoCircle, IconUserSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonesDeExportar } from '../../ui/reporte/partes.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { exportar } from '../inventario/archivos.ts';
import {
  BarraDelEstado,
  CifrasDeAntiguedad,
  cuerpoDelEstado,
  type FiltroDelEstado,
  filtroInicial,
  InsigniaDeAntiguedad,
  PISTA_DE_ERROR,
} from './EstadoDeCuenta.tsx';
import { estadoDeCuentaQueries } from './queries.ts';

// Spec 000 §2 /reportes/r-estado-de-proveedor: one supplier's statement, on the supplier statement call
// (spec 001 §7 "Payments out": POST /recibos-egresos/estado-cuentas-proveedores/) and the customer
// statement's filter and aging figures (docs/payments.md «Estados de cuenta»).

const VACIO: EstadoDeCuentaProveedor = {
  proveedor: { _id: '', nombre: '', rnc: '', telefono: '', correo: '', direccion: '' },
  fechaCorte: '',
  totalPendiente: 0,
  facturasDeCompras: [],
  totalesPorTramo: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 },
  totalComprado: 0,
  totalPagado: 0,
  totalNotasDeDebito: 0,
};

function numeroDeCompra(c: CompraDelEstado): string {
  return c.comprobante || (c.numeroCompra === null ? '—' : `N.º ${c.numeroCompra}`);
}

const COLUMNAS: Columna<CompraDelEstado>[] = [
  { titulo: 'Fecha', celda: (c) => fecha(c.fecha) },
  {
    titulo: 'Compra',
    celda: (c) => (
      <Text size="sm" ff="monospace">
        {numeroDeCompra(c)}
      </Text>
    ),
  },
  { titulo: 'NCF', celda: (c) => c.ncf || '—' },
  { titulo: 'Vence', celda: (c) => fecha(c.vencimiento) },
  { titulo: 'Días', celda: (c) => (c.diasVencidos > 0 ? c.diasVencidos : '—'), alinear: 'right' },
  {
    titulo: 'Antigüedad',
    celda: (c) => <InsigniaDeAntiguedad pendiente={c.pendiente} tramo={c.tramo} />,
  },
  { titulo: 'Monto', celda: (c) => dinero(c.montoAPagar), alinear: 'right' },
  { titulo: 'Pagado', celda: (c) => dinero(c.cobrado), alinear: 'right' },
  {
    titulo: 'N. débito',
    celda: (c) => (c.montoNotaDeDebitoRef > 0 ? dinero(c.montoNotaDeDebitoRef) : '—'),
    alinear: 'right',
  },
  {
    titulo: 'Pendiente',
    celda: (c) => (
      <Text size="sm" fw={600}>
        {dinero(c.pendiente)}
      </Text>
    ),
    alinear: 'right',
  },
];

function EstadoDeProveedor({
  idProveedor,
  filtro,
  alCambiarFiltro,
}: {
  idProveedor: string;
  filtro: FiltroDelEstado;
  alCambiarFiltro: (filtro: FiltroDelEstado) => void;
}) {
  const consulta = useQuery(estadoDeCuentaQueries.proveedor(cuerpoDelEstado(idProveedor, filtro)));
  const datos = consulta.error ? VACIO : (consulta.data ?? VACIO);
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <BarraDelEstado filtro={filtro} alCambiarFiltro={alCambiarFiltro} documentos="Compras" />
        </Group>
        {consulta.error && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Estado de cuenta">
            {consulta.error.message} {PISTA_DE_ERROR}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
          <CifrasDeAntiguedad totalPendiente={datos.totalPendiente} totalesPorTramo={datos.totalesPorTramo} />
        </SimpleGrid>
        <TablaLista
          sinSalto
          columnas={COLUMNAS}
          filas={consulta.isPending && !consulta.error ? undefined : datos.facturasDeCompras}
          clave={(c) => c._id}
          cargando={consulta.isPending}
          vacio={
            filtro.estadoSeleccionado === 'Pendientes'
              ? 'No se le debe nada a este proveedor a esta fecha.'
              : 'No hay compras en este estado de cuenta.'
          }
        />
        {datos.facturasDeCompras.length > 0 && (
          <Group justify="flex-end" gap="lg" pt="xs" px="xs">
            <Text size="sm" c="dimmed">
              Comprado <b>{dinero(datos.totalComprado)}</b>
            </Text>
            <Text size="sm" c="dimmed">
              Pagado <b>{dinero(datos.totalPagado)}</b>
            </Text>
            {datos.totalNotasDeDebito > 0 && (
              <Text size="sm" c="dimmed">
                Notas de débito <b>{dinero(datos.totalNotasDeDebito)}</b>
              </Text>
            )}
            <Text size="sm">
              Pendiente <b>{dinero(datos.totalPendiente)}</b>
            </Text>
          </Group>
        )}
      </Stack>
    </DatesProvider>
  );
}

/** /reportes/r-estado-de-proveedor?proveedor=…: what the company owes one supplier, aged. */
export default function EstadoDeProveedorPage() {
  const [parametros, setParametros] = useSearchParams();
  const idProveedor = parametros.get('proveedor');
  const [proveedor, setProveedor] = useState<ClienteElegido | null>(null);
  const [filtro, setFiltro] = useState<FiltroDelEstado>(filtroInicial);
  const inicial = useQuery({
    queryKey: ['contactos', 'uno', idProveedor],
    queryFn: ({ signal }) => api(contactos.obtener, { params: { id: idProveedor ?? '' }, signal }),
    enabled: idProveedor !== null && proveedor?._id !== idProveedor,
  });
  useEffect(() => {
    if (inicial.data && proveedor === null) {
      setProveedor(inicial.data);
    }
  }, [inicial.data, proveedor]);

  function elegir(elegido: ClienteElegido | null) {
    setProveedor(elegido);
    setParametros(elegido ? { proveedor: elegido._id } : {}, { replace: true });
  }

  return (
    <DisenoListaModulo
      titulo="Estado de cuenta de proveedor"
      acciones={
        <BotonesDeExportar
          deshabilitado={!proveedor}
          alExportar={(opcion) =>
            proveedor
              ? exportar(
                  egresos.exportarEstadoDeCuentaProveedores,
                  { ...cuerpoDelEstado(proveedor._id, filtro), documentoOpcion: opcion },
                  opcion,
                )
              : Promise.resolve()
          }
        />
      }
    >
      <Stack gap="sm">
        <Group maw={480}>
          <div style={{ flex: 1 }}>
            <SelectorDeCliente
              proveedor
              valor={proveedor}
              alCambiar={elegir}
              placeholder="Busca el proveedor por nombre o RNC"
            />
          </div>
        </Group>
        {proveedor ? (
          <EstadoDeProveedor idProveedor={proveedor._id} filtro={filtro} alCambiarFiltro={setFiltro} />
        ) : (
          <Stack align="center" gap={4} py="xl">
            <IconUserSearch size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">Elige un proveedor para ver su estado de cuenta.</Text>
          </Stack>
        )}
      </Stack>
    </DisenoListaModulo>
  );
}
