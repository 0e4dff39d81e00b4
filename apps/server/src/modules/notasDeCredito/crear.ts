import {
  type CrearNotaDeCredito,
  type LineaCreditoFacturaEntrada,
  type LineaDevolucionEntrada,
  type LineaNotaDeCreditoEntrada,
  MENSAJE_NOTA_SIN_LINEAS,
  MENSAJE_TURNO_CERRADO,
  MENSAJE_TURNO_CERRADO_NOTA,
  type NotaDeCreditoEntrada,
  reglaDeVinculos,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  fechaYHoraEnSantoDomingo,
  formatearDinero,
  sumarCentavos,
} from '@pos/domain';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { type CuentasAsignadas, cuentaDe, cuentaDeDetalle } from '../contabilidad/service.ts';
import { type FilaConSaldo, filaDeFactura } from '../facturas/lectura.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import {
  type Contexto,
  cajaDe,
  calcular,
  contextoDeCuentas,
  escribirEfectos,
  type LineaPreparada,
} from './efectos.ts';
import { detalleDe, dineroDevolvible, fila, lineasVendidas, numero, porIdentificador } from './lectura.ts';
import {
  devolucionesNotaDeCredito,
  facturasNotaDeCredito,
  lineasNotaDeCredito,
  notasDeCredito,
} from './tables.ts';

// Credit notes (spec 001 §2, §3 "Credit note", §4, §5, §7 "Credit notes", §8; docs/documents.md «Notas de
// crédito»): creating one. A note returns goods of one invoice (the invoice it modifies): each product
// line returns a line of that invoice at the price, discount and taxes it was sold with (never
// re-priced), so the kit's `documento()` (which prices lines from the product) does not fit; its pieces
// are used instead: crearUnaVez, tomarNumero, the list filter, paginaDe and the cancellation flow. Its
// effects are in efectos.ts; cambios.ts reuses these steps to write an edited note again.

const INDICE_IDENTIFICADOR = 'notas_de_credito_identificador_unico';

// Quantities have 4 decimals: compared in ten-thousandths, never as binary fractions.
const aDiezMilesimas = (valor: number | string) => Math.round(Number(valor) * 10_000);

// ------------------------------------------------------------------------------------ the invoice

const etiquetaDe = (f: FilaConSaldo) => f.comprobante ?? String(f.numeroFactura ?? '');

/** What an invoice still owes (its amount less what was paid at the sale and applied since). */
const pendienteDe = (f: FilaConSaldo) =>
  (aCentavos(f.montoAPagar) - aCentavos(f.cobrado) - aCentavos(f.aplicado)) as Centavos;

/**
 * The invoice a note modifies or is linked to, locked until the note commits (spec 001 §3): it must be
 * active. Two notes of one invoice take turns here, so the second reads what the first returned.
 */
export async function facturaActiva(ctx: Ctx, idFactura: string, campo: string): Promise<FilaConSaldo> {
  const factura = await filaDeFactura(ctx, idFactura, true);
  if (factura.estado !== 'Activo') {
    const estado = factura.estado === 'Anulado' ? 'anulada' : 'por anular';
    throw new AppError(
      'conflicto',
      `La factura ${etiquetaDe(factura)} está ${estado}; no admite notas de crédito.`,
      { errores: [{ campo, mensaje: 'La factura no está activa.' }] },
    );
  }
  return factura;
}

/**
 * Each returned line from the invoice line it names (spec 001 §3, docs/documents.md): its product,
 * price, discount and taxes as sold. Never more than sold minus what the other active notes returned.
 */
