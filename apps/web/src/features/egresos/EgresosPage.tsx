import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Egreso, type FormaDePagoEgreso, LIMITE_EGRESOS, tienePermiso } from '@pos/contract';
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
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { FORMAS_DE_PAGO, nombreDeFormaDePago } from '../ingresos/etiquetas.ts';
import { EstadoDeIngreso } from '../ingresos/IngresosPage.tsx';
import { destinoDeEgreso } from './etiquetas.ts';
import { ModalEgreso } from './ModalEgreso.tsx';
import { egresoQueries } from './queries.ts';
import { NUEVO_EGRESO } from './rutas.ts';

const COLUMNAS: Columna<Egreso>[] = [
  { titulo: 'Fecha', celda: (e) => fecha(e.fechaDeEmision), ancho: 100 },
  {
    titulo: 'Número',
    celda: (e) => (
      <Text size="sm" fw={500} ff="monospace">
        {e.comprobante}
      </Text>
    ),
  },
  {
    titulo: 'Pagado a',
    celda: (e) => (
      <Text size="sm" truncate="end" maw={320}>
        {destinoDeEgreso(e)}
        {e.desdeElpos.desdePos ? ' · POS' : ''}
        {e.detalles && (
          <Text span size="sm" c="dimmed">
            {' '}
            — {e.detalles}
          </Text>
        )}
      </Text>
    ),
  },
  { titulo: 'Forma de pago', celda: (e) => nombreDeFormaDePago(e.formaDePago) },
  { titulo: 'Sale de', celda: (e) => e.cuentaContableCredito.nombre || '—' },
  { titulo: 'Total', celda: (e) => dinero(e.total), alinear: 'right' },
  // Receipts in and out share the document states (spec 001 §4), so their badge too.
  { titulo: 'Estado', celda: (e) => <EstadoDeIngreso ingreso={e} />, alinear: 'center' },
  { titulo: 'Creado por', celda: (e) => e.creadoPor || '—' },
];

type Vista = 'activos' | 'auditoria';

/**
 * /recibos_egresos/lista_recibo_egreso: payments out, 14 a page (spec 001 §9), with search, period,
 * payment method and the audit view (spec 001 §2: only Por-Anular and Anulado).
 */
export default function EgresosPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [formaDePago, setFormaDePago] = useState<FormaDePagoEgreso | null>(null);
  const [vista, setVista] = useState<Vista>('activos');
  const [pagina, setPagina] = useState(1);
  const [viendo, setViendo] = useState<string | null>(null);
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const consulta = useQuery({
    ...egresoQueries.lista({
      input,
      page: pagina,
      limit: LIMITE_EGRESOS,
      buscarPorEstado: vista === 'auditoria',
      formaDePago,
      ...filtroDePeriodo(periodo),
    }),
    enabled: !rangoIncompleto,
  });
  const puedeCrear =
    !perfil ||
    tienePermiso(perfil.privilegios, 'egresos', 'crear') ||
    tienePermiso(perfil.privilegios, 'cuentaPorPagar', 'emitirRecibo');
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  const vacio = rangoIncompleto
    ? 'Elige el día inicial y el final del rango.'
    : vista === 'auditoria'
      ? 'No hay recibos de egreso anulados ni por anular.'
      : input || periodo.tipo !== 'todo' || formaDePago
        ? 'Ningún recibo de egreso coincide con la búsqueda.'
        : 'Todavía no hay recibos de egreso.';
  return (
    <DisenoListaModulo
      titulo="Recibos de egreso"
      acciones={
        puedeCrear && (
          <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_EGRESO)}>
            Nuevo recibo
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
              placeholder="Buscar por número o proveedor"
              etiqueta="Buscar recibo de egreso"
            />
            <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
            <Select
              aria-label="Forma de pago"
              placeholder="Toda forma de pago"
              data={FORMAS_DE_PAGO}
              value={formaDePago}
              onChange={reiniciar((v: string | null) => setFormaDePago(v as FormaDePagoEgreso | null))}
              clearable
              w={200}
            />
          </Group>
          <SegmentedControl
            aria-label="Vista"
            data={[
              { value: 'activos', label: 'Recibos' },
              { value: 'auditoria', label: 'Anulados y por anular' },
            ]}
            value={vista}
            onChange={reiniciar((v: string) => setVista(v as Vista))}
            w={{ base: '100%', sm: 'auto' }}
          />
        </Group>
        <TablaLista
          sinSalto
          columnas={COLUMNAS}
          filas={rangoIncompleto ? [] : consulta.data?.res}
          clave={(e) => e._id}
          cargando={consulta.isPending && !rangoIncompleto}
          error={consulta.error}
          vacio={vacio}
          total={consulta.data?.totalRows}
          pagina={pagina}
          porPagina={LIMITE_EGRESOS}
          alCambiarPagina={setPagina}
          alElegir={(e) => setViendo(e._id)}
        />
      </Stack>
      <ModalEgreso id={viendo} alCerrar={() => setViendo(null)} />
    </DisenoListaModulo>
  );
}
