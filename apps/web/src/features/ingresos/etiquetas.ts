import type { FormaDePagoIngreso, Ingreso } from '@pos/contract';

export const FORMAS_DE_PAGO: { value: FormaDePagoIngreso; label: string }[] = [
  { value: 'Efectivo', label: 'Efectivo' },
  { value: 'Tarjeta', label: 'Tarjeta de crédito' },
  { value: 'Tarjeta-Debito', label: 'Tarjeta de débito' },
  { value: 'Transferencia', label: 'Transferencia' },
  { value: 'Cheque', label: 'Cheque' },
];

export function nombreDeFormaDePago(forma: FormaDePagoIngreso): string {
  return FORMAS_DE_PAGO.find((f) => f.value === forma)?.label ?? forma;
}

export function estadoDeIngreso(ingreso: Pick<Ingreso, 'estado'>): { texto: string; color: string } {
  switch (ingreso.estado) {
    case 'Anulado':
      return { texto: 'Anulado', color: 'red' };
    case 'Por-Anular':
      return { texto: 'Por anular', color: 'orange' };
    default:
      return { texto: 'Activo', color: 'green' };
  }
}
