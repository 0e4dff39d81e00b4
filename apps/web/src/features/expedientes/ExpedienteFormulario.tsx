import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Button, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import {
  CabeceraExpedienteEntrada,
  contactos,
  type DetalleExpediente,
  expedientesApi,
  MENSAJE_EXPEDIENTE_NO_ACTUALIZADO,
  numeracion,
} from '@pos/contract';
import { datosDePlantilla, fechaYHoraEnSantoDomingo } from '@pos/domain';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { useConfiguracionGeneral } from '../../app/useEmpresa.ts';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { lineasDelCuerpo, type ProcesoForm, procesosDe, procesoVacio, tareaVacia } from './modelo.ts';
import { ProcesoEditor } from './ProcesoEditor.tsx';
import { expedienteQueries } from './queries.ts';
import { rutaDeVista } from './rutas.ts';

const ahora = () => fechaYHoraEnSantoDomingo(new Date());

type Campo = 'nombre' | 'numeroDeIdentificacion' | 'correo' | 'telefono' | 'movil' | 'direccion';
const CAMPOS_DEL_CLIENTE: Array<{ campo: Campo; etiqueta: string }> = [
  { campo: 'nombre', etiqueta: 'Nombre' },
  { campo: 'numeroDeIdentificacion', etiqueta: 'Cédula o RNC' },
  { campo: 'telefono', etiqueta: 'Teléfono' },
  { campo: 'movil', etiqueta: 'Móvil' },
  { campo: 'correo', etiqueta: 'Correo' },
  { campo: 'direccion', etiqueta: 'Dirección' },
];

/**
 * The case-file form (spec 002 §3 "Case file"): the client (a contact; its data is copied and may be
 * corrected), dates, numbering and a note, and the processes with their tasks, documents, attachments
 * and timeline. `guardado`: the case file being edited (PUT /expediente/{id}).
 */
