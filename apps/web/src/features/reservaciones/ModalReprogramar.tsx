import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MENSAJE_MOTIVO_REPROGRAMACION, type Reservacion, reservaciones } from '@pos/contract';
import { fechaYHoraEnSantoDomingo, formatearFecha } from '@pos/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';

// docs/reservaciones.md «Reprogramar»: the staff move a Pendiente or Confirmada booking to another free
// time of its service; the server checks the time again (another booking may take it meanwhile).

function Formulario({ reservacion, alCerrar }: { reservacion: Reservacion; alCerrar: () => void }) {
  const cliente = useQueryClient();
  const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
  const [fecha, setFecha] = useState(reservacion.fecha < hoy ? hoy : reservacion.fecha);
  const [hora, setHora] = useState<string | null>(null);
  const [motivo, setMotivo] = useState('');
  const [errores, setErrores] = useState<{ hora?: string; motivo?: string }>({});
  const disponibilidad = useQuery({
    queryKey: ['reservaciones', 'disponibilidad', reservacion.idServicio, fecha],
    queryFn: ({ signal }) =>
      api(reservaciones.disponibilidad, { body: { idServicio: reservacion.idServicio, fecha }, signal }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(fecha),
  });
  const libres = (disponibilidad.data?.huecos ?? []).filter((h) => h.libre);
  const reprogramar = useMutation({
    mutationFn: () =>
      api(reservaciones.reprogramar, {
        params: { id: reservacion._id },
        body: { fecha, horaDeInicio: hora ?? '', motivoCambio: motivo },
      }),
    onSuccess: (r) => {
      notifications.show({
        color: 'green',
        message: `Reservación de ${r.nombreCliente} reprogramada al ${formatearFecha(r.fecha)} a las ${r.horaDeInicio}.`,
      });
      alCerrar();
    },
    // A time taken meanwhile, or the server's reason: next to the time, and the slots read again.
    onError: (e) => setErrores({ hora: e.message }),
    onSettled: () => cliente.invalidateQueries({ queryKey: ['reservaciones'] }),
  });
  const sinHuecos = disponibilidad.isSuccess && libres.length === 0;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {reservacion.nombreCliente} · {reservacion.nombreServicio} · ahora el{' '}
        {formatearFecha(reservacion.fecha)} a las {reservacion.horaDeInicio}
      </Text>
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label="Nuevo día"
          min={hoy}
          value={fecha}
          onChange={(e) => {
            setFecha(e.currentTarget.value);
            setHora(null);
          }}
        />
        <Select
          label="Nueva hora"
          placeholder={
            disponibilidad.isPending ? 'Buscando horas…' : sinHuecos ? 'Sin horas libres' : 'Elija una hora'
          }
          data={libres.map((h) => ({ value: h.horaDeInicio, label: `${h.horaDeInicio}–${h.horaDeCierre}` }))}
          value={hora}
          onChange={setHora}
          disabled={libres.length === 0}
          error={
            errores.hora ??
            (disponibilidad.data && !disponibilidad.data.abierto
              ? 'El servicio no atiende ese día'
              : undefined)
          }
        />
      </Group>
      <Textarea
        label="Motivo de la reprogramación"
        autosize
        minRows={2}
        maxLength={500}
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        error={errores.motivo}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={alCerrar}>
          Volver
        </Button>
        <Button
          loading={reprogramar.isPending}
          onClick={() => {
            const faltan = {
              ...(hora ? {} : { hora: 'Elija la nueva hora' }),
              ...(motivo.trim() ? {} : { motivo: MENSAJE_MOTIVO_REPROGRAMACION }),
            };
            setErrores(faltan);
            if (Object.keys(faltan).length === 0) {
              reprogramar.mutate();
            }
          }}
        >
          Reprogramar
        </Button>
      </Group>
    </Stack>
  );
}

export function ModalReprogramar({
  reservacion,
  alCerrar,
}: {
  reservacion: Reservacion | null;
  alCerrar: () => void;
}) {
  return (
    <Modal opened={reservacion !== null} onClose={alCerrar} title="Reprogramar la reservación" centered>
      {reservacion && <Formulario key={reservacion._id} reservacion={reservacion} alCerrar={alCerrar} />}
    </Modal>
  );
}
