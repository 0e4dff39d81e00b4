import type { CabeceraDeVenta, FiltroDeDocumentos } from '@pos/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../http/handle.ts';
import { diasDelFiltro, entreDias } from '../http/periodo.ts';
import type { FilaCabecera } from './columnas.ts';

// Reading a sales document (docs/documents.md): the header every one answers with and the list filter
// they share. Used by the kit's builder (documento.ts) and by the documents not declared with it
// (credit and debit notes).

export const numero = (valor: string | number | null) => Number(valor ?? 0);

/** The header every sales document answers with (spec 001 §3), from its kit columns. */
export function cabeceraDeVentaDe(fila: FilaCabecera): CabeceraDeVenta {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idNumeracion: fila.idNumeracion,
    numeracionNombre: fila.numeracionNombre,
    comprobante: fila.comprobante,
    idCliente: fila.idCliente,
    nombre: fila.nombre,
    nombreOpcional: fila.nombreOpcional,
    rnc: fila.rnc,
    tipoDeIdentificacion: fila.tipoDeIdentificacion,
    cedula: fila.cedula,
    telefono: fila.telefono,
    movil: fila.movil,
    correo: fila.correo,
    direccion: fila.direccion,
    socio: fila.socio,
    idListaDePrecio: fila.idListaDePrecio,
    almacenActual: fila.idAlmacen,
    fechaEmision: fila.fechaEmision,
    hora: fila.hora,
    vencimiento: fila.vencimiento,
    importe: numero(fila.importe),
    descuento: numero(fila.descuento),
    subtotal: numero(fila.subtotal),
    impuestos: numero(fila.impuestos),
    totalGral: numero(fila.totalGral),
    notaPieDePagina: fila.notaPieDePagina,
    notaInformacionInterna: fila.notaInformacionInterna,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    activo: fila.estado !== 'Anulado',
    tipoDeAnulacion: fila.tipoDeAnulacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadaPor: fila.creadaPor,
    creadoEn: fila.creadoEn.toISOString(),
  };
}

/**
 * The list filter every sales document shares, over its header table aliased `d` (spec 001 §2): the
 * active documents (a pending request is still active) or the audit view (Por-Anular and Anulado), the
 * customer, the period and the search (name, number, RNC). A family adds its own conditions.
 */
export function condicionesDeLista(ctx: Ctx, filtro: FiltroDeDocumentos): SQL[] {
  const condiciones = [sql`d.tenant_id = ${ctx.tenantId}`];
  condiciones.push(
    filtro.buscarPorEstado ? sql`d.estado in ('Por-Anular', 'Anulado')` : sql`d.estado <> 'Anulado'`,
  );
  if (filtro.idCliente) {
    condiciones.push(sql`d.id_cliente = ${filtro.idCliente}`);
  }
  const dias = entreDias(sql`d.fecha_emision`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(
      sql`(d.nombre ilike ${patron} or d.comprobante ilike ${patron} or d.rnc ilike ${patron}
           or d.numero::text = ${filtro.input})`,
    );
  }
  return condiciones;
}
