import { CrearCuentaDeBanco, CrearIngreso, CrearTransferencia } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, hoyEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { cuentaAsignada } from '../contabilidad/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { facturasConSaldo } from '../facturas/lectura.ts';
import { crearIngreso } from '../ingresos/crear.ts';
import { crearCuentaDeBanco } from './service.ts';
import { crearTransferencia } from './transferencias.ts';

function dia(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/**
 * The demo's banks (spec 002 §3 "Bank account"), after the documents: «Banco Popular — Cuenta
 * corriente» takes the chart's main bank account (the 'bancos' assignment), so the demo's payment to a
 * supplier by transfer is already one of its movements, and gets a customer's payment by transfer; a
 * savings account at Banreservas; and a transfer between them. Opening balances on the first day of
 * last month, so the reconciliation demo has a month of movements. Through the services, like the user.
 */
export async function sembrarBancosDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const hoyDia = hoyEnSantoDomingo();
  const [anio, mes] = hoyDia.split('-').map(Number) as [number, number];
  const apertura = new Date(Date.UTC(anio, mes - 2, 1)).toISOString().slice(0, 10);
  const principal = await cuentaAsignada(ctx, 'bancos');
  const popular = await crearCuentaDeBanco(
    ctx,
    CrearCuentaDeBanco.parse({
      identificadorUnico: 'demo-banco-popular',
      nombre: 'Banco Popular — Cuenta corriente',
      numeroDeCuenta: '712-345678-9',
      montoInicial: 250_000,
      fechaInicial: apertura,
      idCuentaContable: principal.idCuenta,
    }),
  );
  const banreservas = await crearCuentaDeBanco(
    ctx,
    CrearCuentaDeBanco.parse({
      identificadorUnico: 'demo-banco-banreservas',
      nombre: 'Banreservas — Cuenta de ahorros',
      numeroDeCuenta: '960-123456-7',
      montoInicial: 85_000,
      fechaInicial: apertura,
    }),
  );
  // A customer pays half of an invoice by transfer into Banco Popular (a deposit to reconcile).
  const [factura] = await facturasConSaldo(ctx, { page: 1, limit: 1 });
  if (factura?.idCliente) {
    await crearIngreso(
      ctx,
      CrearIngreso.parse({
        identificadorUnico: 'demo-ingreso-por-transferencia-1',
        idCliente: factura.idCliente,
        formaDePago: 'Transferencia',
        // Three days ago, or the invoice's own day when it is newer.
        fechaDeEmision: [dia(hoyDia, -3), apertura, factura.fechaEmision.slice(0, 10)].sort().at(-1),
        cuentaContableDebito: { idCuenta: popular.cuentaContable.idCuenta },
        res: [
          {
            idFactura: factura._id,
            importe: aPesos(Math.round(aCentavos(factura.pendiente) / 2) as Centavos),
            nota: 'Transferencia recibida en Banco Popular',
          },
        ],
      }),
    );
  }
  await crearTransferencia(
    ctx,
    CrearTransferencia.parse({
      identificadorUnico: 'demo-transferencia-1',
      idCuentaOrigen: popular._id,
      idCuentaDestino: banreservas._id,
      monto: 40_000,
      fecha: dia(hoyDia, -2) >= apertura ? dia(hoyDia, -2) : hoyDia,
      nota: 'Ahorro del mes',
    }),
  );
}
