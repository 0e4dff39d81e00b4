import { randomBytes } from 'node:crypto';
import type { BaseDeDatos, Tx } from '../db/client.ts';
import { migrar } from '../db/migrate.ts';
import { sembrarBancosDemo } from '../modules/bancos/demo.ts';
import { sembrarCentrosDeCostoDemo } from '../modules/centrosDeCosto/demo.ts';
import { sembrarComprasDemo } from '../modules/compras/demo.ts';
import { sembrarConciliacionesDemo } from '../modules/conciliaciones/demo.ts';
import { sembrarConducesDemo } from '../modules/conduces/demo.ts';
import { sembrarDatosMaestrosDemo } from '../modules/configuracion/service.ts';
import { sembrarContactosDemo } from '../modules/contactos/demo.ts';
import { sembrarCotizacionesDemo } from '../modules/cotizaciones/demo.ts';
import { sembrarDespachosDemo } from '../modules/despachos/demo.ts';
import { sembrarPagosDemo } from '../modules/egresos/demo.ts';
import { crearEmpresa, existeEmpresa, type NuevaEmpresa } from '../modules/empresas/service.ts';
import { sembrarEntradasDeDiarioDemo } from '../modules/entradasDeDiario/demo.ts';
import { sembrarExpedientesDemo } from '../modules/expedientes/demo.ts';
import { sembrarVentasDemo } from '../modules/facturas/demo.ts';
import { sembrarConversionesDemo } from '../modules/facturas/demoDeConversiones.ts';
import { sembrarFacturasRecurrentesDemo } from '../modules/facturasRecurrentes/demo.ts';
import { sembrarGastosMenoresDemo } from '../modules/gastosMenores/demo.ts';
import { sembrarNotaDeDebitoDemo } from '../modules/notasDeDebito/demo.ts';
import { sembrarNumeracionesDemo } from '../modules/numeracion/demo.ts';
import { sembrarOrdenesDeCompraDemo } from '../modules/ordenesDeCompra/demo.ts';
import { sembrarProductosDemo } from '../modules/productos/demo.ts';
import { sembrarOperadorDemo } from '../modules/registro/demo.ts';
import { configurarEmpresaNueva } from '../modules/registro/service.ts';
import { sembrarReservacionesDemo } from '../modules/reservaciones/demo.ts';
import { crearAdministrador as crearAdministradorDeEmpresa } from '../modules/usuarios/service.ts';
import { vincularCajaDemo } from './cajaDemo.ts';
import { TENANT_DEMO, TENANT_OPERADOR } from './empresasIniciales.ts';

const EMPRESAS_INICIALES: Array<{ tenantId: number; datos: NuevaEmpresa }> = [
  {
    tenantId: TENANT_DEMO,
    datos: {
      nombre: 'Colmado Demo SRL',
      rnc: '131246796',
      telefono: '8095550100',
      correo: 'demo@ejemplo.do',
      direccion: 'Av. Winston Churchill 1099, Santo Domingo',
    },
  },
  { tenantId: TENANT_OPERADOR, datos: { nombre: 'Operador de la plataforma' } },
];

/** The `admin` of a company; the operator's may also register companies. */
export async function crearAdministrador(tx: Tx, tenantId: number, password: string): Promise<void> {
  await crearAdministradorDeEmpresa(tx, tenantId, password, {
    crearInstanciaDelSistema: tenantId === TENANT_OPERADOR,
  });
}

export type ResultadoPreparacion = {
  migraciones: string[];
  empresasCreadas: number[];
  passwordGenerada?: string;
};

/** Migrates, then on an empty database creates the demo and operator companies with their `admin`. */
export async function prepararBaseDeDatos(
  db: BaseDeDatos,
  opciones: { adminPassword?: string | undefined },
): Promise<ResultadoPreparacion> {
  const migraciones = await migrar(db);
  const passwordGenerada = opciones.adminPassword ? undefined : randomBytes(9).toString('base64url');
  const password = opciones.adminPassword ?? passwordGenerada ?? '';
  const empresasCreadas: number[] = [];
  for (const { tenantId, datos } of EMPRESAS_INICIALES) {
    const creada = await db.enEmpresa(tenantId, async (tx) => {
      if (await existeEmpresa(tx, tenantId)) {
        return false;
      }
      await crearEmpresa(tx, tenantId, datos);
      await crearAdministrador(tx, tenantId, password);
      if (tenantId === TENANT_OPERADOR) {
        // The operator sells subscriptions: it starts like any registered company (docs/empresas.md).
        await configurarEmpresaNueva({ tx, tenantId, ip: '', usuario: null });
        await sembrarOperadorDemo(tx, tenantId);
      }
      if (tenantId === TENANT_DEMO) {
        await sembrarDatosMaestrosDemo(tx, tenantId);
        await sembrarNumeracionesDemo(tx, tenantId);
        await sembrarContactosDemo(tx, tenantId);
        await sembrarProductosDemo(tx, tenantId);
        await vincularCajaDemo(tx, tenantId);
        // Before the documents, so their forms offer the cost centres (modules/centrosDeCosto).
        await sembrarCentrosDeCostoDemo(tx, tenantId);
        await sembrarVentasDemo(tx, tenantId);
        const idCotizacion = await sembrarCotizacionesDemo(tx, tenantId);
        const idConduce = await sembrarConducesDemo(tx, tenantId);
        await sembrarConversionesDemo(tx, tenantId, { idCotizacion, idConduce });
        await sembrarFacturasRecurrentesDemo(tx, tenantId);
        await sembrarDespachosDemo(tx, tenantId);
        // The purchases demo links this order to a purchase (docs/documents.md «Órdenes de compra»).
        const idOrdenDeCompra = await sembrarOrdenesDeCompraDemo(tx, tenantId);
        await sembrarComprasDemo(tx, tenantId, idOrdenDeCompra);
        await sembrarGastosMenoresDemo(tx, tenantId);
        // After the purchases demo: pays part of one of its purchases (modules/egresos).
        await sembrarPagosDemo(tx, tenantId);
        // After the purchases demo: returns goods of one of its purchases (modules/notasDeDebito).
        await sembrarNotaDeDebitoDemo(tx, tenantId);
        // After the documents: two banks, a receipt by transfer into the first and a transfer (modules/bancos).
        await sembrarBancosDemo(tx, tenantId);
        // After the documents and the cost centres: manual journal entries (modules/entradasDeDiario).
        await sembrarEntradasDeDiarioDemo(tx, tenantId);
        // After the bank demo (modules/bancos): one closed and one open reconciliation of its first bank.
        await sembrarConciliacionesDemo(tx, tenantId);
        // A bookable service and one booking (modules/reservaciones).
        await sembrarReservacionesDemo(tx, tenantId);
        // After the contacts: a vehicle-sale case file with two processes (modules/expedientes).
        await sembrarExpedientesDemo(tx, tenantId);
      }
      return true;
    });
    if (creada) {
      empresasCreadas.push(tenantId);
    }
  }
  const resultado: ResultadoPreparacion = { migraciones, empresasCreadas };
  if (empresasCreadas.length > 0 && passwordGenerada) {
    resultado.passwordGenerada = passwordGenerada;
  }
  return resultado;
}
