import {
  Badge,
  Center,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type Factura, LIMITE_FACTURAS, tienePermiso } from '@pos/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../../ui/BuscadorDeLista.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { type Columna, EstadoDeLista, TablaLista } from '../../ui/TablaLista.tsx';
import { estadoDeFactura, nombreDeMetodo, numeroDeFactura } from './etiquetas.ts';
import { facturaQueries } from './queries.ts';
import { NUEVA_FACTURA, VISTA_FACTURA } from './rutas.ts';

/** The collection status or cancellation state of an invoice, as a badge. */
export function EstadoDeFactura({ factura }: { factura: Pick<Factura, 'estado' | 'estadoDelCobro'> }) {
  const { texto, color } = estadoDeFactura(factura);
  return (
    <Badge color={color} variant="light" size="sm">
      {texto}
    </Badge>
  );
}

function cliente(f: Factura): string {
  return f.nombreOpcional && f.nombreOpcional !== f.nombre ? `${f.nombre} (${f.nombreOpcional})` : f.nombre;
}

const COLUMNAS: Columna<Factura>[] = [
  {
    titulo: 'Fecha',
    celda: (f) => (
      <Stack gap={0}>
        <Text size="sm">{fecha(f.fechaEmision)}</Text>
        <Text size="xs" c="dimmed">
          {f.hora.slice(0, 5)}
        </Text>
      </Stack>
    ),
    ancho: 100,
  },
  {
    titulo: 'Número',
    celda: (f) => (
      <Stack gap={0}>
        <Text size="sm" fw={500} ff="monospace">
          {numeroDeFactura(f)}
        </Text>
        <Text size="xs" c="dimmed">
          {f.tipoNcfNombre ?? f.numeracionNombre}
          {f.desdePos ? ' · POS' : ''}
        </Text>
      </Stack>
    ),
  },
  {
    titulo: 'Cliente',
    celda: (f) => (
      <Stack gap={0} maw={320}>
        <Text size="sm" truncate="end">
          {cliente(f)}
        </Text>
        {f.rnc && (
          <Text size="xs" c="dimmed">
            RNC {f.rnc}
          </Text>
        )}
      </Stack>
    ),
  },
  { titulo: 'Método', celda: (f) => nombreDeMetodo(f.metodoDePago) },
  { titulo: 'Total', celda: (f) => dinero(f.total), alinear: 'right' },
  {
    titulo: 'Pendiente',
    celda: (f) => (f.pendiente > 0 && f.estado === 'Activo' ? dinero(f.pendiente) : '—'),
    alinear: 'right',
  },
  { titulo: 'Estado', celda: (f) => <EstadoDeFactura factura={f} />, alinear: 'center' },
  { titulo: 'Creada por', celda: (f) => f.creadaPor || '—' },
];

type PropsCompacta = {
  filas: Factura[] | undefined;
  cargando: boolean;
  error: Error | null;
  vacio: string;
  alElegir: (f: Factura) => void;
};

