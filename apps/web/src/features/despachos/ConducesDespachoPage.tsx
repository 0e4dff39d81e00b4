import { Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ConduceDespacho, tienePermiso } from '@pos/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../../ui/BuscadorDeLista.tsx';
import { EstadoDelDocumento } from '../../ui/documento/EstadoDelDocumento.tsx';
import { fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { despachoQueries } from './queries.ts';
import { NUEVO_DESPACHO, VISTA_DESPACHO } from './rutas.ts';

/** The list pages 25 rows (spec 001 §9: the caller gives page and limit for dispatch notes). */
const POR_PAGINA = 25;

type Vista = 'activos' | 'auditoria';

const COLUMNAS: Columna<ConduceDespacho>[] = [
  {
    titulo: 'Número',
    celda: (d) => (
      <Text size="sm" fw={500} ff="monospace">
        {d.numeroConduceDespacho}
      </Text>
    ),
    ancho: 90,
  },
  { titulo: 'Fecha', celda: (d) => fecha(d.fecha), ancho: 110 },
  {
    titulo: 'Factura',
    celda: (d) => (
      <Text size="sm" ff="monospace">
        {d.comprobanteFactura}
      </Text>
    ),
  },
  {
    titulo: 'Cliente',
    celda: (d) => (
      <Text size="sm" truncate="end" maw={320}>
        {d.nombreCliente || 'Consumidor final'}
      </Text>
    ),
  },
  { titulo: 'Chofer', celda: (d) => d.nombreChofer || 'Sin chofer' },
  {
    titulo: 'Estado',
    celda: (d) => <EstadoDelDocumento documento={d} genero="masculino" />,
    alinear: 'center',
  },
  { titulo: 'Creado por', celda: (d) => d.creadaPor || '—' },
];

/**
 * /conduce-de-despacho/lista: the dispatch notes (spec 001 §2, §7): search, period, driver and «Ver
 * pendientes» (only those whose invoice still has goods to dispatch), and the cancelled ones.
 */
export default function ConducesDespachoPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [idChofer, setIdChofer] = useState<string | null>(null);
  const [verPendientes, setVerPendientes] = useState(false);
  const [vista, setVista] = useState<Vista>('activos');
  const [pagina, setPagina] = useState(1);
  const auditoria = vista === 'auditoria';
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const choferes = useQuery(despachoQueries.choferes());
  const activos = useQuery({
    ...despachoQueries.lista({
      input,
      page: pagina,
      limit: POR_PAGINA,
      idChofer,
      verPendientes,
      ...filtroDePeriodo(periodo),
    }),
    enabled: !auditoria && !rangoIncompleto,
  });
  const anulados = useQuery({ ...despachoQueries.anulados(pagina, POR_PAGINA), enabled: auditoria });
  const consulta = auditoria ? anulados : activos;
  const reiniciar =
    <V,>(fn: (v: V) => void) =>
    (v: V) => {
      fn(v);
      setPagina(1);
    };
  const filtrando = input !== '' || periodo.tipo !== 'todo' || idChofer !== null || verPendientes;
  const vacio = rangoIncompleto
    ? 'Elige el día inicial y el final del rango.'
    : auditoria
      ? 'No hay conduces de despacho anulados ni por anular.'
      : filtrando
        ? 'Ningún conduce de despacho coincide con la búsqueda.'
        : 'Todavía no hay conduces de despacho.';
  const totalRows = consulta.data?.totalRows ?? 0;
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'conduces', 'crear');
  return (
    <DisenoListaModulo
      titulo="Conduces de despacho"
      acciones={
        puedeCrear && (
          <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_DESPACHO)}>
            Nuevo conduce de despacho
          </BotonEscritura>
        )
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-start" justify="space-between">
          {!auditoria ? (
            <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: 1 }}>
              <BuscadorDeLista
                valor={busqueda}
                alCambiar={reiniciar(setBusqueda)}
                buscando={activos.isFetching && !activos.isPending}
                placeholder="Número, factura, cliente o chofer"
                etiqueta="Buscar conduce de despacho"
              />
              <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
              <Select
                aria-label="Chofer"
                placeholder="Todos los choferes"
                clearable
                searchable
                w={220}
                data={(choferes.data ?? []).map((c) => ({
                  value: c._id,
                  label: `${c.nombre} ${c.apellidos}`.trim(),
                }))}
                value={idChofer}
                onChange={reiniciar(setIdChofer)}
                nothingFoundMessage="Ningún chofer coincide"
              />
              <Switch
                label="Ver pendientes"
                checked={verPendientes}
                onChange={(e) => reiniciar(setVerPendientes)(e.currentTarget.checked)}
                mb={8}
              />
            </Group>
          ) : (
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              Los anulados y los que esperan la aprobación de un supervisor.
            </Text>
          )}
          <SegmentedControl
            aria-label="Vista"
            data={[
              { value: 'activos', label: 'Activos' },
              { value: 'auditoria', label: 'Anulados y por anular' },
            ]}
            value={vista}
            onChange={reiniciar((v: string) => setVista(v as Vista))}
            w={{ base: '100%', sm: 'auto' }}
          />
        </Group>
        {consulta.data && !rangoIncompleto && (
          <Text size="sm" c="dimmed">
            {totalRows} {totalRows === 1 ? 'conduce de despacho' : 'conduces de despacho'}
            {verPendientes && !auditoria ? ' con mercancía pendiente en su factura' : ''}
          </Text>
        )}
        <TablaLista
          sinSalto
          columnas={COLUMNAS}
          filas={rangoIncompleto && !auditoria ? [] : consulta.data?.res}
          clave={(d) => d._id}
          cargando={consulta.isPending && consulta.fetchStatus !== 'idle'}
          error={consulta.error}
          vacio={vacio}
          total={consulta.data?.totalRows}
          pagina={pagina}
          porPagina={POR_PAGINA}
          alCambiarPagina={setPagina}
          alElegir={(d) => navegar(`${VISTA_DESPACHO}?id=${d._id}`)}
        />
      </Stack>
    </DisenoListaModulo>
  );
}
