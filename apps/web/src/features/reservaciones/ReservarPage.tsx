import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  CrearReservacion,
  productos,
  type ReservacionPublica,
  reservaciones,
  type ServicioReservable,
  SUGERENCIA_RESERVACION_NO_ENVIADA,
  TITULO_RESERVACION_NO_ENVIADA,
} from '@pos/contract';
import { diaDeLaSemana, fechaYHoraEnSantoDomingo, jornadaDelDia } from '@pos/domain';
import { IconCalendarCheck, IconCheck, IconClock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ErrorDeApi, tenantDeLaUrl } from '../../api/client.ts';
import { dinero } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';

// Spec 002 §2 /reservaciones/reservar?lista={tenantId}, §7 "Reservations", §8; docs/reservaciones.md.
// A visitor, usually on a phone, picks a service, a day and a free slot, leaves a name and a phone and
// books. The company comes from `?lista=`; no session is needed or read.

/** Days offered from today on. */
const DIAS_A_MOSTRAR = 21;
const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

function diasDesdeHoy(): string[] {
  const hoy = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  return Array.from({ length: DIAS_A_MOSTRAR }, (_, i) => {
    const dia = new Date(hoy);
    dia.setUTCDate(hoy.getUTCDate() + i);
    return dia.toISOString().slice(0, 10);
  });
}

function fechaLarga(fecha: string): string {
  const [, mes, dia] = fecha.split('-').map(Number);
  return `${diaDeLaSemana(fecha)} ${dia} de ${MESES[(mes ?? 1) - 1]}`;
}

/** Spec 002 §8: the info dialog with the server's message and the hint. */
function avisarNoEnviada(mensaje: string) {
  modals.open({
    title: TITULO_RESERVACION_NO_ENVIADA,
    centered: true,
    children: (
      <Stack gap="sm">
        <Text size="sm">{mensaje}</Text>
        <Text size="sm" fw={600}>
          {SUGERENCIA_RESERVACION_NO_ENVIADA}
        </Text>
        <Button onClick={() => modals.closeAll()}>Entendido</Button>
      </Stack>
    ),
  });
}

function TarjetaDeServicio({
  servicio,
  elegido,
  alElegir,
}: {
  servicio: ServicioReservable;
  elegido: boolean;
  alElegir: () => void;
}) {
  return (
    <UnstyledButton onClick={alElegir} aria-pressed={elegido} style={{ width: '100%' }}>
      <Paper
        withBorder
        p="sm"
        radius="md"
        style={{
          borderColor: elegido ? 'var(--mantine-color-blue-6)' : undefined,
          borderWidth: elegido ? 2 : 1,
        }}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{servicio.nombre}</Text>
            {servicio.descripcion && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {servicio.descripcion}
              </Text>
            )}
            <Group gap={6} mt={4}>
              <IconClock size={14} />
              <Text size="xs" c="dimmed">
                {servicio.duracionReserva} minutos
              </Text>
            </Group>
          </div>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {dinero(servicio.precioDeVenta)}
          </Text>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

function Confirmacion({
  reservacion,
  alTerminar,
}: {
  reservacion: ReservacionPublica;
  alTerminar: () => void;
}) {
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm" align="center" ta="center">
        <IconCalendarCheck size={48} color="var(--mantine-color-green-6)" />
        <Title order={3}>¡Reservación enviada!</Title>
        <Text>
          {reservacion.nombreServicio}
          <br />
          {fechaLarga(reservacion.fecha)}, de {reservacion.horaDeInicio} a {reservacion.horaDeCierre}
        </Text>
        <Text size="sm" c="dimmed">
          A nombre de {reservacion.nombreCliente} · {reservacion.telefonoCliente}. Queda pendiente de
          confirmación por el negocio.
        </Text>
        <Button variant="light" onClick={alTerminar}>
          Hacer otra reservación
        </Button>
      </Stack>
    </Card>
  );
}

