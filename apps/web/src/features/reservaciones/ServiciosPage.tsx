import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Modal,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  ESTADOS_DE_RESERVACION,
  type EstadoDeReservacion,
  LIMITE_RESERVACIONES,
  MENSAJE_MOTIVO_CAMBIO,
  productos,
  type Reservacion,
  reservaciones,
} from '@pos/contract';
import { estadosSiguientes, fechaYHoraEnSantoDomingo, reprogramacionDeReservacion } from '@pos/domain';
import { IconCalendarTime, IconExternalLink, IconHistory, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useSesion } from '../../app/sesion.ts';
import { fechaHora } from '../../ui/formato.ts';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { ModalReprogramar } from './ModalReprogramar.tsx';
import { RESERVAR } from './rutas.ts';

// Spec 002 §2 /reservaciones/servicios, §7 "Reservations"; spec 000 §2 (POS dropdown «Reservaciones»),
// §6 (puntoDeVentas.ver). The staff's reservations by day and state; each change of state asks its
// reason, which the history keeps.

const COLOR_DE_ESTADO: Record<EstadoDeReservacion, string> = {
  Pendiente: 'yellow',
  Confirmada: 'blue',
  Completada: 'green',
  Cancelada: 'gray',
};
/** What the button that moves a reservation to each state says. */
const ACCION_HACIA: Record<EstadoDeReservacion, string> = {
  Pendiente: 'Pendiente',
  Confirmada: 'Confirmar',
  Completada: 'Completar',
  Cancelada: 'Cancelar',
};

function EstadoDeReservacionBadge({ estado }: { estado: EstadoDeReservacion }) {
  return (
    <Badge color={COLOR_DE_ESTADO[estado]} variant="light">
      {estado}
    </Badge>
  );
}

type Cambio = { reservacion: Reservacion; nuevoEstado: EstadoDeReservacion };

