import { egresos, estadosDeCuenta } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import { exportarEstadoDeCuenta, exportarEstadoDeProveedor } from './exportar.ts';
import { estadoDeCuentaProveedor } from './proveedores.ts';
import {
  anticiposEfectuados,
  clientesConBalance,
  estadoDeCuentaCliente,
  transaccionesDelContacto,
} from './service.ts';

/** Registers the statement routes; `carpetaDeArchivos` holds the logos the PDF shows (absent: no logo). */
export async function estadosDeCuentaRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  // What customers owe is the receivables module's; a receipts user sees it to collect, and so does a
  // cashier at the POS (spec 000 §2 /vistas_pos/cuentas-por-cobrar).
  const ver = {
    alguno: [
      { modulo: 'cuentaPorCobrar', accion: 'ver' },
      { modulo: 'ingresos', accion: 'ver' },
      { modulo: 'puntoDeVentas', accion: 'ver' },
    ],
  } as const;
  ruta(app, db, estadosDeCuenta.clientes, ver, (ctx, { body }) => estadoDeCuentaCliente(ctx, body));
  ruta(app, db, estadosDeCuenta.transacciones, ver, (ctx, { body }) => transaccionesDelContacto(ctx, body));
  ruta(app, db, estadosDeCuenta.anticipos, ver, (ctx, { body }) => anticiposEfectuados(ctx, body));
  ruta(app, db, estadosDeCuenta.clientesConBalance, ver, (ctx, { body }) => clientesConBalance(ctx, body));
  // What the company owes suppliers is the payables module's; a payments-out user sees it to pay.
  const verProveedores = {
    alguno: [
      { modulo: 'cuentaPorPagar', accion: 'ver' },
      { modulo: 'egresos', accion: 'ver' },
    ],
  } as const;
  ruta(app, db, egresos.estadoDeCuentaProveedores, verProveedores, (ctx, { body }) =>
    estadoDeCuentaProveedor(ctx, body),
  );
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, estadosDeCuenta.exportar, ver, (ctx, { body }) =>
      exportarEstadoDeCuenta(ctx, body, carpetaDeArchivos),
    );
    ruta(archivos, db, egresos.exportarEstadoDeCuentaProveedores, verProveedores, (ctx, { body }) =>
      exportarEstadoDeProveedor(ctx, body, carpetaDeArchivos),
    );
  });
}
