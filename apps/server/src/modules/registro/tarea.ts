import { tareasProgramadas } from '@pos/contract';
import { estadoDeLaSuscripcion, fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { BaseDeDatos } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { TENANT_OPERADOR } from '../../sistema/empresasIniciales.ts';
import type { TareaProgramada } from '../../sistema/tareas.ts';
import { obtenerPlan } from '../configuracion/service.ts';
import { documentosDelContacto } from '../contactos/service.ts';
import { actualizarEstadoDelPlan } from '../empresas/service.ts';
import { facturasPorCobrar } from '../facturas/lectura.ts';
import { empresasVinculadas } from './service.ts';

/**
 * GET /cron-tareas/estado-de-cuenta-del-tenant (spec 002 §7 "Configuration"; docs/empresas.md «Estado
 * del plan»): for every registered company, its plan state from its subscription invoices in the operator
 * company (those of its customer that still owe, read through the invoices' service), its plan's grace
 * days and its trial, by the domain's rule (estadoDeLaSuscripcion). The operator company is read in one
 * transaction; each company is written in one of its own, and only when something changed, so a second
 * run (or two at once) writes the same values and reports no change.
 */
export async function ejecutarEstadoDeCuenta(db: BaseDeDatos, ahora: Date): Promise<Record<string, number>> {
  const hoy = fechaYHoraEnSantoDomingo(ahora).fecha;
  const calculados = await db.enEmpresa(TENANT_OPERADOR, async (tx) => {
    const ctx: Ctx = { tx, tenantId: TENANT_OPERADOR, ip: '', usuario: null };
    const resultado = [];
    for (const fila of await empresasVinculadas(tx)) {
      const pendientes = await facturasPorCobrar(ctx, { idCliente: fila.idCliente, dias: {} });
      const plan = fila.idPlan ? await obtenerPlan(ctx, fila.idPlan) : null;
      // A customer already: a plan, or any document of the operator company made out to it.
      const documentos = await documentosDelContacto(ctx, fila.idCliente);
      const suscrita = plan !== null || documentos.some((tabla) => tabla !== 'empresas_registradas');
      const estado = estadoDeLaSuscripcion({
        hoy,
        facturasPendientes: pendientes.map((f) => ({ pendiente: f.pendiente, vence: f.vence })),
        diasDeGracia: plan?.vigencia ?? 0,
        prueba: fila.pruebaInicio ? { inicio: fila.pruebaInicio, dias: fila.diasDePrueba } : null,
        suscrita,
      });
      resultado.push({ idEmpresa: fila.idEmpresa, estado });
    }
    return resultado;
  });
  const resumen = { empresas: calculados.length, cambios: 0, suspendidas: 0, reactivadas: 0, conSaldo: 0 };
  for (const { idEmpresa, estado } of calculados) {
    const escrito = await db.enEmpresa(idEmpresa, (tx) =>
      actualizarEstadoDelPlan(tx, idEmpresa, {
        estadoDelPlan: estado.estadoDelPlan,
        balancePendienteDelPlan: estado.balancePendienteDelPlan.toFixed(2),
        diasDePruebaDisponibles: estado.diasDePruebaDisponibles,
      }),
    );
    resumen.cambios += escrito.cambio ? 1 : 0;
    resumen.suspendidas += estado.estadoDelPlan === 'Suspendido' && escrito.antes === 'Activo' ? 1 : 0;
    resumen.reactivadas += estado.estadoDelPlan === 'Activo' && escrito.antes === 'Suspendido' ? 1 : 0;
    resumen.conSaldo += estado.balancePendienteDelPlan > 0 ? 1 : 0;
  }
  return resumen;
}

export const tareaEstadoDeCuentaDelTenant: TareaProgramada = {
  endpoint: tareasProgramadas.estadoDeCuentaDelTenant,
  ejecutar: ejecutarEstadoDeCuenta,
};
