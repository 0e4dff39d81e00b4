import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ConciliacionResumen, MovimientoConciliacion } from '@pos/contract';
import type { ReactNode } from 'react';
import { dinero, fecha } from '../../ui/formato.ts';
import type { Columna } from '../../ui/TablaLista.tsx';

const ORIGENES: Record<string, string> = {
  ingreso: 'Recibo de ingreso',
  egreso: 'Recibo de egreso',
  transferenciaBancaria: 'Transferencia',
  factura: 'Factura',
  compra: 'Compra',
  notaDeCredito: 'Nota de crédito',
  notaDeDebito: 'Nota de débito',
  gastoMenor: 'Gasto menor',
  entradaDeDiario: 'Entrada de diario',
};

/** What produced a movement, in words. */
export function origenDelMovimiento(tipoDocumento: string): string {
  return ORIGENES[tipoDocumento] ?? tipoDocumento;
}

/** The movement columns shared by the reconcile screen and the reconciled-account view. */
export const COLUMNAS_DE_MOVIMIENTO: Columna<MovimientoConciliacion>[] = [
  { titulo: 'Fecha', celda: (m) => fecha(m.fecha), ancho: 100 },
  { titulo: 'Origen', celda: (m) => origenDelMovimiento(m.tipoDocumento) },
  {
    titulo: 'Comprobante',
    celda: (m) => (
      <Text size="sm" ff="monospace">
        {m.comprobante || `Asiento ${m.numeroAsiento}`}
      </Text>
    ),
  },
  { titulo: 'Descripción', celda: (m) => m.descripcion || m.nota || '—' },
  {
    titulo: 'Ingreso',
    alinear: 'right',
    celda: (m) =>
      m.tipo === 'ingreso' ? (
        <Text size="sm" c="teal">
          {dinero(m.monto)}
        </Text>
      ) : (
        ''
      ),
  },
  {
    titulo: 'Egreso',
    alinear: 'right',
    celda: (m) =>
      m.tipo === 'egreso' ? (
        <Text size="sm" c="red">
          {dinero(m.monto)}
        </Text>
      ) : (
        ''
      ),
  },
];

function Cifra({ titulo, children, color }: { titulo: string; children: ReactNode; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      <Text fw={700} ff="monospace" c={color}>
        {children}
      </Text>
    </Stack>
  );
}

/** The figures of spec 002 §5: what the books say against what the statement says, and the difference. */
export function FigurasDeConciliacion({
  figuras,
}: {
  figuras: Pick<
    ConciliacionResumen,
    | 'saldoInicial'
    | 'totalIngresosVerificados'
    | 'ingresosBancarios'
    | 'totalEgresosVerificados'
    | 'gastosBancarios'
    | 'balance'
    | 'saldoFinalDelEstado'
    | 'diferencia'
  >;
}) {
  const cuadra = figuras.diferencia === 0;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="md">
        <Cifra titulo="Saldo inicial">{dinero(figuras.saldoInicial)}</Cifra>
        <Cifra titulo="+ Ingresos verificados">{dinero(figuras.totalIngresosVerificados)}</Cifra>
        <Cifra titulo="+ Intereses">{dinero(figuras.ingresosBancarios)}</Cifra>
        <Cifra titulo="− Egresos verificados">{dinero(figuras.totalEgresosVerificados)}</Cifra>
        <Cifra titulo="− Cargos bancarios">{dinero(figuras.gastosBancarios)}</Cifra>
        <Cifra titulo="= Balance">{dinero(figuras.balance)}</Cifra>
        <Cifra titulo="Saldo del estado">{dinero(figuras.saldoFinalDelEstado)}</Cifra>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Diferencia
          </Text>
          <Badge
            size="lg"
            radius="sm"
            variant={cuadra ? 'light' : 'filled'}
            color={cuadra ? 'green' : 'red'}
            data-testid="diferencia"
          >
            {dinero(figuras.diferencia)}
          </Badge>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
