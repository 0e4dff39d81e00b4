import { Divider, Group, Stack, Text } from '@mantine/core';
import { aPesos, type TotalesDocumento } from '@pos/domain';
import type { ReactNode } from 'react';
import { dinero } from '../formato.ts';

/** A document's totals in pesos, as saved or as the form computes them. */
export type TotalesEnPesos = {
  /** Quantity × price before discounts and taxes. */
  importe: number;
  descuento: number;
  /** One row per tax (the breakdown), or one «Impuestos» row. */
  impuestos: Array<{ nombre: string; total: number }>;
  total: number;
};

/** The form's live totals (the domain's calcularTotales, in centavos) in pesos. */
export function totalesEnPesos(totales: TotalesDocumento): TotalesEnPesos {
  return {
    importe: aPesos(totales.importe),
    descuento: aPesos(totales.descuento),
    impuestos: totales.desgloseDeImpuestos.map((i) => ({ nombre: i.name, total: aPesos(i.total) })),
    total: aPesos(totales.total),
  };
}

/** One label-amount row of a totals block. */
export function FilaDeTotal({
  etiqueta,
  valor,
  fuerte,
  color,
}: {
  etiqueta: string;
  valor: string;
  fuerte?: boolean;
  color?: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size={fuerte ? 'md' : 'sm'} fw={fuerte ? 700 : 400} c={color}>
        {etiqueta}
      </Text>
      <Text size={fuerte ? 'md' : 'sm'} fw={fuerte ? 700 : 400} c={color} ff="monospace">
        {valor}
      </Text>
    </Group>
  );
}

/**
 * The totals of a sales document (spec 001 §1 "Totals"): subtotal, discount, each tax and the total;
 * `children` adds the family's own rows under the total (the invoice's payment, change and balance).
 */
export function Totales({
  totales,
  children,
  testId = 'totales-documento',
}: {
  totales: TotalesEnPesos;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      <FilaDeTotal etiqueta="Subtotal" valor={dinero(totales.importe)} />
      {totales.descuento > 0 && <FilaDeTotal etiqueta="Descuento" valor={`-${dinero(totales.descuento)}`} />}
      {totales.impuestos.map((i) => (
        <FilaDeTotal key={i.nombre} etiqueta={i.nombre} valor={dinero(i.total)} />
      ))}
      <Divider my={4} />
      <FilaDeTotal etiqueta="Total" valor={dinero(totales.total)} fuerte />
      {children}
    </Stack>
  );
}