/** The phone list: one card per invoice with what a cashier looks for (number, customer, total, state). */
function ListaCompacta({ filas, cargando, error, vacio, alElegir }: PropsCompacta) {
  if (cargando || error || !filas || filas.length === 0) {
    return <EstadoDeLista cargando={cargando} error={error} vacio={vacio} cantidad={filas?.length ?? 0} />;
  }
  return (
    <Stack gap="xs">
      {filas.map((f) => (
        <UnstyledButton key={f._id} onClick={() => alElegir(f)} aria-label={`Factura ${numeroDeFactura(f)}`}>
          <Paper withBorder radius="sm" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={600} ff="monospace">
                  {numeroDeFactura(f)}
                </Text>
                <Text size="sm" truncate="end">
                  {cliente(f)}
                </Text>
                <Text size="xs" c="dimmed">
                  {fecha(f.fechaEmision)} {f.hora.slice(0, 5)} · {nombreDeMetodo(f.metodoDePago)}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="sm" fw={600}>
                  {dinero(f.total)}
                </Text>
                <EstadoDeFactura factura={f} />
                {f.pendiente > 0 && f.estado === 'Activo' && (
                  <Text size="xs" c="orange.8">
                    Debe {dinero(f.pendiente)}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

type Vista = 'activas' | 'auditoria';
type Cobro = 'Cobrada' | 'Por Cobrar';

/** /factura/lista_factura: invoices 25 a page with search, period and the audit view (spec 001 §2, §7, §9). */
export default function FacturasPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const telefono = useMediaQuery('(max-width: 48em)');
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [vista, setVista] = useState<Vista>('activas');
  const [cobro, setCobro] = useState<Cobro | null>(null);
  const [pagina, setPagina] = useState(1);
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const auditoria = vista === 'auditoria';
  const consulta = useQuery({
    ...facturaQueries.lista({
      input,
      page: pagina,
      limit: LIMITE_FACTURAS,
      buscarPorEstado: auditoria,
      estadoDelCobro: auditoria ? null : cobro,
      revendedor: perfil?.revendedor ?? false,
      ...filtroDePeriodo(periodo),
    }),
    enabled: !rangoIncompleto,
  });
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'facturas', 'crear');
  const filtrando = input !== '' || periodo.tipo !== 'todo' || cobro !== null;
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  const vacio = rangoIncompleto
    ? 'Elige el día inicial y el final del rango.'
    : auditoria
      ? 'No hay facturas anuladas ni por anular.'
      : filtrando
        ? 'Ninguna factura coincide con la búsqueda.'
        : 'Todavía no hay facturas.';
  const filas = rangoIncompleto ? [] : consulta.data?.res;
  const totalRows = consulta.data?.totalRows ?? 0;
  const abrir = (f: Factura) => navegar(`${VISTA_FACTURA}?id=${f._id}`);
  return (
    <DisenoListaModulo
      titulo="Facturas"
      acciones={
        puedeCrear && (
          <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVA_FACTURA)}>
            Nueva factura
          </BotonEscritura>
        )
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-start" justify="space-between">
          <Group gap="sm" wrap="wrap" align="flex-start" style={{ flex: 1 }}>
            <BuscadorDeLista
              valor={busqueda}
              alCambiar={reiniciar(setBusqueda)}
              buscando={consulta.isFetching && !consulta.isPending}
              placeholder="Buscar por NCF, cliente o RNC"
              etiqueta="Buscar factura"
            />
            <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
            {!auditoria && (
              <Select
                aria-label="Estado del cobro"
                placeholder="Todos los cobros"
                data={[
                  { value: 'Cobrada', label: 'Cobradas' },
                  { value: 'Por Cobrar', label: 'Por cobrar' },
                ]}
                value={cobro}
                onChange={reiniciar((v: string | null) => setCobro(v as Cobro | null))}
                clearable
                w={{ base: '100%', xs: 190 }}
              />
            )}
          </Group>
          <SegmentedControl
            aria-label="Vista"
            data={[
              { value: 'activas', label: 'Facturas' },
              { value: 'auditoria', label: 'Anuladas y por anular' },
            ]}
            value={vista}
            onChange={reiniciar((v: string) => setVista(v as Vista))}
            w={{ base: '100%', sm: 'auto' }}
          />
        </Group>
        {consulta.data && !rangoIncompleto && (
          <Group gap="lg" data-testid="totales-facturas">
            <Text size="sm" c="dimmed">
              {totalRows} {totalRows === 1 ? 'factura' : 'facturas'}
            </Text>
            <Text size="sm">
              Total: <b>{dinero(consulta.data.totalGeneral)}</b>
            </Text>
          </Group>
        )}
        {telefono ? (
          <>
            <ListaCompacta
              filas={filas}
              cargando={consulta.isPending && !rangoIncompleto}
              error={consulta.error}
              vacio={vacio}
              alElegir={abrir}
            />
            {totalRows > LIMITE_FACTURAS && (
              <Center>
                <Pagination
                  size="sm"
                  total={Math.ceil(totalRows / LIMITE_FACTURAS)}
                  value={pagina}
                  onChange={setPagina}
                />
              </Center>
            )}
          </>
        ) : (
          <TablaLista
            sinSalto
            columnas={COLUMNAS}
            filas={filas}
            clave={(f) => f._id}
            cargando={consulta.isPending && !rangoIncompleto}
            error={consulta.error}
            vacio={vacio}
            total={consulta.data?.totalRows}
            pagina={pagina}
            porPagina={LIMITE_FACTURAS}
            alCambiarPagina={setPagina}
            alElegir={abrir}
          />
        )}
      </Stack>
    </DisenoListaModulo>
  );
}
