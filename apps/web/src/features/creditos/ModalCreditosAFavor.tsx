import { Alert, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { CreditoAFavor } from '@pos/contract';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { type CreditoElegido, totalDeCreditos } from './elegidos.ts';
import { creditoQueries } from './queries.ts';

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  idCliente: string;
  nombreCliente?: string;
  /** What the document leaves to pay: the credits chosen never add up to more. */
  maximo: Centavos;
  elegidos: readonly CreditoElegido[];
  alConfirmar: (elegidos: CreditoElegido[]) => void;
};

type Fila = { marcado: boolean; monto: number | null };

/** Why the choice cannot be confirmed, or null. */
export function motivoParaNoUsar(
  creditos: readonly CreditoAFavor[],
  filas: Record<string, Fila>,
  maximo: Centavos,
): string | null {
  let total = 0;
  for (const credito of creditos) {
    const fila = filas[credito._id];
    if (!fila?.marcado) {
      continue;
    }
    const monto = aCentavos(fila.monto ?? 0);
    if (monto <= 0) {
      return `Indica cuánto usar del crédito ${credito.numeroCredito}.`;
    }
    if (monto > aCentavos(credito.disponible)) {
      return `El crédito ${credito.numeroCredito} solo tiene ${dinero(credito.disponible)} disponible.`;
    }
    total += monto;
  }
  if (total > maximo) {
    return `Los créditos suman ${dinero(aPesos(total as Centavos))} y el documento solo deja ${dinero(aPesos(maximo))} por pagar.`;
  }
  return null;
}

/**
 * Spec 001 §3 "Credit in favour": the customer's credits with their available balance; the user marks
 * the ones to use and how much of each (proposed: what the credit has, up to what is left to pay).
 * Used by the admin invoice form, the POS charge dialog and the receipt screen.
 */
export function ModalCreditosAFavor(props: Props) {
  return (
    <Modal opened={props.abierto} onClose={props.alCerrar} title="Crédito a favor" size="lg" centered>
      {/* Mounted on each opening, so it starts from the credits already chosen. */}
      {props.abierto && <Contenido {...props} />}
    </Modal>
  );
}

function Contenido({ alCerrar, idCliente, nombreCliente, maximo, elegidos, alConfirmar }: Props) {
  const consulta = useQuery(creditoQueries.delCliente(idCliente));
  const creditos = consulta.data?.res ?? [];
  const [filas, setFilas] = useState<Record<string, Fila>>(() =>
    Object.fromEntries(elegidos.map((e) => [e._id, { marcado: true, monto: e.monto } satisfies Fila])),
  );

  const usado = (excepto: string) =>
    creditos.reduce((suma, c) => {
      const fila = filas[c._id];
      return c._id !== excepto && fila?.marcado ? suma + aCentavos(fila.monto ?? 0) : suma;
    }, 0);

  function marcar(credito: CreditoAFavor, marcado: boolean) {
    const resto = Math.max(0, maximo - usado(credito._id));
    const propuesto = Math.min(aCentavos(credito.disponible), resto) as Centavos;
    setFilas((previas) => ({
      ...previas,
      [credito._id]: { marcado, monto: marcado ? aPesos(propuesto) : null },
    }));
  }

  const motivo = motivoParaNoUsar(creditos, filas, maximo);
  const nuevos: CreditoElegido[] = creditos.flatMap((c) => {
    const fila = filas[c._id];
    return fila?.marcado && (fila.monto ?? 0) > 0
      ? [{ _id: c._id, idCliente: c.idCliente, numeroCredito: c.numeroCredito, monto: fila.monto ?? 0 }]
      : [];
  });
  const total = totalDeCreditos(nuevos);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {nombreCliente ? `Créditos a favor de ${nombreCliente}. ` : ''}Por pagar: {dinero(aPesos(maximo))}
      </Text>
      {consulta.isError ? (
        <Alert color="red" variant="light">
          No se pudieron cargar los créditos a favor: {consulta.error.message}
        </Alert>
      ) : consulta.isPending ? (
        <Text size="sm">Cargando créditos…</Text>
      ) : creditos.length === 0 ? (
        <Alert color="gray" variant="light">
          El cliente no tiene créditos a favor disponibles.
        </Alert>
      ) : (
        <Table striped withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>Crédito</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Descripción</Table.Th>
              <Table.Th ta="right">Disponible</Table.Th>
              <Table.Th w={150}>Usar</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {creditos.map((c) => {
              const fila = filas[c._id];
              return (
                <Table.Tr key={c._id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Usar el crédito ${c.numeroCredito}`}
                      checked={fila?.marcado ?? false}
                      onChange={(e) => marcar(c, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{c.numeroCredito}</Table.Td>
                  <Table.Td>{fecha(c.fecha)}</Table.Td>
                  <Table.Td>{c.descripcion}</Table.Td>
                  <Table.Td ta="right">{dinero(c.disponible)}</Table.Td>
                  <Table.Td>
                    <CampoNumerico
                      aria-label={`Monto del crédito ${c.numeroCredito}`}
                      size="xs"
                      min={0}
                      decimalScale={2}
                      thousandSeparator=","
                      prefix="RD$"
                      disabled={!fila?.marcado}
                      valor={fila?.monto ?? null}
                      alCambiar={(monto) =>
                        setFilas((previas) => ({ ...previas, [c._id]: { marcado: true, monto } }))
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Paper withBorder px="sm" py={6}>
        <Group justify="space-between">
          <Text fw={700}>Total de créditos a usar</Text>
          <Text fw={700} aria-label="Total de créditos a usar">
            {dinero(aPesos(total))}
          </Text>
        </Group>
      </Paper>
      {motivo && (
        <Alert color="red" variant="light" py="xs">
          {motivo}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={alCerrar}>
          Cancelar
        </Button>
        <Button
          disabled={motivo !== null}
          onClick={() => {
            alConfirmar(nuevos);
            alCerrar();
          }}
        >
          Usar créditos
        </Button>
      </Group>
    </Stack>
  );
}