export async function prepararLineas(
  ctx: Ctx,
  factura: FilaConSaldo,
  entradas: readonly LineaNotaDeCreditoEntrada[],
  excepto: string | null,
): Promise<LineaPreparada[]> {
  if (entradas.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_NOTA_SIN_LINEAS, {
      errores: [{ campo: 'lineasNotasDeCredito', mensaje: MENSAJE_NOTA_SIN_LINEAS }],
    });
  }
  const vendidas = await lineasVendidas(ctx, factura.id, excepto);
  const vistas = new Set<string>();
  return entradas.map((entrada, indice) => {
    const campo = `lineasNotasDeCredito.${indice}.cantidad`;
    const vendida = vendidas.get(entrada.idLineaFactura);
    if (!vendida) {
      throw new AppError(
        'solicitud_invalida',
        `Una línea no pertenece a la factura ${etiquetaDe(factura)}.`,
        {
          errores: [
            { campo: `lineasNotasDeCredito.${indice}.idLineaFactura`, mensaje: 'No es de la factura.' },
          ],
        },
      );
    }
    if (vistas.has(vendida.id)) {
      throw new AppError(
        'solicitud_invalida',
        `«${vendida.descripcion}» viene repetida en la nota de crédito.`,
      );
    }
    vistas.add(vendida.id);
    const queda = aDiezMilesimas(vendida.cantidad) - aDiezMilesimas(vendida.devuelta);
    if (aDiezMilesimas(entrada.cantidad) > queda) {
      throw new AppError(
        'conflicto',
        `«${vendida.descripcion}»: se devolverían ${entrada.cantidad} y de la factura ${etiquetaDe(factura)} quedan ${Math.max(0, queda) / 10_000} por devolver (vendida ${numero(vendida.cantidad)}, devuelta ${numero(vendida.devuelta)}).`,
        { errores: [{ campo, mensaje: `Quedan ${Math.max(0, queda) / 10_000} por devolver.` }] },
      );
    }
    const porUnidad = numero(vendida.unidades) / numero(vendida.cantidad);
    return {
      ...(entrada._id ? { id: entrada._id } : {}),
      idProducto: vendida.id_producto,
      idCodigoDeBarra: vendida.id_codigo_de_barra,
      descripcion: vendida.descripcion,
      nota: entrada.nota,
      cantidad: String(entrada.cantidad),
      unidades: String(Math.round(entrada.cantidad * porUnidad * 10_000) / 10_000),
      precio: vendida.precio,
      descuento: vendida.descuento,
      descuentoParaSocios: vendida.descuento_para_socios,
      impuestos: vendida.impuestos.map((i) => ({
        name: i.name ?? '',
        tipoDeImpuesto: i.tipoDeImpuesto ?? '',
        tasa: Number(i.tasa),
      })),
      paquete: vendida.paquete,
      variantes: vendida.variantes,
      idLineaFactura: vendida.id,
      costoUnitario: vendida.costo ?? undefined,
    };
  });
}

// ------------------------------------------------------------------------------------ writing rows

type Reparto = { aplicado: Centavos; devuelto: Centavos; credito: Centavos; comprobanteVinculada: string };

/**
 * How the note's total goes (spec 001 §4, docs/documents.md): to the linked invoice, at most what it owes
 * (it is locked here); or refunded, never more than the total; the rest is a credit in favour, which
 * needs a customer.
 */
export async function repartir(
  ctx: Ctx,
  total: Centavos,
  modificada: FilaConSaldo,
  vinculadas: readonly LineaCreditoFacturaEntrada[],
  devoluciones: readonly LineaDevolucionEntrada[],
  /** On an edit, the note itself (its own refunds do not count against it). */
  idNota: string | null = null,
): Promise<Reparto> {
  const mensaje = reglaDeVinculos(vinculadas, devoluciones);
  if (mensaje) {
    throw new AppError('solicitud_invalida', mensaje, {
      errores: [{ campo: 'lineasCreditoFacturas', mensaje }],
    });
  }
  let aplicado = 0 as Centavos;
  let comprobanteVinculada = '';
  const [vinculada] = vinculadas;
  if (vinculada) {
    // Read again (locked): on an edit, what it owes now that this note's own application was undone.
    const factura = await facturaActiva(ctx, vinculada.idFactura, 'lineasCreditoFacturas.0.idFactura');
    if (factura.idCliente !== modificada.idCliente) {
      throw new AppError(
        'solicitud_invalida',
        `La factura ${etiquetaDe(factura)} es de otro cliente; vincula una factura de ${modificada.nombre || 'este cliente'}.`,
        { errores: [{ campo: 'lineasCreditoFacturas.0.idFactura', mensaje: 'Es de otro cliente.' }] },
      );
    }
    aplicado = Math.max(0, Math.min(total, pendienteDe(factura))) as Centavos;
    comprobanteVinculada = etiquetaDe(factura);
  }
  const devuelto = sumarCentavos(devoluciones.map((d) => aCentavos(d.importe)));
  if (devuelto > total) {
    throw new AppError(
      'solicitud_invalida',
      `Las devoluciones suman ${formatearDinero(devuelto)} y la nota de crédito es de ${formatearDinero(total)}.`,
      { errores: [{ campo: 'lineasDevoluciones', mensaje: 'Pasan del total de la nota.' }] },
    );
  }
  if (devuelto > 0) {
    const devolvible = await dineroDevolvible(ctx, modificada, idNota);
    if (devuelto > devolvible) {
      throw new AppError(
        'solicitud_invalida',
        `La factura ${etiquetaDe(modificada)} recibió en dinero ${formatearDinero(devolvible)} que aún se pueden devolver; se devuelven ${formatearDinero(devuelto)}. Lo demás queda como crédito a favor del cliente o baja lo que debe la factura.`,
        {
          errores: [
            { campo: 'lineasDevoluciones', mensaje: `Devuelve hasta ${formatearDinero(devolvible)}.` },
          ],
        },
      );
    }
  }
  const credito = (total - aplicado - devuelto) as Centavos;
  if (credito > 0 && !modificada.idCliente) {
    throw new AppError(
      'solicitud_invalida',
      `La factura ${etiquetaDe(modificada)} no tiene cliente: devuelve el dinero (${formatearDinero(credito)}) en la nota de crédito; no puede quedar como crédito a favor.`,
      { errores: [{ campo: 'lineasDevoluciones', mensaje: 'Devuelve el total de la nota.' }] },
    );
  }
  return { aplicado, devuelto, credito, comprobanteVinculada };
}