export default function ReservarPage() {
  const tenantId = tenantDeLaUrl();
  const cliente = useQueryClient();
  const [idServicio, setIdServicio] = useState<string | null>(null);
  const [fecha, setFecha] = useState<string | null>(null);
  const [hora, setHora] = useState<string | null>(null);
  const [nombre, setNombre] = useState('');
  const [telefono, setTelefono] = useState('');
  const [nota, setNota] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [identificador, setIdentificador] = useState(nuevoIdentificador);
  const [hecha, setHecha] = useState<ReservacionPublica | null>(null);
  const dias = diasDesdeHoy();

  const servicios = useQuery({
    queryKey: ['reservar', tenantId, 'servicios'],
    queryFn: ({ signal }) =>
      api(productos.serviciosReservables, { body: { limit: 100 }, tenantId: tenantId ?? 0, signal }),
    enabled: tenantId !== undefined,
  });
  const servicio = servicios.data?.res.find((s) => s._id === idServicio);
  const disponibilidad = useQuery({
    queryKey: ['reservar', tenantId, 'disponibilidad', idServicio, fecha],
    queryFn: ({ signal }) =>
      api(reservaciones.disponibilidad, {
        body: { idServicio: idServicio ?? '', fecha: fecha ?? '' },
        tenantId: tenantId ?? 0,
        signal,
      }),
    enabled: tenantId !== undefined && idServicio !== null && fecha !== null,
  });

  const reservar = useMutation({
    mutationFn: (cuerpo: CrearReservacion) =>
      api(reservaciones.crear, { body: cuerpo, tenantId: tenantId ?? 0 }),
    onSuccess: (respuesta) => {
      setHecha(respuesta.reservacion);
      setIdentificador(nuevoIdentificador());
    },
    onError: (error) => {
      avisarNoEnviada(error instanceof ErrorDeApi ? error.message : 'No se pudo enviar la reservación.');
      setHora(null);
    },
    onSettled: () => cliente.invalidateQueries({ queryKey: ['reservar', tenantId, 'disponibilidad'] }),
  });

  if (tenantId === undefined) {
    return (
      <Alert color="red" title="Enlace incompleto" mt="xl">
        El enlace de reservaciones debe indicar la empresa (…/reservaciones/reservar?lista=número).
      </Alert>
    );
  }

  function enviar() {
    const cuerpo = {
      idServicio: idServicio ?? '',
      fecha: fecha ?? '',
      horaDeInicio: hora ?? '',
      nombreCliente: nombre,
      telefonoCliente: telefono,
      nota,
      identificadorUnico: identificador,
    };
    const revisado = CrearReservacion.safeParse(cuerpo);
    if (!revisado.success) {
      setErrores(
        Object.fromEntries(
          revisado.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]),
        ),
      );
      return;
    }
    setErrores({});
    reservar.mutate(revisado.data);
  }

  function empezarDeNuevo() {
    setHecha(null);
    setHora(null);
    setNota('');
  }

  if (hecha) {
    return <Confirmacion reservacion={hecha} alTerminar={empezarDeNuevo} />;
  }

  const libres = disponibilidad.data?.huecos.filter((h) => h.libre).length ?? 0;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Reservar una cita</Title>
        <Text c="dimmed" size="sm">
          Elija el servicio, el día y la hora; le confirmaremos por teléfono.
        </Text>
      </div>

      <Stack gap={6}>
        <Text fw={600}>1. Servicio</Text>
        {servicios.isPending && <Text c="dimmed">Cargando servicios…</Text>}
        {servicios.isError && <Text c="red">{servicios.error.message}</Text>}
        {servicios.data?.res.length === 0 && (
          <Text c="dimmed">Esta empresa todavía no tiene servicios para reservar.</Text>
        )}
        {servicios.data?.res.map((s) => (
          <TarjetaDeServicio
            key={s._id}
            servicio={s}
            elegido={s._id === idServicio}
            alElegir={() => {
              setIdServicio(s._id);
              setHora(null);
            }}
          />
        ))}
      </Stack>

      {servicio && (
        <Stack gap={6}>
          <Text fw={600}>2. Día</Text>
          <ScrollArea type="auto" offsetScrollbars>
            <Group gap={6} wrap="nowrap" pb={4}>
              {dias.map((dia) => {
                const atiende = jornadaDelDia(servicio, dia) !== null;
                const elegido = dia === fecha;
                return (
                  <Button
                    key={dia}
                    variant={elegido ? 'filled' : 'default'}
                    disabled={!atiende}
                    onClick={() => {
                      setFecha(dia);
                      setHora(null);
                    }}
                    h={56}
                    px="xs"
                    miw={58}
                    aria-label={fechaLarga(dia)}
                    aria-pressed={elegido}
                  >
                    <Stack gap={0} align="center">
                      <Text size="xs" inherit>
                        {diaDeLaSemana(dia).slice(0, 3)}
                      </Text>
                      <Text fw={700} inherit>
                        {Number(dia.slice(8, 10))}
                      </Text>
                    </Stack>
                  </Button>
                );
              })}
            </Group>
          </ScrollArea>
        </Stack>
      )}

      {servicio && fecha && (
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={600}>3. Hora · {fechaLarga(fecha)}</Text>
            {disponibilidad.data && (
              <Badge variant="light" color={libres > 0 ? 'green' : 'gray'}>
                {libres} {libres === 1 ? 'libre' : 'libres'}
              </Badge>
            )}
          </Group>
          {disponibilidad.isPending && <Text c="dimmed">Buscando horarios…</Text>}
          {disponibilidad.isError && <Text c="red">{disponibilidad.error.message}</Text>}
          {disponibilidad.data && disponibilidad.data.huecos.length === 0 && (
            <Text c="dimmed">No quedan horarios este día. Elija otro día.</Text>
          )}
          <SimpleGrid cols={{ base: 3, xs: 4 }} spacing={6} aria-label="Horarios">
            {disponibilidad.data?.huecos.map((h) => (
              <Button
                key={h.horaDeInicio}
                variant={h.horaDeInicio === hora ? 'filled' : h.libre ? 'light' : 'default'}
                disabled={!h.libre}
                onClick={() => setHora(h.horaDeInicio)}
                aria-pressed={h.horaDeInicio === hora}
                title={h.libre ? `De ${h.horaDeInicio} a ${h.horaDeCierre}` : 'Ocupado'}
                px={4}
              >
                {h.libre ? h.horaDeInicio : <s>{h.horaDeInicio}</s>}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      )}

      {servicio && fecha && hora && (
        <Card withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Text fw={600}>4. Sus datos</Text>
            <TextInput
              label="Nombre"
              autoComplete="name"
              value={nombre}
              onChange={(e) => setNombre(e.currentTarget.value)}
              error={errores.nombreCliente}
              maxLength={200}
            />
            <TextInput
              label="Teléfono"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="809-555-0000"
              value={telefono}
              onChange={(e) => setTelefono(e.currentTarget.value)}
              error={errores.telefonoCliente}
              maxLength={30}
            />
            <Textarea
              label="Nota (opcional)"
              autosize
              minRows={1}
              value={nota}
              onChange={(e) => setNota(e.currentTarget.value)}
              error={errores.nota}
              maxLength={500}
            />
            <Text size="sm" c="dimmed">
              {servicio.nombre} · {fechaLarga(fecha)} a las {hora}
            </Text>
            <Button
              size="md"
              leftSection={<IconCheck size={18} />}
              loading={reservar.isPending}
              onClick={enviar}
            >
              Reservar {hora}
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
