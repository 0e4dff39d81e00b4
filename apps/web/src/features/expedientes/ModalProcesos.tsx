import { Button, Group, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DetalleExpediente } from '@pos/contract';
import { contarExpediente, type EstadoDeExpediente } from '@pos/domain';
import { useState } from 'react';
import { Conteo, OPCIONES_DE_ESTADO } from './etiquetas.tsx';
import { lineasDelCuerpo, type ProcesoForm, procesosDe } from './modelo.ts';
import { useActualizarExpediente } from './queries.ts';

/**
 * The process list modal (spec 002 §2 "process list modal"): every process of the case file with its
 * tasks, to move each task and process between Pendiente, EnProceso and Finalizado without opening the
 * whole form. Saved as the case file's update (PUT /expediente/{id}); the server records each change in
 * the process's timeline.
 */
export function ModalProcesos({ detalle, alCerrar }: { detalle: DetalleExpediente; alCerrar: () => void }) {
  const [procesos, setProcesos] = useState<ProcesoForm[]>(() => procesosDe(detalle));
  const actualizar = useActualizarExpediente();
  const c = detalle.expedienteCabecera;
  const total = contarExpediente(procesos.flatMap((p) => p.tareas));

  const cambiar = (clave: string, cambio: (p: ProcesoForm) => Partial<ProcesoForm>) =>
    setProcesos((ps) => ps.map((p) => (p.clave === clave ? { ...p, ...cambio(p) } : p)));

  function guardar() {
    actualizar.mutate(
      {
        id: c._id,
        body: {
          expedienteCabecera: {
            idCliente: c.idCliente,
            nombre: c.nombre,
            numeroDeIdentificacion: c.numeroDeIdentificacion,
            correo: c.correo,
            telefono: c.telefono,
            movil: c.movil,
            direccion: c.direccion,
            nota: c.nota,
            fechaEmision: c.fechaEmision,
            hora: c.hora,
            vencimiento: c.vencimiento,
          },
          lineasExpediente: lineasDelCuerpo(procesos),
        },
      },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message, autoClose: 1500 });
          alCerrar();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'No se actualizo',
            message: error.message,
            autoClose: 5200,
          }),
      },
    );
  }

  return (
    <Modal opened onClose={alCerrar} size="lg" title={`Procesos y tareas del expediente ${c.comprobante}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Pendientes = Pendiente + En proceso.
          </Text>
          <Conteo {...total} />
        </Group>
        {procesos.length === 0 && <Text size="sm">El expediente no tiene procesos.</Text>}
        {procesos.map((p, i) => (
          <Paper key={p.clave} withBorder radius="sm" p="xs">
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                {i + 1}. {p.nombre}
              </Text>
              <Select
                aria-label={`Estado del proceso ${p.nombre}`}
                data={OPCIONES_DE_ESTADO}
                value={p.estado}
                onChange={(v) =>
                  cambiar(p.clave, () => ({ estado: (v as EstadoDeExpediente | null) ?? 'Pendiente' }))
                }
                allowDeselect={false}
                size="xs"
                w={150}
              />
            </Group>
            {p.tareas.length === 0 ? (
              <Text size="xs" c="dimmed">
                Sin tareas.
              </Text>
            ) : (
              <Table verticalSpacing={2} fz="sm">
                <Table.Tbody>
                  {p.tareas.map((t) => (
                    <Table.Tr key={t.clave}>
                      <Table.Td>{t.nombre}</Table.Td>
                      <Table.Td w={160}>
                        <Select
                          aria-label={`Estado de la tarea ${t.nombre}`}
                          data={OPCIONES_DE_ESTADO}
                          value={t.estado}
                          onChange={(v) =>
                            cambiar(p.clave, (x) => ({
                              tareas: x.tareas.map((y) =>
                                y.clave === t.clave
                                  ? { ...y, estado: (v as EstadoDeExpediente | null) ?? 'Pendiente' }
                                  : y,
                              ),
                            }))
                          }
                          allowDeselect={false}
                          size="xs"
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            Cancelar
          </Button>
          <Button loading={actualizar.isPending} onClick={guardar}>
            Guardar estados
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