/** The refund rows: each account must be a detail account; none means the cash box (a cash refund). */
export async function devolucionesPreparadas(
  ctx: Ctx,
  entradas: readonly LineaDevolucionEntrada[],
  contexto: Contexto,
  fecha: string,
  idTurno: string | null,
) {
  const caja = entradas.length > 0 ? cajaDe(contexto) : '';
  const preparadas = [];
  for (const [i, d] of entradas.entries()) {
    const idCuenta = d.afectarCuenta?.idCuenta ?? caja;
    if (d.afectarCuenta) {
      await cuentaDeDetalle(ctx, idCuenta, `la cuenta de la devolución ${i + 1}`);
    }
    preparadas.push({
      ...(d._id ? { id: d._id } : {}),
      orden: i,
      fechaDeEmision: d.fechaDeEmision ?? fecha,
      idCuenta,
      efectivo: idCuenta === caja,
      importe: String(d.importe),
      nota: d.nota,
      idTurno,
    });
  }
  return preparadas;
}

export async function insertarFilas(
  ctx: Ctx,
  idNota: string,
  lineas: readonly LineaPreparada[],
  devoluciones: Awaited<ReturnType<typeof devolucionesPreparadas>>,
  vinculadas: readonly LineaCreditoFacturaEntrada[],
  reparto: Reparto,
) {
  const { filas: montos } = calcular(lineas);
  await ctx.tx.insert(lineasNotaDeCredito).values(
    lineas.map(({ id, unidades, costoUnitario, ...l }, orden) => ({
      ...(id ? { id } : {}),
      ...l,
      ...montos[orden],
      total: montos[orden]?.total ?? '0',
      unidades,
      costoUnitario: costoUnitario ?? '0',
      tenantId: ctx.tenantId,
      idDocumento: idNota,
      orden,
    })),
  );
  if (devoluciones.length > 0) {
    await ctx.tx
      .insert(devolucionesNotaDeCredito)
      .values(devoluciones.map((d) => ({ ...d, tenantId: ctx.tenantId, idNotaDeCredito: idNota })));
  }
  const [vinculada] = vinculadas;
  if (vinculada) {
    await ctx.tx.insert(facturasNotaDeCredito).values({
      ...(vinculada._id ? { id: vinculada._id } : {}),
      tenantId: ctx.tenantId,
      idNotaDeCredito: idNota,
      idFactura: vinculada.idFactura,
      comprobante: reparto.comprobanteVinculada,
      monto: String(aPesos(reparto.aplicado)),
    });
  }
}

export async function cuentaDeDevoluciones(
  ctx: Ctx,
  entrada: Pick<NotaDeCreditoEntrada, 'CuentaContableDevolucionesDeClientes'>,
  asignadas: CuentasAsignadas,
) {
  if (entrada.CuentaContableDevolucionesDeClientes) {
    return (
      await cuentaDeDetalle(
        ctx,
        entrada.CuentaContableDevolucionesDeClientes.idCuenta,
        'la cuenta de devoluciones de clientes',
      )
    ).idCuenta;
  }
  return cuentaDe(asignadas, 'devolucionesEnVentas');
}

// ------------------------------------------------------------------------------------ API

/**
 * POST /notas-de-credito/. From the POS (`desdeElpos.desdePos`) it needs the user's open shift, as a
 * receipt in does (spec 001 §8). The modified invoice is locked first: notes of one invoice take turns,
 * so two at once never return more than was sold, and a concurrent replay finds the first
 * (`solicitudDuplicada`).
 */
