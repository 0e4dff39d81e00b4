import type {
  CabeceraDeVentaEntrada,
  Contacto,
  LineaDeVentaEntrada,
  ProductoParaDocumento,
} from '@pos/contract';
import {
  aPesos,
  type Centavos,
  calcularTotales,
  descuentoFueraDeLimite,
  descuentoPermitido,
  fechaYHoraEnSantoDomingo,
  type ListaDePrecio,
  mensajeDescuentoInvalido,
} from '@pos/domain';
import { AppError } from '../http/errors.ts';
import type { CtxConSesion } from '../http/handle.ts';
import { listaParaPrecios } from '../modules/configuracion/service.ts';
import { contactoDeUnaVenta } from '../modules/contactos/service.ts';
import { obtenerAlmacenPrincipal } from '../modules/inventario/service.ts';
import { productosParaVenta } from '../modules/productos/venta.ts';
import type { NuevaCabecera, NuevaLinea } from './columnas.ts';

// Spec 001 §1, §3; invariant 3: what every sales document does with what its form sends. The customer's
// data are a snapshot of the contact (a later change of the contact does not rewrite the document), the
// lines are priced again from the products, and the totals are the domain's.

/** The customer's snapshot a sales document keeps (spec 001 §3: nombre, rnc, cedula, …). */
export function instantaneaDelCliente(contacto: Contacto | null, nombreEscrito: string) {
  return {
    idCliente: contacto?._id ?? null,
    nombre: nombreEscrito.trim() || (contacto ? `${contacto.nombre} ${contacto.apellidos}`.trim() : ''),
    rnc: contacto?.rnc ?? '',
    tipoDeIdentificacion: contacto?.tipoDeIdentificacion ?? '',
    cedula: contacto?.tipoDeIdentificacion === 'Cédula' ? contacto.rnc : '',
    telefono: contacto?.telefono ?? '',
    movil: contacto?.movil ?? '',
    correo: contacto?.correo ?? '',
    direccion: contacto?.direccion ?? '',
    socio: contacto?.socio ?? false,
  };
}

export type CabeceraPreparada = Omit<
  NuevaCabecera,
  | 'tenantId'
  | 'identificadorUnico'
  | 'numero'
  | 'comprobante'
  | 'idNumeracion'
  | 'numeracionNombre'
  | 'idUsuarioCreador'
>;

export type ContextoDePrecios = { lista?: ListaDePrecio; socio: boolean };

/** The header of a sales document from its form: customer snapshot, price list, warehouse, dates. */
export async function cabeceraDeVenta(
  ctx: CtxConSesion,
  entrada: CabeceraDeVentaEntrada,
): Promise<{ cabecera: CabeceraPreparada; contexto: ContextoDePrecios }> {
  const contacto = entrada.idCliente ? await contactoDeUnaVenta(ctx, entrada.idCliente) : null;
  if (contacto && (contacto.estado === 'Anulado' || !contacto.activo)) {
    throw new AppError('conflicto', `El cliente «${contacto.nombre}» está anulado; elige otro cliente.`, {
      errores: [{ campo: 'idCliente', mensaje: 'El cliente está anulado.' }],
    });
  }
  const lista = await listaParaPrecios(ctx, entrada.idListaDePrecio ?? contacto?.idListaDePrecio ?? null);
  const ahora = fechaYHoraEnSantoDomingo(new Date());
  const fechaEmision = entrada.fechaEmision ?? ahora.fecha;
  if (entrada.vencimiento && entrada.vencimiento < fechaEmision) {
    throw new AppError('solicitud_invalida', 'El vencimiento no puede ser anterior a la fecha de emisión.', {
      errores: [
        { campo: 'vencimiento', mensaje: 'El vencimiento no puede ser anterior a la fecha de emisión.' },
      ],
    });
  }
  const instantanea = instantaneaDelCliente(contacto, entrada.nombre);
  return {
    cabecera: {
      ...instantanea,
      nombreOpcional: entrada.nombreOpcional,
      idListaDePrecio: lista?._id ?? null,
      idAlmacen: entrada.almacenActual ?? (await obtenerAlmacenPrincipal(ctx))._id,
      fechaEmision,
      hora: entrada.hora ?? ahora.hora,
      vencimiento: entrada.vencimiento ?? null,
      notaPieDePagina: entrada.notaPieDePagina,
      notaInformacionInterna: entrada.notaInformacionInterna,
    },
    contexto: { ...(lista ? { lista } : {}), socio: instantanea.socio },
  };
}

