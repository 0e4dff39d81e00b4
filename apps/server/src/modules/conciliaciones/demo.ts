import { AbrirConciliacion, CerrarConciliacion } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { listarCuentasDeBanco } from '../bancos/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import {
  abrirConciliacion,
  buscarConciliacion,
  cerrarConciliacion,
  verificarMovimiento,
} from './operaciones.ts';

function dia(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

function finDeMes(fecha: string): string {
  const [anio, mes] = fecha.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(anio, mes, 0)).toISOString().slice(0, 10);
}

/**
 * Demo reconciliations (spec 002 §3 "Reconciliation"), after the bank demo: on the first bank, one
 * closed reconciliation from its opening day to yesterday — every movement ticked, with interest and a
 * fee, so it balances and posts their entries — and one open from today to the month's end with its
 * first movement ticked. Nothing when the company has no bank.
 */
export async function sembrarConciliacionesDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const banco = (await listarCuentasDeBanco(ctx)).cuentas.find((c) => c.activo);
  if (!banco) {
    return;
  }
  const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
  const finCerrada = dia(hoy, -1) >= banco.fechaInicial ? dia(hoy, -1) : banco.fechaInicial;
  const abierta = await abrirConciliacion(
    ctx,
    AbrirConciliacion.parse({
      idCuenta: banco._id,
      fechaInicioConciliacion: banco.fechaInicial,
      fechaFinConciliacion: finCerrada,
      saldoFinalDelEstado: 0,
      ingresosBancarios: 12.5,
      gastosBancarios: 3,
    }),
  );
  const idCerrada = abierta.conciliacion._id;
  const todos = await buscarConciliacion(ctx, {
    idConciliacion: idCerrada,
    filtrarPor: 'todos',
    page: 1,
    limit: 500,
  });
  for (const m of todos.data) {
    await verificarMovimiento(ctx, m._id, { idConciliacion: idCerrada, conciliacionVerificada: true });
  }
  const { conciliacion } = await buscarConciliacion(ctx, {
    idConciliacion: idCerrada,
    filtrarPor: 'todos',
    page: 1,
    limit: 1,
  });
  // The statement the bank sent says exactly what the books say: it balances.
  await cerrarConciliacion(
    ctx,
    CerrarConciliacion.parse({ idConciliacion: idCerrada, saldoFinalDelEstado: conciliacion.balance }),
  );

  const inicio = dia(finCerrada, 1);
  const siguiente = await abrirConciliacion(
    ctx,
    AbrirConciliacion.parse({
      idCuenta: banco._id,
      fechaInicioConciliacion: inicio,
      fechaFinConciliacion: finDeMes(inicio),
      saldoFinalDelEstado: conciliacion.balance,
    }),
  );
  const pendientes = await buscarConciliacion(ctx, {
    idConciliacion: siguiente.conciliacion._id,
    filtrarPor: 'todos',
    page: 1,
    limit: 1,
  });
  const primero = pendientes.data[0];
  if (primero) {
    await verificarMovimiento(ctx, primero._id, {
      idConciliacion: siguiente.conciliacion._id,
      conciliacionVerificada: true,
    });
  }
}
