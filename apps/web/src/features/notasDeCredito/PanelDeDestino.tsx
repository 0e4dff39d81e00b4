import {
  ActionIcon,
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { CuentaContableRef } from '@pos/contract';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { FilaDeTotal } from '../../ui/documento/Totales.tsx';
import { dinero } from '../../ui/formato.ts';
import { opcionesQueries } from '../maestros/queries.ts';
import type { Destino, Reembolso, Reparto } from './reglas.ts';

let contador = 0;
/** A new refund line (its stable key). */
export function nuevoReembolso(importe: number | null = null): Reembolso {
  contador += 1;
  return { clave: `reembolso-${contador}`, idCuenta: null, importe, nota: '' };
}

const CAJA = '';

/** The money accounts a refund may leave from: the cash box (the terminal's) or a cash or bank account. */
function useCuentasDeReembolso(): Array<{ value: string; label: string }> {
  // A cashier without the chart of accounts still refunds in cash: a refused read leaves only the box.
  const catalogo = useQuery({ ...opcionesQueries.catalogo(), retry: false, staleTime: 5 * 60_000 });
  const listas = catalogo.data?.listas as Partial<Record<string, CuentaContableRef[]>> | undefined;
  const cuentas = ['efectivo', 'bancos'].flatMap((c) => listas?.[c] ?? []);
  return [
    { value: CAJA, label: 'Efectivo de la caja' },
    ...cuentas.map((c) => ({ value: c.idCuenta, label: `${c.codigoDeCuenta} · ${c.nombre}` })),
  ];
}

type Props = {
  destino: Destino;
  /** Tries a new destination; the form refuses it with the spec's message when it must. */
  alCambiarDestino: (destino: Destino) => void;
  reembolsos: Reembolso[];
  alCambiarReembolsos: (reembolsos: Reembolso[]) => void;
  /** The note's total in pesos (the «Devolver todo» amount). */
  total: number;
  reparto: Reparto;
  /** What the linked invoice still owes; null: the invoice is not chosen yet. */
  pendienteDeLaFactura: number | null;
  /** The destinations offered (the POS refunds or leaves a credit; the back office also applies to the invoice). */
  destinos: Destino[];
  error?: string | null | undefined;
};

const NOMBRE_DEL_DESTINO: Record<Destino, string> = {
  factura: 'Aplicar a la factura',
  reembolso: 'Devolver dinero',
  credito: 'Crédito a favor',
};

/**
 * What the note does with its total (spec 001 §3 "Credit note", §4): apply it to the invoice's balance
 * (a linked invoice) or give money back (refund lines), never both; what neither takes stays as a credit
 * in favour of the customer, and the form says so.
 */
export function PanelDeDestino({
  destino,
  alCambiarDestino,
  reembolsos,
  alCambiarReembolsos,
  total,
  reparto,
  pendienteDeLaFactura,
  destinos,
  error,
}: Props) {
  const cuentas = useCuentasDeReembolso();
  const cambiar = (clave: string, cambio: Partial<Reembolso>) =>
    alCambiarReembolsos(reembolsos.map((r) => (r.clave === clave ? { ...r, ...cambio } : r)));
  return (
    <Stack gap="sm">
      <Text fw={600}>¿Qué hace la nota con su total?</Text>
      <SegmentedControl
        aria-label="Destino del total"
        fullWidth
        value={destino}
        onChange={(v) => alCambiarDestino(v as Destino)}
        data={destinos.map((d) => ({ value: d, label: NOMBRE_DEL_DESTINO[d] }))}
      />
      {destino === 'factura' && (
        <Text size="sm" c="dimmed">
          {pendienteDeLaFactura === null
            ? 'Baja lo que debe la factura elegida.'
            : pendienteDeLaFactura > 0
              ? `La factura debe ${dinero(pendienteDeLaFactura)}: la nota baja ese balance.`
              : 'La factura ya está saldada: nada se aplica a su balance.'}
        </Text>
      )}
      {destino === 'reembolso' && (
        <Stack gap="xs">
          {reembolsos.map((r, i) => (
            <Group key={r.clave} gap="xs" align="flex-end" wrap="nowrap">
              <Select
                label={i === 0 ? 'Sale de' : undefined}
                aria-label={`Cuenta de la devolución ${i + 1}`}
                data={cuentas}
                value={r.idCuenta ?? CAJA}
                onChange={(v) => cambiar(r.clave, { idCuenta: v ? v : null })}
                allowDeselect={false}
                style={{ flex: 2, minWidth: 0 }}
              />
              <CampoNumerico
                label={i === 0 ? 'Importe' : undefined}
                aria-label={`Importe de la devolución ${i + 1}`}
                valor={r.importe}
                alCambiar={(v) => cambiar(r.clave, { importe: v })}
                min={0}
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                style={{ flex: 1, minWidth: 110 }}
              />
              <TextInput
                label={i === 0 ? 'Nota' : undefined}
                aria-label={`Nota de la devolución ${i + 1}`}
                value={r.nota}
                maxLength={500}
                onChange={(e) => cambiar(r.clave, { nota: e.currentTarget.value })}
                style={{ flex: 2, minWidth: 0 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Quitar la devolución ${i + 1}`}
                disabled={reembolsos.length === 1}
                onClick={() => alCambiarReembolsos(reembolsos.filter((x) => x.clave !== r.clave))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => alCambiarReembolsos([...reembolsos, nuevoReembolso()])}
            >
              Otra forma de devolver
            </Button>
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                alCambiarReembolsos(
                  reembolsos.map((r, i) => ({ ...r, importe: i === 0 ? total : 0 })).slice(0, 1),
                )
              }
            >
              Devolver todo ({dinero(total)})
            </Button>
          </Group>
        </Stack>
      )}
      {destino === 'credito' && (
        <Text size="sm" c="dimmed">
          El total queda como crédito a favor del cliente, para usarlo en otra factura.
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {error}
        </Alert>
      )}
      <Stack gap={4} data-testid="reparto-de-la-nota">
        {reparto.aplicado > 0 && (
          <FilaDeTotal etiqueta="Aplicado a la factura" valor={dinero(reparto.aplicado)} />
        )}
        {destino === 'reembolso' && (
          <FilaDeTotal etiqueta="Devuelto en dinero" valor={dinero(reparto.devuelto)} />
        )}
        <FilaDeTotal
          etiqueta="Crédito a favor del cliente"
          valor={dinero(reparto.credito)}
          {...(reparto.credito > 0 ? { color: 'blue.7', fuerte: true } : {})}
        />
      </Stack>
      {reparto.credito > 0 && destino !== 'credito' && (
        <Alert color="blue" variant="light" p="xs" icon={<IconInfoCircle size={16} />}>
          Lo que no se {destino === 'factura' ? 'aplica a la factura' : 'devuelve'} ({dinero(reparto.credito)}
          ) queda como crédito a favor del cliente.
        </Alert>
      )}
    </Stack>
  );
}
