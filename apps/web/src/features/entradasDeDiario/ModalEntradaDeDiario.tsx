import { Button, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type DetalleEntradaDeDiario, MENSAJE_MOTIVO_ENTRADA, tienePermiso } from '@pos/contract';
import { IconBan, IconEdit, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { EstadoDelDocumento } from '../../ui/documento/EstadoDelDocumento.tsx';
import { imprimirEnMarco } from '../../ui/documento/imprimirDocumento.tsx';
import { ModalAnularDocumento } from '../../ui/documento/ModalAnularDocumento.tsx';
import { dinero, fecha, fechaHora } from '../../ui/formato.ts';
import { useModoLectura } from '../../ui/ModoLectura.tsx';
import { entradaDeDiarioQueries, useAnularEntradaDeDiario, useEliminarEntradaDeDiario } from './queries.ts';
import { rutaDeEdicion } from './rutas.ts';

function Dato({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {titulo}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

const monto = (valor: number) => (valor === 0 ? '' : dinero(valor));

/** The entry on a letter page: number, date, description, lines and totals. */
function EntradaImpresa({ d }: { d: DetalleEntradaDeDiario }) {
  return (
    <div>
      <div className="cabecera">
        <div>
          <h1>Entrada de diario</h1>
          {d.descripcionGeneral && <div>{d.descripcionGeneral}</div>}
        </div>
        <div>
          <div>
            <span className="dato">Número</span> {d.comprobante}
          </div>
          <div>
            <span className="dato">Fecha</span> {fecha(d.fecha)}
          </div>
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>Cuenta</th>
            <th>Centro de costo</th>
            <th>Contacto</th>
            <th>Nota</th>
            <th className="num">Débito</th>
            <th className="num">Crédito</th>
          </tr>
        </thead>
        <tbody>
          {d.lineas.map((l) => (
            <tr key={l._id}>
              <td>
                {l.cuentaContable.codigoDeCuenta} {l.cuentaContable.nombre}
              </td>
              <td>{l.centroDeCosto}</td>
              <td>{l.contacto?.nombre ?? ''}</td>
              <td>{l.nota}</td>
              <td className="num">{monto(l.debito)}</td>
              <td className="num">{monto(l.credito)}</td>
            </tr>
          ))}
          <tr className="total">
            <td colSpan={4}>Totales</td>
            <td className="num">{dinero(d.totalDebito)}</td>
            <td className="num">{dinero(d.totalCredito)}</td>
          </tr>
        </tbody>
      </table>
      {d.estado !== 'Activo' && <div className="nota">Estado: {d.estado}</div>}
      <div className="nota dato">Registrada por {d.creadoPor}</div>
    </div>
  );
}

/**
 * The journal entry's view (spec 002 §2 "modals to view a journal entry"): its lines with account code
 * and name, cost centre, contact and note, the totals; print it, edit it, cancel it (directly or by
 * request, spec 002 §4) or delete it (who cancels directly; the number stays).
 */
export function ModalEntradaDeDiario({ id, alCerrar }: { id: string | null; alCerrar: () => void }) {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const consulta = useQuery({ ...entradaDeDiarioQueries.una(id ?? ''), enabled: id !== null });
  const anular = useAnularEntradaDeDiario();
  const eliminar = useEliminarEntradaDeDiario();
  const [anulando, setAnulando] = useState(false);
  const d = consulta.data;
  const activa = d?.estado === 'Activo';
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'entradaDeDiario', 'modificar');
  const puedeEliminar = perfil?.anularYEliminarDocumentos === true;

  function confirmarEliminar(entrada: DetalleEntradaDeDiario) {
    if (soloLectura) {
      avisar();
      return;
    }
    modals.openConfirmModal({
      title: `Eliminar la entrada de diario ${entrada.comprobante}`,
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar esta entrada de diario? Se revierte su asiento y el número queda
          anulado.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        eliminar.mutateAsync(entrada._id).then(
          (r) => {
            notifications.show({
              color: 'green',
              message: `Eliminada: entrada de diario ${r.entradaDeDiario.comprobante}`,
              autoClose: 1500,
            });
            alCerrar();
          },
          // Spec 002 §8: delete failures in the journal show the server's message.
          (e: unknown) =>
            notifications.show({
              color: 'red',
              title: 'No se eliminó la entrada de diario',
              message: e instanceof Error ? e.message : '',
              autoClose: 5200,
            }),
        );
      },
    });
  }

  return (
    <Modal
      opened={id !== null}
      onClose={alCerrar}
      size="xl"
      title={
        d ? (
          <Group gap="sm">
            <Text fw={600}>Entrada de diario {d.comprobante}</Text>
            <EstadoDelDocumento documento={d} genero="femenino" />
          </Group>
        ) : (
          'Entrada de diario'
        )
      }
    >
      {!d ? (
        <CargandoOError cargando={consulta.isPending} error={consulta.error} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Dato titulo="Fecha">{fecha(d.fecha)}</Dato>
            <Dato titulo="Número">{d.comprobante}</Dato>
            <Dato titulo="Numeración">{d.numeracionNombre}</Dato>
            <Dato titulo="Registrada por">
              {d.creadoPor} · {fechaHora(d.creadoEn)}
            </Dato>
            {d.notaAnular && <Dato titulo="Motivo de anulación">{d.notaAnular}</Dato>}
            {d.notaAutorizacion && <Dato titulo="Nota del supervisor">{d.notaAutorizacion}</Dato>}
          </SimpleGrid>
          {d.descripcionGeneral && <Dato titulo="Descripción">{d.descripcionGeneral}</Dato>}
          <Table striped withTableBorder verticalSpacing={6} fz="sm" aria-label="Líneas de la entrada">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cuenta</Table.Th>
                <Table.Th>Centro de costo</Table.Th>
                <Table.Th>Contacto</Table.Th>
                <Table.Th>Nota</Table.Th>
                <Table.Th ta="right">Débito</Table.Th>
                <Table.Th ta="right">Crédito</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lineas.map((l) => (
                <Table.Tr key={l._id}>
                  <Table.Td>
                    <Text span ff="monospace" size="sm">
                      {l.cuentaContable.codigoDeCuenta}
                    </Text>{' '}
                    {l.cuentaContable.nombre}
                  </Table.Td>
                  <Table.Td>{l.centroDeCosto || '—'}</Table.Td>
                  <Table.Td>{l.contacto?.nombre || '—'}</Table.Td>
                  <Table.Td>{l.nota || '—'}</Table.Td>
                  <Table.Td ta="right">{monto(l.debito)}</Table.Td>
                  <Table.Td ta="right">{monto(l.credito)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={4}>Totales</Table.Th>
                <Table.Th ta="right">{dinero(d.totalDebito)}</Table.Th>
                <Table.Th ta="right">{dinero(d.totalCredito)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => imprimirEnMarco(`EntradaDeDiario-${d.comprobante}`, <EntradaImpresa d={d} />)}
            >
              Imprimir
            </Button>
            {activa && puedeModificar && (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => (soloLectura ? avisar() : void navegar(rutaDeEdicion(d._id)))}
              >
                Editar
              </Button>
            )}
            {activa && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() => (soloLectura ? avisar() : setAnulando(true))}
              >
                Anular
              </Button>
            )}
            {activa && puedeEliminar && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => confirmarEliminar(d)}
              >
                Eliminar
              </Button>
            )}
          </Group>
          <ModalAnularDocumento
            abierto={anulando}
            alCerrar={() => setAnulando(false)}
            documento={`la entrada de diario ${d.comprobante}`}
            genero="femenino"
            mensajeSinMotivo={MENSAJE_MOTIVO_ENTRADA}
            anular={async ({ notaAnular, tipoDeAnulacion }) =>
              (await anular.mutateAsync({ idEntradaDeDiarioRef: d._id, notaAnular, tipoDeAnulacion }))
                .resultado
            }
          />
        </Stack>
      )}
    </Modal>
  );
}
