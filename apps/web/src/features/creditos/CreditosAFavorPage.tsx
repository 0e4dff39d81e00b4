import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type CreditoAFavor, creditosApi, MENSAJE_MOTIVO_CREDITO } from '@pos/contract';
import { MOTIVOS_ANULACION_CREDITO_A_FAVOR } from '@pos/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { creditoQueries } from './queries.ts';

const COLOR_DE_ESTADO: Record<string, string> = { Activo: 'green', 'Por-Anular': 'orange', Anulado: 'red' };

type Anulacion = { tipo: 'credito' | 'transaccion'; _id: string; titulo: string };

/**
 * Spec 001 §7 "Credits in favour": every customer's credits (or one customer's, `?cliente=`), each with
 * its available balance and its transactions; a credit or a transaction is cancelled with one of the
 * seven reasons of §5, directly or as a request the audit screen resolves (§4).
 */
export default function CreditosAFavorPage() {
  const [parametros] = useSearchParams();
  const idCliente = parametros.get('cliente');
  const [input, setInput] = useState('');
  const [anulados, setAnulados] = useState(false);
  const [abierto, setAbierto] = useState<string | null>(null);
  const [anulando, setAnulando] = useState<Anulacion | null>(null);
  const delCliente = useQuery({
    ...creditoQueries.delCliente(idCliente ?? '', false),
    enabled: Boolean(idCliente),
  });
  const general = useQuery({
    ...creditoQueries.general({ input, buscarPorEstado: anulados, page: 1, limit: 50 }),
    enabled: !idCliente,
  });
  const lista = idCliente ? delCliente : general;
  const creditos = lista.data?.res ?? [];

  return (
    <DisenoListaModulo titulo="Créditos a favor">
      <Stack gap="sm">
        {!idCliente && (
          <Group gap="sm">
            <TextInput
              placeholder="Buscar por cliente o número"
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              w={320}
            />
            <Switch
              label="Anulados y por anular"
              checked={anulados}
              onChange={(e) => setAnulados(e.currentTarget.checked)}
            />
          </Group>
        )}
        {lista.isError && (
          <Alert color="red" variant="light">
            {lista.error.message}
          </Alert>
        )}
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Número</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Cliente</Table.Th>
              <Table.Th>Descripción</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th ta="right">Disponible</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {creditos.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed" ta="center">
                    {lista.isPending ? 'Cargando…' : 'No hay créditos a favor.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {creditos.map((c) => (
              <FilaDeCredito
                key={c._id}
                credito={c}
                abierto={abierto === c._id}
                alAbrir={() => setAbierto(abierto === c._id ? null : c._id)}
                alAnular={setAnulando}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <ModalAnularCredito anulacion={anulando} alCerrar={() => setAnulando(null)} />
    </DisenoListaModulo>
  );
}

function FilaDeCredito({
  credito: c,
  abierto,
  alAbrir,
  alAnular,
}: {
  credito: CreditoAFavor;
  abierto: boolean;
  alAbrir: () => void;
  alAnular: (anulacion: Anulacion) => void;
}) {
  return (
    <>
      <Table.Tr>
        <Table.Td>{c.numeroCredito}</Table.Td>
        <Table.Td>{fecha(c.fecha)}</Table.Td>
        <Table.Td>{c.nombreCliente}</Table.Td>
        <Table.Td>{c.descripcion}</Table.Td>
        <Table.Td ta="right">{dinero(c.Monto)}</Table.Td>
        <Table.Td ta="right" fw={700}>
          {dinero(c.disponible)}
        </Table.Td>
        <Table.Td>
          <Badge color={COLOR_DE_ESTADO[c.estado] ?? 'gray'} variant="light">
            {c.estado}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={alAbrir}>
              {abierto ? 'Ocultar' : `Transacciones (${c.transacciones.length})`}
            </Button>
            {c.estado === 'Activo' && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() =>
                  alAnular({
                    tipo: 'credito',
                    _id: c._id,
                    titulo: `Anular el crédito a favor ${c.numeroCredito}`,
                  })
                }
              >
                Anular
              </Button>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
      {abierto && (
        <Table.Tr>
          <Table.Td colSpan={8}>
            {c.transacciones.length === 0 ? (
              <Text size="sm" c="dimmed">
                Este crédito no se ha aplicado a ninguna factura.
              </Text>
            ) : (
              <Table withTableBorder verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Transacción</Table.Th>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Factura</Table.Th>
                    <Table.Th ta="right">Monto</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.transacciones.map((t) => (
                    <Table.Tr key={t._id}>
                      <Table.Td>{t.numeroTransasccionDelCreditoAfavor}</Table.Td>
                      <Table.Td>{fecha(t.fecha)}</Table.Td>
                      <Table.Td>{t.comprobanteFactura}</Table.Td>
                      <Table.Td ta="right">{dinero(t.monto)}</Table.Td>
                      <Table.Td>
                        <Badge color={COLOR_DE_ESTADO[t.estado] ?? 'gray'} variant="light" size="sm">
                          {t.estado}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {t.estado === 'Activo' && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() =>
                              alAnular({
                                tipo: 'transaccion',
                                _id: t._id,
                                titulo: `Anular la transacción ${t.numeroTransasccionDelCreditoAfavor}`,
                              })
                            }
                          >
                            Anular
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Spec 001 §5: the reason is one of the seven; without it, the spec's message. */
function ModalAnularCredito({ anulacion, alCerrar }: { anulacion: Anulacion | null; alCerrar: () => void }) {
  const [motivo, setMotivo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cliente = useQueryClient();
  const anular = useMutation({
    mutationFn: (a: Anulacion) =>
      api(a.tipo === 'credito' ? creditosApi.anular : creditosApi.anularTransaccion, {
        body: { _id: a._id, notaAnular: motivo ?? '' },
      }),
    onSuccess: (respuesta) => {
      notifications.show({
        color: 'green',
        message: respuesta.resultado.startsWith('solicitad')
          ? 'Solicitud de anulación enviada al supervisor.'
          : 'Anulado.',
      });
      void cliente.invalidateQueries({ queryKey: creditoQueries.all() });
      cerrar();
    },
    onError: (e) => setError(e.message),
  });
  function cerrar() {
    setMotivo(null);
    setError(null);
    alCerrar();
  }
  return (
    <Modal opened={anulacion !== null} onClose={cerrar} title={anulacion?.titulo ?? ''} centered>
      <Stack gap="sm">
        <Select
          label="Motivo de anulación"
          placeholder="Elige un motivo"
          data={[...MOTIVOS_ANULACION_CREDITO_A_FAVOR]}
          value={motivo}
          onChange={(v) => {
            setMotivo(v);
            setError(null);
          }}
          allowDeselect={false}
        />
        {error && (
          <Alert color="red" variant="light" py="xs">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cerrar}>
            Cancelar
          </Button>
          <Button
            color="red"
            loading={anular.isPending}
            onClick={() => {
              if (!motivo) {
                setError(MENSAJE_MOTIVO_CREDITO);
                return;
              }
              if (anulacion) {
                anular.mutate(anulacion);
              }
            }}
          >
            Anular
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
