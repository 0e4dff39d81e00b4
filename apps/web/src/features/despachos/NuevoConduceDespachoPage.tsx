import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import {
  MENSAJE_DESPACHO_SIN_LINEAS,
  MENSAJE_ERROR_AL_GUARDAR_DESPACHO,
  type PendienteDeDespacho,
  tienePermiso,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { cantidad, dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { SelectorDeFactura } from '../conduces/SelectorDeFactura.tsx';
import { despachoQueries, useCrearConduceDespacho } from './queries.ts';
import { LISTA_DE_DESPACHOS } from './rutas.ts';
import { SelectorDeChofer } from './SelectorDeChofer.tsx';

/** The quantities typed per invoice line, in ten-thousandths so sums stay exact. */
const aDiezMilesimas = (valor: number) => Math.round(valor * 10_000);

function TablaDePendientes({
  pendientes,
  cantidades,
  alCambiar,
}: {
  pendientes: PendienteDeDespacho[];
  cantidades: Record<string, number>;
  alCambiar: (idLineaFactura: string, valor: number) => void;
}) {
  return (
    <Table striped verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Descripción</Table.Th>
          {/* On a phone: what is pending and what leaves now. */}
          <Table.Th ta="right" visibleFrom="sm">
            Vendida
          </Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            Despachada
          </Table.Th>
          <Table.Th ta="right">Pendiente</Table.Th>
          <Table.Th ta="right" w={140}>
            A despachar
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pendientes.map((p) => (
          <Table.Tr key={p.idLineaFactura}>
            <Table.Td>{p.descripcion}</Table.Td>
            <Table.Td ta="right" visibleFrom="sm">
              {cantidad(p.vendida)}
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm">
              {cantidad(p.despachada)}
            </Table.Td>
            <Table.Td ta="right" fw={600} c={p.pendiente > 0 ? undefined : 'dimmed'}>
              {cantidad(p.pendiente)}
            </Table.Td>
            <Table.Td>
              <NumberInput
                aria-label={`A despachar de ${p.descripcion}`}
                size="xs"
                min={0}
                max={p.pendiente}
                clampBehavior="strict"
                decimalScale={4}
                allowNegative={false}
                disabled={p.pendiente <= 0}
                value={cantidades[p.idLineaFactura] ?? 0}
                onChange={(v) => alCambiar(p.idLineaFactura, typeof v === 'number' ? v : Number(v) || 0)}
                styles={{ input: { textAlign: 'right' } }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /conduce-de-despacho/nuevo[?factura=…]: pick an active invoice, see per line what it sold, what was
 * dispatched and what is pending, type what leaves now and pick the driver (spec 001 §3, §5, §7).
 */
export default function NuevoConduceDespachoPage() {
  const navegar = useNavigate();
  const [parametros] = useSearchParams();
  const { perfil } = usePerfil();
  // One per form: a retried save answers the first dispatch note (spec 001 §1).
  const [identificadorUnico] = useState(() => crypto.randomUUID());
  const [idFactura, setIdFactura] = useState<string | null>(parametros.get('factura'));
  const [idChofer, setIdChofer] = useState<string | null>(null);
  const [dia, setDia] = useState(() => fechaYHoraEnSantoDomingo(new Date()).fecha);
  const [nota, setNota] = useState('');
  const [cantidades, setCantidades] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const deLaFactura = useQuery({
    ...despachoQueries.deLaFactura(idFactura ?? ''),
    enabled: idFactura !== null,
  });
  const crear = useCrearConduceDespacho();
  const puedeGuardar = !perfil || tienePermiso(perfil.privilegios, 'conduces', 'crear');
  const pendientes = deLaFactura.data?.pendientes ?? [];
  const nadaPendiente = deLaFactura.data !== undefined && pendientes.every((p) => p.pendiente <= 0);
  const factura = deLaFactura.data?.factura;
  const previos = (deLaFactura.data?.conduces ?? []).filter((c) => c.estado !== 'Anulado').length;

  function elegirFactura(id: string) {
    setIdFactura(id);
    setCantidades({});
    setError(null);
  }

  async function guardar() {
    // Spec 001 §5, §8: lines with 0 are dropped; at least one must remain.
    const lineaConduceDespacho = pendientes
      .map((p) => ({
        idLineaFactura: p.idLineaFactura,
        cantidadDespachada: cantidades[p.idLineaFactura] ?? 0,
      }))
      .filter((l) => aDiezMilesimas(l.cantidadDespachada) > 0);
    if (!idFactura || lineaConduceDespacho.length === 0) {
      setError(MENSAJE_DESPACHO_SIN_LINEAS);
      return;
    }
    setError(null);
    try {
      const { conduceDespachoDb, solicitudDuplicada } = await crear.mutateAsync({
        identificadorUnico,
        idFactura,
        idChofer,
        fecha: dia,
        nota,
        lineaConduceDespacho,
      });
      if (solicitudDuplicada) {
        avisarDuplicado();
        return;
      }
      avisarGuardado(`Conduce de despacho ${conduceDespachoDb.numeroConduceDespacho} guardado.`);
      // Spec 001 §2: saving a dispatch note goes back to the list.
      void navegar(LISTA_DE_DESPACHOS);
    } catch (e) {
      mostrarErrorDeGuardado(e, undefined, MENSAJE_ERROR_AL_GUARDAR_DESPACHO);
      setError(e instanceof Error ? e.message : MENSAJE_ERROR_AL_GUARDAR_DESPACHO);
    }
  }

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Stack gap="md" maw={1100} mx="auto">
        <Title order={2}>Nuevo conduce de despacho</Title>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <SelectorDeFactura idFactura={idFactura} idCliente={null} alElegir={elegirFactura} />
              <SelectorDeChofer valor={idChofer} alCambiar={setIdChofer} />
              <DateInput
                label="Fecha"
                valueFormat="DD/MM/YYYY"
                value={dia}
                onChange={(v) => v && setDia(String(v).slice(0, 10))}
              />
              <Textarea
                label="Nota"
                placeholder="Indicaciones para la entrega"
                autosize
                minRows={1}
                maxLength={1000}
                value={nota}
                onChange={(e) => setNota(e.currentTarget.value)}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        {idFactura && (
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              {factura && (
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Text fw={600}>
                      Factura <span style={{ fontFamily: 'monospace' }}>{factura.comprobante}</span>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {factura.nombre || 'Consumidor final'} · {fecha(factura.fechaEmision)} ·{' '}
                      {dinero(factura.total)}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      {previos === 0
                        ? 'Sin despachos anteriores'
                        : `${previos} ${previos === 1 ? 'despacho anterior' : 'despachos anteriores'}`}
                    </Text>
                    <Button
                      variant="light"
                      size="xs"
                      disabled={nadaPendiente}
                      onClick={() =>
                        setCantidades(
                          Object.fromEntries(pendientes.map((p) => [p.idLineaFactura, p.pendiente])),
                        )
                      }
                    >
                      Despachar todo lo pendiente
                    </Button>
                  </Group>
                </Group>
              )}
              {deLaFactura.error && (
                <Alert color="red" variant="light" role="alert">
                  {deLaFactura.error.message}
                </Alert>
              )}
              {deLaFactura.isPending ? (
                <Text size="sm" c="dimmed">
                  Leyendo la factura…
                </Text>
              ) : (
                <div style={{ overflowX: 'auto' }}>
                  <TablaDePendientes
                    pendientes={pendientes}
                    cantidades={cantidades}
                    alCambiar={(id, valor) => {
                      setCantidades((previas) => ({ ...previas, [id]: valor }));
                      setError(null);
                    }}
                  />
                </div>
              )}
              {nadaPendiente && (
                <Alert color="teal" variant="light">
                  Esta factura ya se despachó completa.
                </Alert>
              )}
              {factura && factura.estado !== 'Activo' && (
                <Alert color="yellow" variant="light">
                  La factura no está activa; no se puede despachar.
                </Alert>
              )}
            </Stack>
          </Paper>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navegar(-1)}>
            Cancelar
          </Button>
          <BotonEscritura
            loading={crear.isPending}
            disabled={!puedeGuardar || !idFactura}
            onClick={() => void guardar()}
          >
            Guardar
          </BotonEscritura>
        </Group>
      </Stack>
    </DatesProvider>
  );
}
