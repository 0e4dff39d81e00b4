import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  MENSAJE_NO_ABRIR_OTRO,
  MENSAJE_NO_EXISTE_TURNO,
  MENSAJE_TURNO_CERRADO_DETALLE,
  type Terminal,
  type Turno,
} from '@pos/contract';
import { aCentavos, aPesos, diferenciaDeCaja } from '@pos/domain';
import {
  IconAlertTriangle,
  IconCashRegister,
  IconCircleCheck,
  IconClockPlay,
  IconClockStop,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorDeApi } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { Cargando } from '../../ui/Cargando.tsx';
import { dinero, fechaHora } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { formatoDelUsuario } from '../facturas/Recibo.tsx';
import {
  type Conteo,
  ConteoDeEfectivo,
  conteoVacio,
  desgloseDelConteo,
  totalDelConteo,
} from './ConteoDeEfectivo.tsx';
import { turnoQueries, useAbrirTurno, useCerrarTurno } from './queries.ts';
import { ReporteDelTurno } from './ReporteDelTurno.tsx';
import { movimientosDelTurno } from './ReporteEnRollo.tsx';
import type { EstadoHaciaTurnos } from './rutas.ts';

/** The POS screen the cashier returns to once a shift is open. */
const PUNTO_DE_VENTA = '/vistas_pos/facturacion';

function terminalInicial(lista: readonly Terminal[], idUsuario: string): string | null {
  const vinculado = lista.find((t) => t.usuariosViculados.includes(idUsuario));
  return (vinculado ?? lista.find((t) => t.predeterminado) ?? lista[0])?._id ?? null;
}

/** Counted − expected, coloured: red when cash is missing, green when over (spec 002 §3 diferencia). */
export function Diferencia({ esperado, contado }: { esperado: number; contado: number | null }) {
  if (contado === null) {
    return (
      <Text fw={700} ff="monospace" data-testid="diferencia">
        —
      </Text>
    );
  }
  const diferencia = aPesos(diferenciaDeCaja(aCentavos(contado), aCentavos(esperado)));
  const color = diferencia < 0 ? 'red.7' : diferencia > 0 ? 'green.7' : undefined;
  return (
    <Stack gap={0} align="flex-end">
      <Text fw={700} ff="monospace" c={color} data-testid="diferencia">
        {dinero(diferencia)}
      </Text>
      <Text size="xs" c={color ?? 'dimmed'}>
        {diferencia < 0 ? 'Faltante' : diferencia > 0 ? 'Sobrante' : 'Cuadra'}
      </Text>
    </Stack>
  );
}

function Resumen({ turno }: { turno: Turno }) {
  return (
    <Stack gap={4}>
      {movimientosDelTurno(turno).map((m) => (
        <Group key={m.etiqueta} justify="space-between" gap="sm">
          <Text size="sm" c={m.monto === 0 ? 'dimmed' : undefined}>
            {m.etiqueta}
          </Text>
          <Text size="sm" ff="monospace" c={m.monto === 0 ? 'dimmed' : undefined}>
            {dinero(m.monto)}
          </Text>
        </Group>
      ))}
      <Group justify="space-between" gap="sm" mt={4}>
        <Text size="sm" fw={700}>
          Total vendido ({turno.cantidadDeFacturas} {turno.cantidadDeFacturas === 1 ? 'factura' : 'facturas'})
        </Text>
        <Text size="sm" fw={700} ff="monospace">
          {dinero(turno.totalGral)}
        </Text>
      </Group>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={700}>
          Efectivo esperado en caja
        </Text>
        <Text size="sm" fw={700} ff="monospace">
          {dinero(turno.totalEnCaja)}
        </Text>
      </Group>
    </Stack>
  );
}

