import type { CrearCompaniaNueva } from '@pos/contract';
import type { BaseDeDatos } from '../../db/client.ts';
import type { SesionDeLote } from '../../http/handle.ts';
import { empresasVinculadas, exigirOperador, registrarEmpresa } from '../registro/service.ts';
import { crearFacturaRecurrente, facturaRecurrentePorIdentificador } from './service.ts';

/**
 * POST /factura-recurrente/crearCompaniaNueva/ (spec 001 §3, §7): the operator (company 2, «Registrar
 * empresas») registers a company and, in the same transaction, its subscription's recurring invoice
 * made out to the company's new customer in the operator company; a refusal of either leaves nothing.
 * A retried request (the recurring invoice's identificadorUnico already used) answers the company it made.
 */
export async function crearCompaniaNueva(db: BaseDeDatos, sesion: SesionDeLote, entrada: CrearCompaniaNueva) {
  exigirOperador(sesion.tenantId, sesion.usuario);
  const previa = await sesion.enTransaccion(async (ctx) => {
    const plantilla = await facturaRecurrentePorIdentificador(
      ctx,
      entrada.facturaRecurrente.identificadorUnico,
    );
    if (!plantilla) {
      return undefined;
    }
    const empresa = (await empresasVinculadas(ctx.tx)).find((e) => e.idCliente === plantilla.idCliente);
    return { plantilla, tenantId: empresa?.idEmpresa ?? 0 };
  });
  if (previa) {
    return {
      tenantId: previa.tenantId,
      _id: previa.plantilla._id,
      numeroFacturaRecurrente: previa.plantilla.numero,
      solicitudDuplicada: true,
      message: 'Esta empresa ya fue creada, por favor verifique',
    };
  }
  let plantilla: { _id: string; numeroFacturaRecurrente: number } | undefined;
  const creada = await registrarEmpresa(db, entrada.tenant, {
    operador: sesion.usuario,
    ip: sesion.ip,
    enOperador: async (ctx, empresa) => {
      plantilla = await crearFacturaRecurrente(
        { ...ctx, usuario: sesion.usuario },
        { ...entrada.facturaRecurrente, idCliente: empresa.idClienteEnOperador },
      );
    },
  });
  return {
    tenantId: creada.tenantId,
    _id: plantilla?._id ?? '',
    numeroFacturaRecurrente: plantilla?.numeroFacturaRecurrente ?? 0,
    solicitudDuplicada: false,
    message: `Empresa ${creada.tenantId} creada con su factura recurrente. Entra con el número de empresa ${creada.tenantId} y el usuario ${entrada.tenant.correo}.`,
  };
}