function ModalCambio({ cambio, alCerrar }: { cambio: Cambio | null; alCerrar: () => void }) {
  const cliente = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cambiar = useMutation({
    mutationFn: (c: Cambio) =>
      api(reservaciones.cambiarEstado, {
        params: { id: c.reservacion._id },
        body: { nuevoEstado: c.nuevoEstado, motivoCambio: motivo },
      }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: `Reservación de ${r.nombreCliente}: ${r.estado}` });
      setMotivo('');
      alCerrar();
    },
    onError: (e) => setError(e.message),
    onSettled: () => cliente.invalidateQueries({ queryKey: ['reservaciones'] }),
  });
  return (
    <Modal
      opened={cambio !== null}
      onClose={() => {
        setError(null);
        alCerrar();
      }}
      title={cambio ? `${ACCION_HACIA[cambio.nuevoEstado]} la reservación` : ''}
      centered
    >
      {cambio && (
        <Stack gap="sm">
          <Text size="sm">
            {cambio.reservacion.nombreCliente} · {cambio.reservacion.nombreServicio} ·{' '}
            {cambio.reservacion.fecha} {cambio.reservacion.horaDeInicio}
          </Text>
          <Textarea
            label="Motivo del cambio"
            data-autofocus
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              Volver
            </Button>
            <Button
              color={cambio.nuevoEstado === 'Cancelada' ? 'red' : undefined}
              loading={cambiar.isPending}
              onClick={() => {
                if (!motivo.trim()) {
                  setError(MENSAJE_MOTIVO_CAMBIO);
                  return;
                }
                setError(null);
                cambiar.mutate(cambio);
              }}
            >
              {ACCION_HACIA[cambio.nuevoEstado]}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ModalHistorial({
  reservacion,
  alCerrar,
}: {
  reservacion: Reservacion | null;
  alCerrar: () => void;
}) {
  return (
    <Modal opened={reservacion !== null} onClose={alCerrar} title="Historial de la reservación" centered>
      {reservacion && (
        <Stack gap="sm">
          <Text size="sm">
            {reservacion.nombreCliente} · {reservacion.telefonoCliente}
            {reservacion.nota && (
              <>
                <br />
                <Text span c="dimmed" size="sm">
                  Nota: {reservacion.nota}
                </Text>
              </>
            )}
          </Text>
          <Timeline bulletSize={14} lineWidth={2} active={reservacion.historial.length}>
            {reservacion.historial.map((h) => (
              <Timeline.Item key={`${h.fecha}-${h.nuevoEstado}`} title={h.nuevoEstado}>
                <Text size="sm">{h.motivoCambio}</Text>
                <Text size="xs" c="dimmed">
                  {fechaHora(h.fecha)} · {h.usuario}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Modal>
  );
}

export default function ServiciosPage() {
  const sesion = useSesion();
  const [fecha, setFecha] = useState(() => fechaYHoraEnSantoDomingo(new Date()).fecha);
  const [estado, setEstado] = useState<string>('');
  const [idServicio, setIdServicio] = useState<string | null>(null);
  const [texto, setTexto] = useState('');
  const [buscado] = useDebouncedValue(texto, 300);
  const [pagina, setPagina] = useState(1);
  const [cambio, setCambio] = useState<Cambio | null>(null);
  const [historial, setHistorial] = useState<Reservacion | null>(null);
  const [aReprogramar, setAReprogramar] = useState<Reservacion | null>(null);

  const servicios = useQuery({
    queryKey: ['reservaciones', 'servicios'],
    queryFn: ({ signal }) => api(productos.serviciosReservables, { body: { limit: 500 }, signal }),
  });
  const consulta = useQuery({
    queryKey: ['reservaciones', 'lista', fecha, estado, idServicio, buscado, pagina],
    queryFn: ({ signal }) =>
      api(reservaciones.lista, {
        body: {
          fecha: fecha || null,
          estado: estado as EstadoDeReservacion | '',
          idServicio,
          input: buscado,
          page: pagina,
          limit: LIMITE_RESERVACIONES,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const filas = consulta.data?.res ?? [];
  const paginas = Math.max(1, Math.ceil((consulta.data?.totalRows ?? 0) / LIMITE_RESERVACIONES));

  return (
    <Stack p="sm" gap="sm" h="100%" style={{ display: 'flex' }}>
      <EncabezadoPos titulo="Reservaciones">
        {sesion && (
          <Anchor href={`${RESERVAR}?lista=${sesion.tenantId}`} target="_blank" rel="noopener" size="sm">
            <Group gap={4}>
              Página pública de reservaciones <IconExternalLink size={14} />
            </Group>
          </Anchor>
        )}
      </EncabezadoPos>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="date"
          label="Día"
          value={fecha}
          onChange={(e) => {
            setFecha(e.currentTarget.value);
            setPagina(1);
          }}
          w={170}
          description={fecha ? undefined : 'De hoy en adelante'}
        />
        <Select
          label="Estado"
          data={[
            { value: '', label: 'Todos' },
            ...ESTADOS_DE_RESERVACION.map((e) => ({ value: e, label: e })),
          ]}
          value={estado}
          onChange={(v) => {
            setEstado(v ?? '');
            setPagina(1);
          }}
          allowDeselect={false}
          w={160}
        />
        <Select
          label="Servicio"
          placeholder="Todos"
          clearable
          data={(servicios.data?.res ?? []).map((s) => ({ value: s._id, label: s.nombre }))}
          value={idServicio}
          onChange={(v) => {
            setIdServicio(v);
            setPagina(1);
          }}
          w={220}
        />
        <TextInput
          label="Cliente"
          placeholder="Nombre o teléfono"
          leftSection={<IconSearch size={16} />}
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setPagina(1);
          }}
          w={220}
        />
        <Button variant="subtle" onClick={() => setFecha('')} disabled={!fecha}>
          De hoy en adelante
        </Button>
      </Group>
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <ScrollArea h="100%" type="auto">
          <Table stickyHeader highlightOnHover verticalSpacing={8} fz="sm" aria-label="Reservaciones">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Servicio</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th ta="right">Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((r) => (
                <Table.Tr key={r._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {r.fecha.split('-').reverse().join('/')}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} ff="monospace">
                    {r.horaDeInicio}–{r.horaDeCierre}
                  </Table.Td>
                  <Table.Td>{r.nombreServicio}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {r.nombreCliente}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.telefonoCliente}
                      {r.idCliente ? ' · contacto registrado' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <EstadoDeReservacionBadge estado={r.estado} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {estadosSiguientes(r.estado).map((siguiente) => (
                        <Button
                          key={siguiente}
                          size="compact-sm"
                          variant={siguiente === 'Cancelada' ? 'subtle' : 'light'}
                          color={siguiente === 'Cancelada' ? 'red' : COLOR_DE_ESTADO[siguiente]}
                          onClick={() => setCambio({ reservacion: r, nuevoEstado: siguiente })}
                        >
                          {ACCION_HACIA[siguiente]}
                        </Button>
                      ))}
                      {reprogramacionDeReservacion(r.estado).permitido && (
                        <Tooltip label="Reprogramar">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Reprogramar la reservación de ${r.nombreCliente}`}
                            onClick={() => setAReprogramar(r)}
                          >
                            <IconCalendarTime size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      <Tooltip label="Historial">
                        <ActionIcon variant="subtle" aria-label="Historial" onClick={() => setHistorial(r)}>
                          <IconHistory size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {filas.length === 0 && (
            <Center p="xl">
              <Text c={consulta.isError ? 'red' : 'dimmed'}>
                {consulta.isPending
                  ? 'Cargando…'
                  : consulta.isError
                    ? consulta.error.message
                    : 'No hay reservaciones con estos filtros'}
              </Text>
            </Center>
          )}
        </ScrollArea>
      </Paper>
      {paginas > 1 && (
        <Group justify="center">
          <Pagination total={paginas} value={pagina} onChange={setPagina} size="sm" />
        </Group>
      )}
      <ModalCambio cambio={cambio} alCerrar={() => setCambio(null)} />
      <ModalHistorial reservacion={historial} alCerrar={() => setHistorial(null)} />
      <ModalReprogramar reservacion={aReprogramar} alCerrar={() => setAReprogramar(null)} />
    </Stack>
  );
}
