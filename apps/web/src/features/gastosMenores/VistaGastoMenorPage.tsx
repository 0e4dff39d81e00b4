import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type DetalleGastoMenor, MENSAJE_MOTIVO_GASTO_MENOR, tienePermiso } from '@pos/contract';
import { IconBan, IconEdit, IconList, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { imprimirEnMarco } from '../../ui/documento/imprimirDocumento.tsx';
import { ModalAnularDocumento } from '../../ui/documento/ModalAnularDocumento.tsx';
import { dinero, fecha, fechaHora } from '../../ui/formato.ts';
import { useModoLectura } from '../../ui/ModoLectura.tsx';
import { EstadoDeGastoMenor, RESULTADO_DE_ANULACION } from './etiquetas.tsx';
import { gastoMenorQueries, useAnularGastoMenor, useEliminarGastoMenor } from './queries.ts';
import { LISTA_GASTOS_MENORES, rutaDeEdicion } from './rutas.ts';

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

const cuentaEnTexto = (c: { codigoDeCuenta: string; nombre: string }) => `${c.codigoDeCuenta} · ${c.nombre}`;

/** The minor expense on a letter page: number (the B13 NCF when fiscal), lines and totals. */
function GastoMenorImpreso({ g }: { g: DetalleGastoMenor }) {
  return (
    <div>
      <div className="cabecera">
        <div>
          <h1>Gasto menor</h1>
          {g.descripcion && <div>{g.descripcion}</div>}
        </div>
        <div>
          <div>
            <span className="dato">{g.ncf ? 'NCF' : 'Número'}</span> {g.comprobante}
          </div>
          <div>
            <span className="dato">Fecha</span> {fecha(g.fechaDeEmision)}
          </div>
          <div>
            <span className="dato">Forma de pago</span> {g.formaDePago}
          </div>
          <div>
            <span className="dato">Pagado desde</span> {cuentaEnTexto(g.cuentaContableCredito)}
          </div>
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>Fecha</th>
            <th>Cuenta</th>
            <th>Nota</th>
            <th className="num">Importe</th>
            <th className="num">ITBIS</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {g.listaDeGastos.map((l) => (
            <tr key={l._id}>
              <td>{fecha(l.fechaDeEmision)}</td>
              <td>{cuentaEnTexto(l.cuentaContable)}</td>
              <td>{l.nota}</td>
              <td className="num">{dinero(l.importe)}</td>
              <td className="num">{dinero(l.impuestos)}</td>
              <td className="num">{dinero(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="totales">
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td className="num">{dinero(g.subtotal)}</td>
          </tr>
          <tr>
            <td>ITBIS</td>
            <td className="num">{dinero(g.impuestos)}</td>
          </tr>
          <tr className="total">
            <td>Total</td>
            <td className="num">{dinero(g.total)}</td>
          </tr>
        </tbody>
      </table>
      {g.estado !== 'Activo' && <div className="nota">Estado: {g.estado}</div>}
      <div className="nota dato">Registrado por {g.creadoPor}</div>
    </div>
  );
}

/**
 * /gasto_menor/vista_gasto_menor/:id (or ?id=, as the audit screen links it): the minor expense with its
 * lines; print it, edit it, cancel it (directly or by request, spec 000 §4) or delete it (who cancels
 * directly; spec 001 §1 asks for confirmation).
 */
export default function VistaGastoMenorPage() {
  const [parametros] = useSearchParams();
  const id = useParams().id ?? parametros.get('id') ?? '';
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const consulta = useQuery({ ...gastoMenorQueries.uno(id), enabled: id !== '' });
  const anular = useAnularGastoMenor();
  const eliminar = useEliminarGastoMenor();
  const [anulando, setAnulando] = useState(false);
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={consulta.error ?? (id === '' ? new Error('Falta el gasto menor que se quiere ver.') : null)}
      />
    );
  }
  const g = consulta.data;
  const activo = g.estado === 'Activo';
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'gastoMenor', 'modificar');
  const puedeEliminar = perfil?.anularYEliminarDocumentos === true;

  function confirmarEliminar() {
    if (soloLectura) {
      avisar();
      return;
    }
    modals.openConfirmModal({
      title: `Eliminar el gasto menor ${g.comprobante}`,
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar este gasto menor? Esta acción no se puede revertir: se revierte su
          asiento y el número queda anulado.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        eliminar.mutateAsync(g._id).then(
          (r) => {
            notifications.show({
              color: 'green',
              message: `Eliminado: gasto menor ${r.EgresoDelete.comprobante}`,
              autoClose: 1500,
            });
            void navegar(LISTA_GASTOS_MENORES);
          },
          (e: unknown) =>
            notifications.show({
              color: 'red',
              title: 'No se eliminó el gasto menor',
              message: e instanceof Error ? e.message : '',
              autoClose: 5200,
            }),
        );
      },
    });
  }

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>Gasto menor {g.comprobante}</Title>
          <EstadoDeGastoMenor gasto={g} />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconList size={16} />}
            onClick={() => void navegar(LISTA_GASTOS_MENORES)}
          >
            Lista
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => imprimirEnMarco(`GastoMenor-${g.comprobante}`, <GastoMenorImpreso g={g} />)}
          >
            Imprimir
          </Button>
          {activo && puedeModificar && (
            <Button
              variant="default"
              leftSection={<IconEdit size={16} />}
              onClick={() => (soloLectura ? avisar() : void navegar(rutaDeEdicion(g._id)))}
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
          {activo && puedeEliminar && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={confirmarEliminar}
            >
              Eliminar
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          <Dato titulo="Fecha">{fecha(g.fechaDeEmision)}</Dato>
          <Dato titulo={g.ncf ? 'NCF (B13)' : 'Número'}>{g.comprobante}</Dato>
          <Dato titulo="Numeración">{g.numeracionNombre}</Dato>
          <Dato titulo="Forma de pago">{g.formaDePago}</Dato>
          <Dato titulo="Pagado desde">{cuentaEnTexto(g.cuentaContableCredito)}</Dato>
          <Dato titulo="Creado por">
            {g.creadoPor} · {fechaHora(g.creadoEn)}
          </Dato>
          {g.descripcion && <Dato titulo="Descripción">{g.descripcion}</Dato>}
          {g.notaAnular && <Dato titulo="Motivo de anulación">{g.notaAnular}</Dato>}
          {g.notaAutorizacion && <Dato titulo="Nota del supervisor">{g.notaAutorizacion}</Dato>}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="sm">
        <Table striped verticalSpacing={6} fz="sm" aria-label="Gastos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>Fecha</Table.Th>
              <Table.Th>Cuenta de gasto</Table.Th>
              <Table.Th>Nota</Table.Th>
              <Table.Th ta="right">Importe</Table.Th>
              <Table.Th ta="right">ITBIS</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {g.listaDeGastos.map((l) => (
              <Table.Tr key={l._id}>
                <Table.Td>{fecha(l.fechaDeEmision)}</Table.Td>
                <Table.Td>{cuentaEnTexto(l.cuentaContable)}</Table.Td>
                <Table.Td>{l.nota || '—'}</Table.Td>
                <Table.Td ta="right">{dinero(l.importe)}</Table.Td>
                <Table.Td ta="right">{dinero(l.impuestos)}</Table.Td>
                <Table.Td ta="right">{dinero(l.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack gap={2} align="flex-end">
        <Text size="sm">Subtotal {dinero(g.subtotal)}</Text>
        <Text size="sm">ITBIS {dinero(g.impuestos)}</Text>
        <Text fw={700} size="lg">
          Total {dinero(g.total)}
        </Text>
      </Stack>
      <ModalAnularDocumento
        abierto={anulando}
        alCerrar={() => setAnulando(false)}
        documento={`el gasto menor ${g.comprobante}`}
        genero="masculino"
        mensajeSinMotivo={MENSAJE_MOTIVO_GASTO_MENOR}
        anular={async ({ notaAnular }) =>
          RESULTADO_DE_ANULACION[(await anular.mutateAsync({ id: g._id, body: { notaAnular } })).resultado]
        }
      />
    </Stack>
  );
}