export type LineaPreparada = Omit<NuevaLinea, 'tenantId' | 'idDocumento' | 'orden'>;

/**
 * Each line from its product, read again: its name and taxes, and its price unless one was sent and
 * the user may change prices. The discount stays within the user's limit (a partner's own discount is
 * always allowed, spec 001 §1). The amounts are the domain's.
 */
export async function lineasDeVenta(
  ctx: CtxConSesion,
  entradas: readonly LineaDeVentaEntrada[],
  idAlmacen: string,
  contexto: ContextoDePrecios,
): Promise<LineaPreparada[]> {
  const productos = await productosParaVenta(
    ctx,
    entradas.map((l) => ({
      idProducto: l.idProducto,
      cantidad: l.cantidad,
      paquete: l.paquete,
      itemPersonalizado: false,
      variantes: l.variantes.map((v) => ({
        valor: v.valor,
        ...(typeof v._id === 'string' ? { _id: v._id } : {}),
      })),
    })),
    idAlmacen,
    contexto,
  );
  return entradas.map((entrada, indice) => {
    const producto = productos[indice];
    if (!producto) {
      throw new AppError('no_encontrado', `El producto de la línea ${indice + 1} no existe o está anulado.`, {
        errores: [{ campo: `lineas.${indice}.idProducto`, mensaje: 'El producto no existe o está anulado.' }],
      });
    }
    const precio =
      entrada.precio === null || entrada.precio === undefined || ctx.usuario.bloquearPrecio
        ? producto.linea.precio
        : String(entrada.precio);
    const limite = ctx.usuario.limiteDescuento;
    const permitido = descuentoPermitido({
      limiteDescuento: limite,
      socio: contexto.socio,
      descuentoParaSocios: producto.descuentoParaSocios,
    });
    if (descuentoFueraDeLimite(entrada.descuento, permitido)) {
      throw new AppError('solicitud_invalida', mensajeDescuentoInvalido(limite), {
        errores: [{ campo: `lineas.${indice}.descuento`, mensaje: mensajeDescuentoInvalido(limite) }],
      });
    }
    return lineaPreparada(entrada, producto, precio);
  });
}

/** A document's totals from all its lines (the domain's, never the client's). */
export function totalesDeVenta(
  lineas: readonly Pick<NuevaLinea, 'cantidad' | 'precio' | 'descuento' | 'impuestos'>[],
) {
  const totales = calcularTotales(
    lineas.map((l) => ({
      cantidad: l.cantidad,
      precio: l.precio,
      descuento: Number(l.descuento ?? 0),
      impuestos: l.impuestos ?? [],
    })),
  );
  return {
    importe: String(aPesos(totales.importe)),
    descuento: String(aPesos(totales.descuento)),
    subtotal: String(aPesos(totales.subtotal)),
    impuestos: String(aPesos(totales.impuestos)),
    totalGral: String(aPesos(totales.total)),
  };
}

/**
 * A line as the kit stores it: the product's name, taxes and partner discount, the price the family
 * decided (a sale's shelf price, a purchase's cost), and the domain's amounts.
 */
export function lineaPreparada(
  entrada: LineaDeVentaEntrada,
  producto: ProductoParaDocumento,
  precio: string,
): LineaPreparada {
  const impuestos = producto.impuestos.map((i) => ({
    name: i.name,
    tipoDeImpuesto: i.tipoDeImpuesto,
    tasa: i.tasa,
  }));
  const [calculada] = calcularTotales([
    { cantidad: entrada.cantidad, precio, descuento: entrada.descuento, impuestos },
  ]).lineas;
  const pesos = (valor: Centavos | undefined) => String(aPesos(valor ?? (0 as Centavos)));
  return {
    ...(entrada._id ? { id: entrada._id } : {}),
    idProducto: producto._id,
    idCodigoDeBarra: entrada.idCodigoDeBarra ?? producto.idCodigoDeBarra,
    descripcion: entrada.descripcion?.trim() || producto.nombre,
    nota: entrada.nota,
    cantidad: String(entrada.cantidad),
    precio,
    descuento: String(entrada.descuento),
    descuentoParaSocios: String(producto.descuentoParaSocios),
    impuestos,
    paquete: entrada.paquete,
    variantes: entrada.variantes,
    importe: pesos(calculada?.importe),
    montoDescuento: pesos(calculada?.descuento),
    subtotal: pesos(calculada?.subtotal),
    totalImpuestos: pesos(calculada?.totalImpuestos),
    total: pesos(calculada?.total),
  };
}