export async function crearNotaDeCredito(ctx: CtxConSesion, entrada: CrearNotaDeCredito) {
  const { desdeElpos } = entrada;
  const modificada = await filaDeFactura(ctx, entrada.notaDeCredito.idFactura, true);
  const { fila: creada, solicitudDuplicada } = await crearUnaVez({
    indice: INDICE_IDENTIFICADOR,
    buscar: () => porIdentificador(ctx, entrada.identificadorUnico),
    crear: async () => {
      // Checked only for a new note: a replay of one already made answers it even if the shift closed.
      const turno = desdeElpos.desdePos
        ? await turnoAbiertoDe(ctx, desdeElpos.idUsuarioDelTurno ?? ctx.usuario._id)
        : null;
      if (desdeElpos.desdePos && !turno) {
        throw new AppError('conflicto', `${MENSAJE_TURNO_CERRADO} ${MENSAJE_TURNO_CERRADO_NOTA}`, {
          datos: { estadoDelTurno: false },
        });
      }
      const factura = await facturaActiva(ctx, modificada.id, 'notaDeCredito.idFactura');
      const lineas = await prepararLineas(ctx, factura, entrada.lineasNotasDeCredito, null);
      const { totales, cabecera: totalesCabecera } = calcular(lineas);
      const idTerminal = desdeElpos.idTerminalRef ?? turno?.idTerminal ?? null;
      const contexto = await contextoDeCuentas(ctx, idTerminal);
      const asignadas = contexto.cuentas ?? {};
      const reparto = await repartir(
        ctx,
        totales.total,
        factura,
        entrada.lineasCreditoFacturas,
        entrada.lineasDevoluciones,
      );
      const ahora = fechaYHoraEnSantoDomingo(new Date());
      const fechaEmision = entrada.notaDeCredito.fechaEmision ?? ahora.fecha;
      const devoluciones = await devolucionesPreparadas(
        ctx,
        entrada.lineasDevoluciones,
        contexto,
        fechaEmision,
        turno?.id ?? null,
      );
      const idCuentaDevoluciones = await cuentaDeDevoluciones(ctx, entrada.notaDeCredito, asignadas);
      const tomado = await tomarNumero(ctx, 'notaDeCredito', entrada.notaDeCredito.idNumeracion ?? undefined);
      const [insertada] = await ctx.tx
        .insert(notasDeCredito)
        .values({
          tenantId: ctx.tenantId,
          identificadorUnico: entrada.identificadorUnico,
          idNumeracion: tomado.idNumeracion,
          numeracionNombre: tomado.numeracionNombre,
          numero: tomado.numero,
          comprobante: tomado.comprobante,
          // The customer's snapshot is the invoice's (the note modifies that document).
          idCliente: factura.idCliente,
          nombre: factura.nombre,
          nombreOpcional: factura.nombreOpcional,
          rnc: factura.rnc,
          tipoDeIdentificacion: factura.tipoDeIdentificacion,
          cedula: factura.cedula,
          telefono: factura.telefono,
          movil: factura.movil,
          correo: factura.correo,
          direccion: factura.direccion,
          socio: factura.socio,
          idListaDePrecio: factura.idListaDePrecio,
          idAlmacen: factura.idAlmacen,
          fechaEmision,
          hora: entrada.notaDeCredito.hora ?? ahora.hora,
          ...totalesCabecera,
          notaPieDePagina: entrada.notaDeCredito.notaPieDePagina,
          notaInformacionInterna: entrada.notaDeCredito.notaInformacionInterna,
          idUsuarioCreador: ctx.usuario._id,
          creadaPor: ctx.usuario.username,
          tipoDeNotasDeCredito: entrada.notaDeCredito.tipoDeNotasDeCredito,
          tipoDeNotasDeCreditoDgii: entrada.notaDeCredito.tipoDeNotasDeCreditoDgii,
          metodoDePago: entrada.notaDeCredito.metodoDePago,
          idFactura: factura.id,
          ncfModificado: etiquetaDe(factura),
          fechaFacturaModificada: factura.fechaEmision,
          idCuentaDevoluciones,
          desdePos: desdeElpos.desdePos,
          idTerminal,
          idTurno: turno?.id ?? null,
          montoAplicado: String(aPesos(reparto.aplicado)),
          montoDevuelto: String(aPesos(reparto.devuelto)),
          montoCredito: String(aPesos(reparto.credito)),
        })
        .returning();
      if (!insertada) {
        throw new Error('La inserción de la nota de crédito no devolvió fila');
      }
      await insertarFilas(ctx, insertada.id, lineas, devoluciones, entrada.lineasCreditoFacturas, reparto);
      await escribirEfectos(ctx, insertada);
      return insertada;
    },
  });
  return { ...(await detalleDe(ctx, await fila(ctx, creada.id))), solicitudDuplicada };
}
