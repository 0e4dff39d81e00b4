import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Timeline,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LineaExpedienteEntrada, TareaEntrada } from '@pos/contract';
import {
  contarExpediente,
  type DatosDePlantilla,
  type EstadoDeExpediente,
  plantillaDeExpediente,
} from '@pos/domain';
import { IconFileText, IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { fechaHora } from '../../ui/formato.ts';
import { subirAdjunto } from './archivos.ts';
import { Conteo, OPCIONES_DE_ESTADO } from './etiquetas.tsx';
import { ModalDocumento } from './ModalDocumento.tsx';
import { type DocumentoForm, type ProcesoForm, tareaVacia } from './modelo.ts';

type Props = {
  proceso: ProcesoForm;
  numero: number;
  datos: DatosDePlantilla;
  alCambiar: (cambio: Partial<ProcesoForm>) => void;
  alQuitar?: (() => void) | undefined;
};

/**
 * One process (line) of the case file (spec 002 §3 "Lines"): its name, description and state, and in
 * tabs its tasks (each Pendiente / EnProceso / Finalizado, counted as spec 002 §4 says), its documents
 * written from templates, its attached files and its timeline.
 */
export function ProcesoEditor({ proceso: p, numero, datos, alCambiar, alQuitar }: Props) {
  const [editando, setEditando] = useState<DocumentoForm | 'nuevo' | null>(null);
  const [subiendo, setSubiendo] = useState(false);
  const [evento, setEvento] = useState('');
  const conteo = contarExpediente(p.tareas.filter((t) => t.nombre.trim() !== ''));
  const errorNombre = errorDeCampo(LineaExpedienteEntrada, 'nombre', p.nombre);

  const cambiarTarea = (clave: string, cambio: Partial<ProcesoForm['tareas'][number]>) =>
    alCambiar({ tareas: p.tareas.map((t) => (t.clave === clave ? { ...t, ...cambio } : t)) });

  async function adjuntar(archivo: File | null) {
    if (!archivo) {
      return;
    }
    setSubiendo(true);
    try {
      const { nombre, tipo } = await subirAdjunto(archivo);
      alCambiar({
        adjuntos: [
          ...p.adjuntos,
          {
            clave: crypto.randomUUID(),
            nombre: archivo.name.slice(0, 200),
            nota: '',
            contenido: nombre,
            tipo,
          },
        ],
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se adjuntó el archivo',
        message: error instanceof Error ? error.message : '',
        autoClose: 5200,
      });
    } finally {
      setSubiendo(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="sm" aria-label={`Proceso ${numero}`}>
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <Badge variant="filled" color="gray" size="lg" radius="sm" mt={26}>
            {numero}
          </Badge>
          <CampoDeTexto
            label="Proceso"
            placeholder="Traspaso, Certificación, Entrega…"
            value={p.nombre}
            onChange={(e) => alCambiar({ nombre: e.currentTarget.value })}
            max={largoMaximo(LineaExpedienteEntrada, 'nombre')}
            error={p.nombre !== '' ? (errorNombre ?? undefined) : undefined}
            withAsterisk
            style={{ flex: 1 }}
          />
          <Select
            label="Estado del proceso"
            data={OPCIONES_DE_ESTADO}
            value={p.estado}
            onChange={(v) => alCambiar({ estado: (v as EstadoDeExpediente | null) ?? 'Pendiente' })}
            allowDeselect={false}
            w={170}
          />
          <Stack gap={4} mt={26}>
            <Conteo {...conteo} />
          </Stack>
          {alQuitar && (
            <Tooltip label="Quitar el proceso">
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={28}
                aria-label={`Quitar el proceso ${numero}`}
                onClick={alQuitar}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <AreaDeTexto
          aria-label={`Descripción del proceso ${numero}`}
          placeholder="Descripción (opcional)"
          value={p.descripcion}
          onChange={(e) => alCambiar({ descripcion: e.currentTarget.value })}
          autosize
          minRows={1}
          max={largoMaximo(LineaExpedienteEntrada, 'descripcion')}
        />
        <Tabs defaultValue="tareas" variant="outline">
          <Tabs.List>
            <Tabs.Tab value="tareas">Tareas ({p.tareas.length})</Tabs.Tab>
            <Tabs.Tab value="documentos">Documentos ({p.documentos.length})</Tabs.Tab>
            <Tabs.Tab value="adjuntos">Adjuntos ({p.adjuntos.length})</Tabs.Tab>
            <Tabs.Tab value="eventos">Línea de tiempo ({p.eventos.length + p.eventosNuevos.length})</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="tareas" pt="xs">
            {p.tareas.length > 0 && (
              <Table verticalSpacing={4} fz="sm" aria-label={`Tareas del proceso ${numero}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Tarea</Table.Th>
                    <Table.Th>Nota</Table.Th>
                    <Table.Th w={160}>Estado</Table.Th>
                    <Table.Th w={40} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.tareas.map((t, i) => (
                    <Table.Tr key={t.clave}>
                      <Table.Td>
                        <CampoDeTexto
                          aria-label={`Tarea ${i + 1} del proceso ${numero}`}
                          value={t.nombre}
                          onChange={(e) => cambiarTarea(t.clave, { nombre: e.currentTarget.value })}
                          max={largoMaximo(TareaEntrada, 'nombre')}
                          size="xs"
                        />
                      </Table.Td>
                      <Table.Td>
                        <CampoDeTexto
                          aria-label={`Nota de la tarea ${i + 1}`}
                          value={t.nota}
                          onChange={(e) => cambiarTarea(t.clave, { nota: e.currentTarget.value })}
                          max={largoMaximo(TareaEntrada, 'nota')}
                          size="xs"
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`Estado de la tarea ${i + 1}`}
                          data={OPCIONES_DE_ESTADO}
                          value={t.estado}
                          onChange={(v) =>
                            cambiarTarea(t.clave, { estado: (v as EstadoDeExpediente | null) ?? 'Pendiente' })
                          }
                          allowDeselect={false}
                          size="xs"
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Quitar la tarea ${i + 1}`}
                          onClick={() => alCambiar({ tareas: p.tareas.filter((x) => x.clave !== t.clave) })}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Button
              variant="subtle"
              size="xs"
              mt={4}
              leftSection={<IconPlus size={14} />}
              onClick={() => alCambiar({ tareas: [...p.tareas, tareaVacia()] })}
            >
              Agregar tarea
            </Button>
          </Tabs.Panel>

          <Tabs.Panel value="documentos" pt="xs">
            <Stack gap={4}>
              {p.documentos.map((d) => (
                <Group key={d.clave} justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <IconFileText size={16} />
                    <Text size="sm">{d.nombre}</Text>
                    {plantillaDeExpediente(d.file) && (
                      <Text size="xs" c="dimmed">
                        plantilla: {plantillaDeExpediente(d.file)?.nombre}
                      </Text>
                    )}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <Button variant="default" size="xs" onClick={() => setEditando(d)}>
                      Editar
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Quitar el documento ${d.nombre}`}
                      onClick={() =>
                        alCambiar({ documentos: p.documentos.filter((x) => x.clave !== d.clave) })
                      }
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
              <Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setEditando('nuevo')}
                >
                  Nuevo documento
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="adjuntos" pt="xs">
            <Stack gap={4}>
              {p.adjuntos.map((a, i) => (
                <Group key={a.clave} gap="xs" wrap="nowrap">
                  <IconPaperclip size={16} />
                  <CampoDeTexto
                    aria-label={`Nombre del adjunto ${i + 1}`}
                    value={a.nombre}
                    onChange={(e) =>
                      alCambiar({
                        adjuntos: p.adjuntos.map((x) =>
                          x.clave === a.clave ? { ...x, nombre: e.currentTarget.value } : x,
                        ),
                      })
                    }
                    max={200}
                    size="xs"
                    style={{ flex: 1 }}
                  />
                  <Badge variant="light" color="gray" size="sm">
                    {a.tipo === 'application/pdf' ? 'PDF' : 'Imagen'}
                  </Badge>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Quitar el adjunto ${i + 1}`}
                    onClick={() => alCambiar({ adjuntos: p.adjuntos.filter((x) => x.clave !== a.clave) })}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              ))}
              <Group gap="xs">
                <FileButton
                  onChange={(f) => void adjuntar(f)}
                  accept="application/pdf,image/png,image/jpeg,image/gif,image/webp"
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="subtle"
                      size="xs"
                      leftSection={<IconPaperclip size={14} />}
                      loading={subiendo}
                    >
                      Adjuntar archivo
                    </Button>
                  )}
                </FileButton>
                <Text size="xs" c="dimmed">
                  PDF o imagen (PNG, JPG, GIF, WEBP), hasta 5 MB.
                </Text>
              </Group>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="eventos" pt="xs">
            <Stack gap="xs">
              {p.eventos.length + p.eventosNuevos.length > 0 && (
                <Timeline bulletSize={12} lineWidth={2}>
                  {p.eventos.map((e) => (
                    <Timeline.Item key={e._id} title={<Text size="sm">{e.descripcion}</Text>}>
                      <Text size="xs" c="dimmed">
                        {fechaHora(e.fecha)} · {e.usuario}
                      </Text>
                    </Timeline.Item>
                  ))}
                  {p.eventosNuevos.map((e) => (
                    <Timeline.Item key={e.clave} title={<Text size="sm">{e.descripcion}</Text>} color="blue">
                      <Group gap={4}>
                        <Text size="xs" c="dimmed">
                          Se anotará al guardar
                        </Text>
                        <Button
                          variant="subtle"
                          size="compact-xs"
                          color="gray"
                          onClick={() =>
                            alCambiar({ eventosNuevos: p.eventosNuevos.filter((x) => x.clave !== e.clave) })
                          }
                        >
                          Quitar
                        </Button>
                      </Group>
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
              <Group gap="xs" align="flex-end">
                <CampoDeTexto
                  aria-label={`Nuevo evento del proceso ${numero}`}
                  placeholder="Anota lo que pasó (el cliente entregó la matrícula…)"
                  value={evento}
                  onChange={(e) => setEvento(e.currentTarget.value)}
                  max={500}
                  size="xs"
                  style={{ flex: 1 }}
                />
                <Button
                  variant="default"
                  size="xs"
                  disabled={!evento.trim()}
                  onClick={() => {
                    alCambiar({
                      eventosNuevos: [
                        ...p.eventosNuevos,
                        { clave: crypto.randomUUID(), descripcion: evento.trim(), fecha: '' },
                      ],
                    });
                    setEvento('');
                  }}
                >
                  Anotar evento
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {editando && (
        <ModalDocumento
          documento={editando === 'nuevo' ? null : editando}
          datos={datos}
          alCerrar={() => setEditando(null)}
          alGuardar={(doc) => {
            alCambiar({
              documentos: p.documentos.some((d) => d.clave === doc.clave)
                ? p.documentos.map((d) => (d.clave === doc.clave ? doc : d))
                : [...p.documentos, doc],
            });
            setEditando(null);
          }}
        />
      )}
    </Paper>
  );
}
