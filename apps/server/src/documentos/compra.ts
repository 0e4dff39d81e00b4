import type { CabeceraDeVentaEntrada, LineaDeVentaEntrada } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { AppError } from '../http/errors.ts';
import type { CtxConSesion } from '../http/handle.ts';
import { contactoDeUnaVenta } from '../modules/contactos/service.ts';
import { obtenerAlmacenPrincipal } from '../modules/inventario/service.ts';
import {
  aProductoParaDocumento,
  buscarParaDocumento,
  rechazarSiNoProcede,
} from '../modules/productos/paraDocumento.ts';
import {
  type CabeceraPreparada,
  type ContextoDePrecios,
  instantaneaDelCliente,
  type LineaPreparada,
  lineaPreparada,
} from './venta.ts';

// Spec 001 §3 "Purchase", "Purchase order", §5: what a purchasing document does with what its form
// sends. The supplier's data are a snapshot of the contact (the kit's customer columns: id_cliente is
// the supplier); there is no price list: each line is at the cost the user typed, or the product's cost.

/**
 * A purchasing document's header from its form: the supplier's snapshot (the contact idCliente; a
 * purchase's API field is idProveedor, its module maps it), warehouse, dates; no price list.
 */
export async function cabeceraDeCompra(
  ctx: CtxConSesion,
  entrada: CabeceraDeVentaEntrada,
): Promise<{ cabecera: CabeceraPreparada; contexto: ContextoDePrecios }> {
  const contacto = entrada.idCliente ? await contactoDeUnaVenta(ctx, entrada.idCliente) : null;
  if (contacto && (contacto.estado === 'Anulado' || !contacto.activo)) {
    throw new AppError('conflicto', `El proveedor «${contacto.nombre}» está anulado; elige otro proveedor.`, {
      errores: [{ campo: 'idProveedor', mensaje: 'El proveedor está anulado.' }],
    });
  }
  const ahora = fechaYHoraEnSantoDomingo(new Date());
  const fechaEmision = entrada.fechaEmision ?? ahora.fecha;
  if (entrada.vencimiento && entrada.vencimiento < fechaEmision) {
    throw new AppError('solicitud_invalida', 'El vencimiento no puede ser anterior a la fecha de emisión.', {
      errores: [
        { campo: 'vencimiento', mensaje: 'El vencimiento no puede ser anterior a la fecha de emisión.' },
      ],
    });
  }
  return {
    cabecera: {
      ...instantaneaDelCliente(contacto, entrada.nombre),
      // A supplier's partner discount is a sale's notion.
      socio: false,
      nombreOpcional: entrada.nombreOpcional,
      idListaDePrecio: null,
      idAlmacen: entrada.almacenActual ?? (await obtenerAlmacenPrincipal(ctx))._id,
      fechaEmision,
      hora: entrada.hora ?? ahora.hora,
      vencimiento: entrada.vencimiento ?? null,
      notaPieDePagina: entrada.notaPieDePagina,
      notaInformacionInterna: entrada.notaInformacionInterna,
    },
    contexto: { socio: false },
  };
}

/**
 * Each line at the COST the user typed (precio; default the product's cost), the product's own taxes
 * and name, any discount 0–1 (the contract bounds it; a user's sale-discount limit is not for buying),
 * the domain's amounts. A product blocked by inventory is refused (spec 001 §5 "Quantities in a purchase
 * cannot include a product blocked by inventory").
 */
export async function lineasDeCompra(
  ctx: CtxConSesion,
  entradas: readonly LineaDeVentaEntrada[],
  idAlmacen: string,
  _contexto: ContextoDePrecios,
): Promise<LineaPreparada[]> {
  const ids = [...new Set(entradas.map((l) => l.idProducto))];
  const filas = ids.length > 0 ? await buscarParaDocumento(ctx, { ids }, idAlmacen) : [];
  const porId = new Map(filas.map((fila) => [String(fila.id), fila]));
  return entradas.map((entrada, indice) => {
    const fila = porId.get(entrada.idProducto);
    if (!fila) {
      throw new AppError('no_encontrado', `El producto de la línea ${indice + 1} no existe o está anulado.`, {
        errores: [{ campo: `lineas.${indice}.idProducto`, mensaje: 'El producto no existe o está anulado.' }],
      });
    }
    const producto = aProductoParaDocumento(fila, {
      cantidad: entrada.cantidad,
      paquete: entrada.paquete,
      itemPersonalizado: false,
      variantes: entrada.variantes.map((v) => ({
        valor: v.valor,
        ...(typeof v._id === 'string' ? { _id: v._id } : {}),
      })),
      socio: false,
      documento: 'compra',
    });
    try {
      rechazarSiNoProcede(producto, 'compra', false);
    } catch (error) {
      if (error instanceof AppError) {
        throw new AppError('conflicto', `${producto.nombre}: ${error.message}`, {
          errores: [{ campo: `lineas.${indice}.idProducto`, mensaje: error.message }],
        });
      }
      throw error;
    }
    const precio =
      entrada.precio === null || entrada.precio === undefined
        ? producto.linea.precio
        : String(entrada.precio);
    return lineaPreparada(entrada, producto, precio);
  });
}