function avisar(titulo: string, mensaje: string, detalle?: string) {
  modals.open({
    title: titulo,
    centered: true,
    children: (
      <Stack gap="sm">
        <Text size="sm">{mensaje}</Text>
        {detalle && (
          <Text size="sm" c="dimmed">
            {detalle}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={() => modals.closeAll()}>Entendido</Button>
        </Group>
      </Stack>
    ),
  });
}

function AbrirTurno({ idUsuario, alAbrir }: { idUsuario: string; alAbrir: (turno: Turno) => void }) {
  const terminales = useQuery(turnoQueries.terminales());
  const abrir = useAbrirTurno();
  const [idTerminal, setIdTerminal] = useState<string | null>(null);
  const [conteo, setConteo] = useState<Conteo>(conteoVacio);
  const [descripcion, setDescripcion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lista = terminales.data ?? [];
  const elegido = idTerminal ?? terminalInicial(lista, idUsuario);
  const total = totalDelConteo(conteo);

  async function confirmar() {
    if (!elegido) {
      setError('Debes elegir el terminal del turno');
      return;
    }
    try {
      const turno = await abrir.mutateAsync({
        idTerminalRef: elegido,
        desgloseDeEfectivoApertura: desgloseDelConteo(conteo),
        descripcion: descripcion.trim(),
      });
      alAbrir(turno);
    } catch (e) {
      // Spec 002 §8: opening when one exists shows the server's message, the open shift's date and that
      // no other can be opened until it is closed.
      if (e instanceof ErrorDeApi && e.datos.existeUnTurnoAbierto === true) {
        const abierto = e.datos.turno as Partial<Turno> | undefined;
        avisar(
          e.message,
          MENSAJE_NO_ABRIR_OTRO,
          abierto?.fechaDeInicio ? `Turno abierto el ${fechaHora(abierto.fechaDeInicio)}.` : undefined,
        );
        return;
      }
      notifications.show({
        color: 'red',
        title: 'No se abrió el turno',
        message: e instanceof Error ? e.message : '',
        autoClose: 5200,
      });
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Abrir turno</Title>
          <Text size="sm" c="dimmed">
            Cuenta el efectivo con el que empieza la caja.
          </Text>
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Select
              label="Terminal"
              placeholder={terminales.isPending ? 'Cargando…' : 'Elige el terminal'}
              data={lista.map((t) => ({ value: t._id, label: t.nombre }))}
              value={elegido}
              onChange={(v) => {
                setIdTerminal(v);
                setError(null);
              }}
              allowDeselect={false}
              error={error ?? terminales.error?.message}
              nothingFoundMessage="No hay terminales activos"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Textarea
              label="Descripción"
              placeholder="Opcional"
              autosize
              minRows={1}
              maxLength={500}
              value={descripcion}
              onChange={(e) => setDescripcion(e.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
        <ConteoDeEfectivo conteo={conteo} alCambiar={setConteo} deshabilitado={abrir.isPending} />
        <Group justify="flex-end">
          <BotonEscritura
            leftSection={<IconClockPlay size={16} />}
            loading={abrir.isPending}
            disabled={total === null}
            onClick={() => void confirmar()}
          >
            Abrir turno con {total === null ? '—' : dinero(aPesos(total))}
          </BotonEscritura>
        </Group>
      </Stack>
    </Paper>
  );
}

function CerrarTurno({
  turno,
  idUsuario,
  alCerrar,
}: {
  turno: Turno;
  idUsuario: string;
  alCerrar: (turno: Turno) => void;
}) {
  const cerrar = useCerrarTurno();
  const [conteo, setConteo] = useState<Conteo>(conteoVacio);
  const [detalles, setDetalles] = useState('');
  const total = totalDelConteo(conteo);
  // Nothing typed yet is not a count of zero: no difference is shown until the cashier counts.
  const sinContar = Object.values(conteo).every((cantidad) => cantidad === null);
  const contado = total === null || sinContar ? null : aPesos(total);

  async function enviar() {
    try {
      const cerrado = await cerrar.mutateAsync({
        idUsuario,
        body: { desgloseDeEfectivo: desgloseDelConteo(conteo), detallesDeCierre: detalles.trim() },
      });
      notifications.show({ color: 'green', message: 'Turno cerrado.', autoClose: 2400 });
      alCerrar(cerrado);
    } catch (e) {
      // Spec 002 §8: closing with none open.
      if (e instanceof ErrorDeApi && e.datos.noExisteUnTurnoAbierto === true) {
        avisar('No hay un turno abierto', MENSAJE_NO_EXISTE_TURNO);
        return;
      }
      notifications.show({
        color: 'red',
        title: 'No se cerró el turno',
        message: e instanceof Error ? e.message : '',
        autoClose: 5200,
      });
    }
  }

  function confirmar() {
    modals.openConfirmModal({
      title: 'Cerrar el turno',
      centered: true,
      children: (
        <Stack gap={4}>
          <Text size="sm">
            Efectivo esperado {dinero(turno.totalEnCaja)}, contado {contado === null ? '—' : dinero(contado)}.
          </Text>
          <Text size="sm" c="dimmed">
            Después de cerrarlo no se podrá facturar en el punto de venta hasta abrir otro turno.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Cerrar turno', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => void enviar(),
    });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Cerrar turno</Title>
          <Text size="sm" c="dimmed">
            Cuenta el efectivo de la caja.
          </Text>
        </Group>
        <ConteoDeEfectivo conteo={conteo} alCambiar={setConteo} deshabilitado={cerrar.isPending} />
        <SimpleGrid cols={3} spacing="xs">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Esperado
            </Text>
            <Text fw={700} ff="monospace" data-testid="esperado">
              {dinero(turno.totalEnCaja)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Contado
            </Text>
            <Text fw={700} ff="monospace">
              {contado === null ? '—' : dinero(contado)}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Diferencia
            </Text>
            <Diferencia esperado={turno.totalEnCaja} contado={contado} />
          </Stack>
        </SimpleGrid>
        <Textarea
          label="Notas de cierre"
          placeholder="Explica un faltante o sobrante (opcional)"
          autosize
          minRows={2}
          maxLength={1000}
          value={detalles}
          onChange={(e) => setDetalles(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <BotonEscritura
            color="red"
            leftSection={<IconClockStop size={16} />}
            loading={cerrar.isPending}
            disabled={contado === null}
            onClick={confirmar}
          >
            Cerrar turno
          </BotonEscritura>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /vistas_pos/detalles_turnos: open or close the signed-in user's shift and see its report (spec 002 §2). */
export default function TurnosPage() {
  const { perfil } = usePerfil();
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const idUsuario = perfil?._id ?? '';
  const actual = useQuery({ ...turnoQueries.actual(idUsuario), enabled: idUsuario !== '' });
  const [cerrado, setCerrado] = useState<Turno | null>(null);
  // The opening is confirmed inline next to the state badge, not in a toast: at 1366×768 a top-right
  // toast covered «Ir al punto de venta», the action the cashier wants next.
  const [abiertoAhora, setAbiertoAhora] = useState<Turno | null>(null);
  const mensaje = (ubicacion.state as EstadoHaciaTurnos | null)?.mensaje;
  const formato = formatoDelUsuario(perfil);

  if (!perfil || actual.isPending) {
    return <Cargando />;
  }
  if (actual.error) {
    return (
      <Text c="red" role="alert" p="md">
        {actual.error.message}
      </Text>
    );
  }
  const turno = actual.data.estadoDelTurno ? actual.data.turnoEnCurso : null;
  return (
    <Stack gap="md" p="md" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>Turno</Title>
          <Badge color={turno ? 'green' : 'gray'} variant="light">
            {turno ? 'Abierto' : 'Sin turno abierto'}
          </Badge>
          {/* A live region present before the message, so screen readers announce it when it appears. */}
          <div role="status">
            {turno && abiertoAhora?._id === turno._id && (
              <Group gap={6} wrap="nowrap">
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
                <Text size="sm" c="green.8" fw={500}>
                  {`Turno abierto en ${abiertoAhora.nombreTerminal} con ${dinero(abiertoAhora.montoDeInicio)}.`}
                </Text>
              </Group>
            )}
          </div>
        </Group>
        {turno && (
          <Button leftSection={<IconCashRegister size={16} />} onClick={() => navegar(PUNTO_DE_VENTA)}>
            Ir al punto de venta
          </Button>
        )}
      </Group>
      {mensaje && !turno && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {mensaje.includes(MENSAJE_TURNO_CERRADO_DETALLE)
            ? mensaje
            : `${mensaje} ${MENSAJE_TURNO_CERRADO_DETALLE}`}
        </Alert>
      )}
      {cerrado && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={4}>Turno cerrado</Title>
              <Text size="sm" c="dimmed">
                {cerrado.nombreTerminal} · {fechaHora(cerrado.fechaDeInicio)} –{' '}
                {cerrado.fechaDeCierre ? fechaHora(cerrado.fechaDeCierre) : ''}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Text size="sm">
                Esperado: <b>{dinero(cerrado.totalEnCaja)}</b>
              </Text>
              <Text size="sm">
                Contado: <b>{dinero(cerrado.montoDeCierre ?? 0)}</b>
              </Text>
              <Group gap="xs" justify="flex-end">
                <Text size="sm">Diferencia:</Text>
                <Diferencia esperado={cerrado.totalEnCaja} contado={cerrado.montoDeCierre} />
              </Group>
            </SimpleGrid>
            <ReporteDelTurno turno={cerrado} formato={formato} />
          </Stack>
        </Paper>
      )}
      {turno ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap">
                    <Title order={4}>{turno.nombreTerminal}</Title>
                    <Text size="sm" c="dimmed">
                      {turno.nombreUsuario} · abierto el {fechaHora(turno.fechaDeInicio)}
                    </Text>
                  </Group>
                  {turno.descripcion && (
                    <Text size="sm" c="dimmed">
                      {turno.descripcion}
                    </Text>
                  )}
                  <Resumen turno={turno} />
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="md">
                <ReporteDelTurno turno={turno} formato={formato} />
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <CerrarTurno turno={turno} idUsuario={idUsuario} alCerrar={setCerrado} />
          </Grid.Col>
        </Grid>
      ) : (
        <AbrirTurno idUsuario={idUsuario} alAbrir={setAbiertoAhora} />
      )}
    </Stack>
  );
}
