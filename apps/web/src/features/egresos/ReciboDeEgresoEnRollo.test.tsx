import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dinero } from '../../ui/formato.ts';
import { EMPRESA_DE_PRUEBA } from '../facturas/datosDePrueba.ts';
import { egresoDePrueba, lineaDeEgresoDePrueba } from './datosDePrueba.ts';
import { ReciboDeEgresoEnRollo } from './ReciboDeEgresoEnRollo.tsx';

// Spec 000 §2 vista_recibo_egreso: the roll of a withdrawal and of a payment to a supplier.
describe('recibo de egreso en el rollo', () => {
  afterEach(cleanup);

  it('un retiro: su título, la cuenta, la nota una sola vez, el total retirado y la firma de quien recibe', () => {
    render(
      <ReciboDeEgresoEnRollo
        detalle={{
          res: [lineaDeEgresoDePrueba()],
          egresoReferenciadoGral: egresoDePrueba({ detalles: 'Depósito al banco' }),
        }}
        empresa={EMPRESA_DE_PRUEBA}
        formato="80mm"
      />,
    );
    const rollo = screen.getByRole('article', { name: 'Recibo de egreso' });
    expect(rollo).toHaveTextContent('Retiro de efectivo');
    expect(rollo).toHaveTextContent('Banco Popular');
    expect(rollo).toHaveTextContent(`TOTAL RETIRADO${dinero(500)}`);
    expect(rollo).toHaveTextContent('Recibido por');
    // The header's concept repeats the line's note: printed once.
    expect(screen.getAllByText('Depósito al banco')).toHaveLength(1);
  });

  it('un pago de compras: cada compra con lo que debía y lo que queda; anulado lo sella', () => {
    render(
      <ReciboDeEgresoEnRollo
        detalle={{
          res: [
            lineaDeEgresoDePrueba({
              idCompra: 'c1',
              comprobanteCompra: 'CMP00000012',
              cuentaContableDebito: null,
              balancePendiente: 10_000,
              importe: 4_000.5,
              nota: '',
            }),
          ],
          egresoReferenciadoGral: egresoDePrueba({
            tipoDeEgreso: true,
            nombreProveedor: 'Distribuidora Caribe',
            desdeElpos: { desdePos: false, idTerminalRef: null, idUsuarioDelTurno: null },
            total: 4_000.5,
            estado: 'Anulado',
            notaAnular: 'Pago duplicado',
          }),
        }}
        empresa={EMPRESA_DE_PRUEBA}
        formato="58mm"
      />,
    );
    const rollo = screen.getByRole('article', { name: 'Recibo de egreso' });
    expect(rollo).toHaveTextContent('Compra CMP00000012');
    expect(rollo).toHaveTextContent(`Debía ${dinero(10_000)} · queda ${dinero(5_999.5)}`);
    expect(rollo).toHaveTextContent(`TOTAL PAGADO${dinero(4_000.5)}`);
    expect(rollo).toHaveTextContent('Pagado a: Distribuidora Caribe');
    expect(rollo).toHaveTextContent('Anulado: Pago duplicado');
    expect(screen.getAllByText('ANULADO')).toHaveLength(2);
  });
});