export function ExpedienteFormulario({ guardado }: { guardado?: DetalleExpediente }) {
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const general = useConfiguracionGeneral();
  const c = guardado?.expedienteCabecera;
  const [cliente, setCliente] = useState<ClienteElegido | null>(
    c ? ({ _id: c.idCliente, nombre: c.nombre, rnc: c.numeroDeIdentificacion } as ClienteElegido) : null,
  );
  const [datos, setDatos] = useState<Record<Campo, string>>({
    nombre: c?.nombre ?? '',
    numeroDeIdentificacion: c?.numeroDeIdentificacion ?? '',
    correo: c?.correo ?? '',
    telefono: c?.telefono ?? '',
    movil: c?.movil ?? '',
    direccion: c?.direccion ?? '',
  });
  const [fechaEmision, setFechaEmision] = useState(c?.fechaEmision ?? ahora().fecha);
  const [hora, setHora] = useState(c?.hora ?? ahora().hora.slice(0, 5));
  const [vencimiento, setVencimiento] = useState<string | null>(c?.vencimiento ?? null);
  const [nota, setNota] = useState(c?.nota ?? '');
  const [idNumeracion, setIdNumeracion] = useState<string | null>(null);
  const [procesos, setProcesos] = useState<ProcesoForm[]>(() =>
    guardado ? procesosDe(guardado) : [{ ...procesoVacio(), tareas: [tareaVacia()] }],
  );
  const [identificadorUnico, setIdentificadorUnico] = useState(() => crypto.randomUUID());
  const numeraciones = useQuery({
    queryKey: ['numeraciones', 'expediente'],
    queryFn: async ({ signal }) =>
      (await api(numeracion.listar, { signal })).filter((n) => n.tipoDeDocumento === 'expediente'),
    enabled: !guardado,
    retry: false,
  });

  // Spec 002 §3: the client's data comes from the contact, read when it is chosen.
  async function elegirCliente(elegido: ClienteElegido | null) {
    setCliente(elegido);
    if (!elegido) {
      return;
    }
    try {
      const contacto = await api(contactos.obtener, { params: { id: elegido._id } });
      setDatos({
        nombre: [contacto.nombre, contacto.apellidos].filter(Boolean).join(' '),
        numeroDeIdentificacion: contacto.rnc,
        correo: contacto.correo,
        telefono: contacto.telefono,
        movil: contacto.movil,
        direccion: contacto.direccion,
      });
    } catch {
      setDatos((d) => ({ ...d, nombre: elegido.nombre, numeroDeIdentificacion: elegido.rnc }));
    }
  }

  const empresa = general?.configGeneral[0];
  // A new case file has no number yet: its mark stays in the text and the server fills it on save.
  const datosDeLasPlantillas = {
    ...datosDePlantilla({
      ...datos,
      comprobante: c?.comprobante ?? '',
      fechaEmision,
      empresa: {
        nombre: empresa?.nombre ?? '',
        rnc: empresa?.rnc ?? '',
        direccion: empresa?.direccion ?? '',
      },
    }),
    ...(c ? {} : { 'expediente.numero': '{{expediente.numero}}' }),
  };

  const errores = Object.fromEntries(
    CAMPOS_DEL_CLIENTE.map(({ campo }) => [
      campo,
      errorDeCampo(CabeceraExpedienteEntrada, campo, datos[campo]),
    ]),
  ) as Record<Campo, string | null>;
  const errorNota = errorDeCampo(CabeceraExpedienteEntrada, 'nota', nota);
  const errorVencimiento =
    vencimiento && vencimiento < fechaEmision
      ? 'El vencimiento no puede ser anterior a la fecha de emisión'
      : null;
  const procesosSinNombre = procesos.some((p) => !p.nombre.trim());
  const hayErrores =
    !cliente ||
    Object.values(errores).some(Boolean) ||
    errorNota !== null ||
    errorVencimiento !== null ||
    procesosSinNombre;

  const guardar = useMutation({
    mutationFn: async () => {
      const expedienteCabecera = {
        idCliente: cliente?._id ?? '',
        ...Object.fromEntries(CAMPOS_DEL_CLIENTE.map(({ campo }) => [campo, datos[campo].trim()])),
        nota: nota.trim(),
        fechaEmision,
        hora,
        vencimiento,
      };
      const lineasExpediente = lineasDelCuerpo(procesos);
      if (guardado) {
        const r = await api(expedientesApi.actualizar, {
          params: { id: guardado.expedienteCabecera._id },
          body: { expedienteCabecera, lineasExpediente },
        });
        return { detalle: r, mensaje: r.message, duplicado: false };
      }
      const r = await api(expedientesApi.crear, {
        body: {
          identificadorUnico,
          expedienteCabecera: { ...expedienteCabecera, ...(idNumeracion ? { idNumeracion } : {}) },
          lineasExpediente,
        },
      });
      return { detalle: r, mensaje: r.message, duplicado: r.solicitudDuplicada };
    },
    onSuccess: async ({ detalle, mensaje, duplicado }) => {
      await queryClient.invalidateQueries({ queryKey: expedienteQueries.all() });
      if (duplicado) {
        avisarDuplicado();
        setIdentificadorUnico(crypto.randomUUID());
        return;
      }
      notifications.show({ color: 'green', message: mensaje, autoClose: 1500 });
      void navegar(rutaDeVista(detalle.expedienteCabecera._id));
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        // Spec 002 §8 "Update failures": 'No se actualizo' / 'hemos tenido un problema en los campos obligatorios'.
        title: guardado ? 'No se actualizo' : 'Error de Datos Requeridos',
        message: error.message || MENSAJE_EXPEDIENTE_NO_ACTUALIZADO,
        autoClose: 5200,
      }),
  });

  const predeterminada = numeraciones.data?.find((n) => n.predeterminado);
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <SelectorDeCliente
              valor={cliente}
              alCambiar={(v) => void elegirCliente(v)}
              placeholder="Busca el cliente por nombre o RNC"
              error={guardar.isError && !cliente ? 'Debes elegir el cliente del expediente' : undefined}
            />
            <DateInput
              label="Fecha de emisión"
              valueFormat="DD/MM/YYYY"
              value={fechaEmision}
              onChange={(v) => v && setFechaEmision(String(v).slice(0, 10))}
            />
            <TextInput
              label="Hora"
              type="time"
              value={hora}
              onChange={(e) => setHora(e.currentTarget.value)}
            />
            <DateInput
              label="Vencimiento"
              placeholder="Sin vencimiento"
              valueFormat="DD/MM/YYYY"
              value={vencimiento}
              onChange={(v) => setVencimiento(v ? String(v).slice(0, 10) : null)}
              clearable
              error={errorVencimiento ?? undefined}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" mt="sm">
            {CAMPOS_DEL_CLIENTE.map(({ campo, etiqueta }) => (
              <CampoDeTexto
                key={campo}
                label={etiqueta}
                value={datos[campo]}
                onChange={(e) => {
                  const valor = e.currentTarget.value;
                  setDatos((d) => ({ ...d, [campo]: valor }));
                }}
                max={largoMaximo(CabeceraExpedienteEntrada, campo)}
                error={errores[campo] ?? undefined}
                disabled={!cliente}
              />
            ))}
          </SimpleGrid>
          <Grid gap="sm" mt="sm">
            <Grid.Col span={{ base: 12, md: 3 }}>
              {guardado ? (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    Número
                  </Text>
                  <Text ff="monospace" mt={6}>
                    {guardado.expedienteCabecera.comprobante}
                  </Text>
                </Stack>
              ) : (
                <Select
                  label="Numeración"
                  placeholder={
                    predeterminada
                      ? `${predeterminada.nombre} (${predeterminada.proximoComprobante})`
                      : 'La predeterminada'
                  }
                  data={(numeraciones.data ?? []).map((n) => ({
                    value: n._id,
                    label: `${n.nombre} (${n.proximoComprobante})`,
                  }))}
                  value={idNumeracion}
                  onChange={setIdNumeracion}
                  clearable
                  disabled={numeraciones.isError}
                />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <AreaDeTexto
                label="Nota"
                placeholder="De qué trata el expediente (opcional)"
                value={nota}
                onChange={(e) => setNota(e.currentTarget.value)}
                autosize
                minRows={1}
                max={largoMaximo(CabeceraExpedienteEntrada, 'nota')}
                error={errorNota ?? undefined}
              />
            </Grid.Col>
          </Grid>
        </Paper>
        <Group justify="space-between">
          <Title order={4}>Procesos</Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setProcesos((ps) => [...ps, procesoVacio()])}
          >
            Agregar proceso
          </Button>
        </Group>
        {procesos.length === 0 && (
          <Text size="sm" c="dimmed">
            Sin procesos todavía: agrega uno para llevar sus tareas, documentos y archivos.
          </Text>
        )}
        {procesos.map((p, i) => (
          <ProcesoEditor
            key={p.clave}
            proceso={p}
            numero={i + 1}
            datos={datosDeLasPlantillas}
            alCambiar={(cambio) =>
              setProcesos((ps) => ps.map((x) => (x.clave === p.clave ? { ...x, ...cambio } : x)))
            }
            alQuitar={() => setProcesos((ps) => ps.filter((x) => x.clave !== p.clave))}
          />
        ))}
        <Group justify="flex-end">
          {hayErrores && (
            <Text size="sm" c="dimmed">
              {!cliente
                ? 'Elige el cliente.'
                : procesosSinNombre
                  ? 'Cada proceso necesita su nombre.'
                  : 'Revisa los campos marcados.'}
            </Text>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            disabled={hayErrores}
            loading={guardar.isPending}
            onClick={() => guardar.mutate()}
          >
            {guardado ? 'Guardar cambios' : 'Guardar expediente'}
          </Button>
        </Group>
      </Stack>
    </DatesProvider>
  );
}
