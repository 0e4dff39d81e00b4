import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { expedientesApi, type LineaExpediente, MENSAJE_MOTIVO_EXPEDIENTE, tienePermiso } from '@pos/contract';
import { plantillaDeExpediente } from '@pos/domain';
import {
  IconBan,
  IconChecklist,
  IconEdit,
  IconFileText,
  IconList,
  IconMail,
  IconPaperclip,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { ModalAnularDocumento } from '../../ui/documento/ModalAnularDocumento.tsx';
import { ModalCorreoDeDocumento } from '../../ui/documento/pdfYCorreo.tsx';
import { fecha, fechaHora } from '../../ui/formato.ts';
import { useModoLectura } from '../../ui/ModoLectura.tsx';
import { abrirArchivo } from './archivos.ts';
import { Conteo, EstadoDeExpedienteBadge, EstadoDeTarea, RESULTADO_DE_ANULACION } from './etiquetas.tsx';
import { ModalProcesos } from './ModalProcesos.tsx';
import { expedienteQueries, useAnularExpediente } from './queries.ts';
import { LISTA_EXPEDIENTES, rutaDeEdicion } from './rutas.ts';

function Dato({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {titulo}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </Stack>
  );
}

function abrir(ruta: string) {
  abrirArchivo(ruta).catch((error: unknown) =>
    notifications.show({
      color: 'red',
      title: 'No se abrió el archivo',
      message: error instanceof Error ? error.message : '',
      autoClose: 5200,
    }),
  );
}

/**
 * One process on the view: tasks, documents (to print or send by e-mail to `correo`, the client's),
 * attachments and its timeline beside them.
 */
function Proceso({ idExpediente, correo, l }: { idExpediente: string; correo: string; l: LineaExpediente }) {
  const [aEnviar, setAEnviar] = useState<{ _id: string; nombre: string } | null>(null);
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`Proceso ${l.numero}`}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600}>
            {l.numero}. {l.nombre}
          </Text>
          <EstadoDeTarea estado={l.estado} />
        </Group>
        <Conteo pendientes={l.pendientes} finalizados={l.finalizados} />
      </Group>
      {l.descripcion && (
        <Text size="sm" c="dimmed" mb="xs">
          {l.descripcion}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs">
          {l.tareas.length > 0 ? (
            <Table verticalSpacing={4} fz="sm" aria-label={`Tareas de ${l.nombre}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tarea</Table.Th>
                  <Table.Th>Nota</Table.Th>
                  <Table.Th w={125}>Estado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {l.tareas.map((t) => (
                  <Table.Tr key={t._id}>
                    <Table.Td>{t.nombre}</Table.Td>
                    <Table.Td c="dimmed">{t.nota || '—'}</Table.Td>
                    <Table.Td>
                      <EstadoDeTarea estado={t.estado} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              Sin tareas.
            </Text>
          )}
          {l.documentContent.map((d) => (
            <Group key={d._id} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <IconFileText size={16} />
                <Text size="sm">{d.nombre}</Text>
                {plantillaDeExpediente(d.file) && (
                  <Text size="xs" c="dimmed">
                    ({plantillaDeExpediente(d.file)?.nombre})
                  </Text>
                )}
              </Group>
              <Group gap={4} wrap="nowrap">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => abrir(`/expediente/documento-pdf/${idExpediente}/${d._id}`)}
                >
                  PDF
                </Button>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconMail size={14} />}
                  aria-label={`Enviar por correo ${d.nombre}`}
                  onClick={() => setAEnviar(d)}
                >
                  Correo
                </Button>
              </Group>
            </Group>
          ))}
          {l.archivosAdjunto.map((a) => (
            <Group key={a._id} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <IconPaperclip size={16} />
                <Text size="sm">{a.nombre}</Text>
              </Group>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => abrir(`/expediente/adjunto/${encodeURIComponent(a.contenido)}`)}
              >
                Abrir
              </Button>
            </Group>
          ))}
        </Stack>
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Línea de tiempo
          </Text>
          <Timeline bulletSize={10} lineWidth={2} active={l.eventos.length - 1}>
            {l.eventos.map((e) => (
              <Timeline.Item
                key={e._id}
                title={<Text size="sm">{e.descripcion}</Text>}
                color={e.automatico ? 'gray' : 'blue'}
              >
                <Text size="xs" c="dimmed">
                  {e.fecha.length === 10 ? fecha(e.fecha) : fechaHora(e.fecha)} · {e.usuario}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      </SimpleGrid>
      {aEnviar && (
        <ModalCorreoDeDocumento
          key={aEnviar._id}
          abierto
          alCerrar={() => setAEnviar(null)}
          documento={`el documento «${aEnviar.nombre}»`}
          correoInicial={correo}
          enviar={(body) =>
            api(expedientesApi.enviarDocumentoPorCorreo, {
              params: { id: idExpediente, idDocumento: aEnviar._id },
              body,
            })
          }
          mensajeDeError="Error al enviar el documento del expediente por correo"
        />
      )}
    </Paper>
  );
}

/**
 * /expediente/vista_expediente/:id (or ?id=, as the audit screen links it): the case file, its tasks
 * counted (spec 002 §4), its processes with documents to print, attachments and timeline; change the
 * tasks' states (process list modal), edit or cancel it.
 */
export default function VistaExpedientePage() {
  const [parametros] = useSearchParams();
  const id = useParams().id ?? parametros.get('id') ?? '';
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const consulta = useQuery({ ...expedienteQueries.uno(id), enabled: id !== '' });
  const anular = useAnularExpediente();
  const [anulando, setAnulando] = useState(false);
  const [tareas, setTareas] = useState(false);
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={consulta.error ?? (id === '' ? new Error('Falta el expediente que se quiere ver.') : null)}
      />
    );
  }
  const detalle = consulta.data;
  const c = detalle.expedienteCabecera;
  const activo = c.estado === 'Activo';
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'expedientes', 'modificar');
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>Expediente {c.comprobante}</Title>
          <EstadoDeExpedienteBadge expediente={c} />
          <Conteo pendientes={c.pendientes} finalizados={c.finalizados} />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconList size={16} />}
            onClick={() => void navegar(LISTA_EXPEDIENTES)}
          >
            Lista
          </Button>
          {activo && puedeModificar && (
            <Button
              variant="default"
              leftSection={<IconChecklist size={16} />}
              onClick={() => (soloLectura ? avisar() : setTareas(true))}
            >
              Procesos y tareas
            </Button>
          )}
          {activo && puedeModificar && (
            <Button
              variant="default"
              leftSection={<IconEdit size={16} />}
              onClick={() => (soloLectura ? avisar() : void navegar(rutaDeEdicion(c._id)))}
            >
              Editar
            </Button>
          )}
          {activo && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconBan size={16} />}
              onClick={() => (soloLectura ? avisar() : setAnulando(true))}
            >
              Anular
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          <Dato titulo="Cliente">{c.nombre}</Dato>
          <Dato titulo="Cédula o RNC">{c.numeroDeIdentificacion}</Dato>
          <Dato titulo="Teléfono">{[c.telefono, c.movil].filter(Boolean).join(' · ')}</Dato>
          <Dato titulo="Correo">{c.correo}</Dato>
          <Dato titulo="Dirección">{c.direccion}</Dato>
          <Dato titulo="Emisión">
            {fecha(c.fechaEmision)} {c.hora}
          </Dato>
          <Dato titulo="Vencimiento">{c.vencimiento ? fecha(c.vencimiento) : ''}</Dato>
          <Dato titulo="Numeración">{c.numeracionNombre}</Dato>
          <Dato titulo="Creado por">
            {c.creadaPor} · {fechaHora(c.date)}
          </Dato>
          <Dato titulo="Procesos">{String(c.procesos)}</Dato>
          {c.nota && <Dato titulo="Nota">{c.nota}</Dato>}
          {c.notaAnular && <Dato titulo="Motivo de anulación">{c.notaAnular}</Dato>}
          {c.notaAutorizacion && <Dato titulo="Nota del supervisor">{c.notaAutorizacion}</Dato>}
        </SimpleGrid>
      </Paper>
      {detalle.lineasExpediente.length === 0 && (
        <Text size="sm" c="dimmed">
          El expediente no tiene procesos.
        </Text>
      )}
      {detalle.lineasExpediente.map((l) => (
        <Proceso key={l._id} idExpediente={c._id} correo={c.correo} l={l} />
      ))}
      {tareas && <ModalProcesos detalle={detalle} alCerrar={() => setTareas(false)} />}
      <ModalAnularDocumento
        abierto={anulando}
        alCerrar={() => setAnulando(false)}
        documento={`el expediente ${c.comprobante}`}
        genero="masculino"
        mensajeSinMotivo={MENSAJE_MOTIVO_EXPEDIENTE}
        anular={async ({ notaAnular }) =>
          RESULTADO_DE_ANULACION[(await anular.mutateAsync({ id: c._id, body: { notaAnular } })).resultado]
        }
      />
    </Stack>
  );
}
