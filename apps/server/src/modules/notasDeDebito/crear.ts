import {
  type CrearNotaDeDebito,
  type LineaDebitoCompraEntrada,
  type LineaDevolucionProveedorEntrada,
  type LineaNotaDeDebitoEntrada,
  MENSAJE_NOTA_DE_DEBITO_SIN_LINEAS,
  type NotaDeDebitoEntrada,
  reglaDeVinculosDebito,
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
import { cuentasAsignadas } from '../compras/efectos.ts';
import {
  type CuentasAsignadas,
  cuentaDe,
  cuentaDeDetalle,
  cuentaDeInventario,
} from '../contabilidad/service.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import { calcular, escribirEfectos, type LineaPreparada } from './efectos.ts';
import {
  bloquearCompras,
  type CompraConSaldo,
  detalleDe,
  etiquetaDeCompra,
  fila,
  filaDeCompra,
  lineasCompradas,
  numero,
  pendienteDeCompra,
  porIdentificador,
} from './lectura.ts';
import {
  comprasNotaDeDebito,
  devolucionesNotaDeDebito,
  lineasNotaDeDebito,
  notasDeDebito,
} from './tables.ts';

// Debit notes (spec 001 §2, §3 "Debit note", §4, §5, §7 "Debit notes", §8; docs/documents.md «Notas de
// débito»): creating one, the supplier-side mirror of a credit note (modules/notasDeCredito). A note
// returns goods of one purchase (the purchase it modifies): each product line returns a line of that
// purchase at the cost, discount and taxes it was bought with (never re-priced), so the kit's
// `documento()` does not fit; its pieces are used instead: crearUnaVez, tomarNumero, the list filter,
// paginaDe and the cancellation flow. Its effects are in efectos.ts; cambios.ts reuses these steps.

const INDICE_IDENTIFICADOR = 'notas_de_debito_identificador_unico';

// Quantities have 4 decimals: compared in ten-thousandths, never as binary fractions.
const aDiezMilesimas = (valor: number | string) => Math.round(Number(valor) * 10_000);

// ------------------------------------------------------------------------------------ the purchase

/**
 * The purchase a note modifies or is linked to, locked until the note commits: it must be active. Two
 * notes of one purchase take turns here, so the second reads what the first returned.
 */
export async function compraActiva(ctx: Ctx, idCompra: string, campo: string): Promise<CompraConSaldo> {
  const compra = await filaDeCompra(ctx, idCompra, true);
  if (compra.estado !== 'Activo') {
    const estado = compra.estado === 'Anulado' ? 'anulada' : 'por anular';
    throw new AppError(
      'conflicto',
      `La compra ${etiquetaDeCompra(compra)} está ${estado}; no admite notas de débito.`,
      { errores: [{ campo, mensaje: 'La compra no está activa.' }] },
    );
  }
  return compra;
}

/**
 * Each returned line from the purchase line it names (spec 001 §3): its product, cost, discount and
 * taxes as bought, and the account it credits (cuentaContableParaInventario: the user's, else the
 * product's inventory account when it keeps stock, else the account its cost goes to). Never more than
 * bought minus what the other notes in force returned.
 */
export async function prepararLineas(
  ctx: Ctx,
  compra: CompraConSaldo,
  entradas: readonly LineaNotaDeDebitoEntrada[],
  excepto: string | null,
  asignadas: CuentasAsignadas,
): Promise<LineaPreparada[]> {
  if (entradas.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_NOTA_DE_DEBITO_SIN_LINEAS, {
      errores: [{ campo: 'lineasNotasDeDebito', mensaje: MENSAJE_NOTA_DE_DEBITO_SIN_LINEAS }],
    });
  }
  const compradas = await lineasCompradas(ctx, compra.id, excepto);
  const vistas = new Set<string>();
  const preparadas: LineaPreparada[] = [];
  for (const [indice, entrada] of entradas.entries()) {
    const comprada = compradas.get(entrada.idLineaCompra);
    if (!comprada) {
      throw new AppError(
        'solicitud_invalida',
        `Una línea no pertenece a la compra ${etiquetaDeCompra(compra)}.`,
        {
          errores: [{ campo: `lineasNotasDeDebito.${indice}.idLineaCompra`, mensaje: 'No es de la compra.' }],
        },
      );
    }
    if (vistas.has(comprada.id)) {
      throw new AppError(
        'solicitud_invalida',
        `«${comprada.descripcion}» viene repetida en la nota de débito.`,
      );
    }
    vistas.add(comprada.id);
    const queda = aDiezMilesimas(comprada.cantidad) - aDiezMilesimas(comprada.devuelta);
    if (aDiezMilesimas(entrada.cantidad) > queda) {
      const quedan = Math.max(0, queda) / 10_000;
      throw new AppError(
        'conflicto',
        `«${comprada.descripcion}»: se devolverían ${entrada.cantidad} y de la compra ${etiquetaDeCompra(compra)} quedan ${quedan} por devolver (comprada ${numero(comprada.cantidad)}, devuelta ${numero(comprada.devuelta)}).`,
        {
          errores: [
            { campo: `lineasNotasDeDebito.${indice}.cantidad`, mensaje: `Quedan ${quedan} por devolver.` },
          ],
        },
      );
    }
    const idCuenta = entrada.cuentaContableParaInventario
      ? (
          await cuentaDeDetalle(
            ctx,
            entrada.cuentaContableParaInventario.idCuenta,
            `la cuenta de la línea ${indice + 1}`,
          )
        ).idCuenta
      : comprada.inventariable
        ? cuentaDeInventario(comprada.id_cuenta_inventario, asignadas)
        : (comprada.id_cuenta_costo_de_venta ?? cuentaDe(asignadas, 'costoDeVentas'));
    preparadas.push({
      ...(entrada._id ? { id: entrada._id } : {}),
      idProducto: comprada.id_producto,
      idCodigoDeBarra: comprada.id_codigo_de_barra,
      descripcion: comprada.descripcion,
      nota: entrada.nota,
      cantidad: String(entrada.cantidad),
      unidades: String(Math.round(entrada.cantidad * numero(comprada.por_unidad) * 10_000) / 10_000),
      precio: comprada.precio,
      descuento: comprada.descuento,
      descuentoParaSocios: comprada.descuento_para_socios,
      impuestos: comprada.impuestos.map((i) => ({
        name: i.name ?? '',
        tipoDeImpuesto: i.tipoDeImpuesto ?? '',
        tasa: Number(i.tasa),
      })),
      paquete: comprada.paquete,
      variantes: comprada.variantes,
      idLineaCompra: comprada.id,
      idCuenta,
    });
  }
  return preparadas;
}

// ------------------------------------------------------------------------------------ writing rows

export type Reparto = {
  aplicado: Centavos;
  devuelto: Centavos;
  porCobrar: Centavos;
  comprobanteVinculada: string;
};

/**
 * How the note's total goes (spec 001 §4, docs/documents.md): to the linked purchase (of the same
 * supplier), at most what it owes (it is locked here); or paid back by the supplier, never more than the
 * total; the rest the supplier owes the company. `agregado`: which of the two came last (§5 messages).
 */
export async function repartir(
  ctx: Ctx,
  total: Centavos,
  modificada: CompraConSaldo,
  vinculadas: readonly LineaDebitoCompraEntrada[],
  devoluciones: readonly LineaDevolucionProveedorEntrada[],
  agregado: 'vinculo' | 'devolucion',
): Promise<Reparto> {
  const mensaje = reglaDeVinculosDebito(vinculadas, devoluciones, agregado);
  if (mensaje) {
    throw new AppError('solicitud_invalida', mensaje, {
      errores: [{ campo: 'lineasDebitoCompras', mensaje }],
    });
  }
  let aplicado = 0 as Centavos;
  let comprobanteVinculada = '';
  const [vinculada] = vinculadas;
  if (vinculada) {
    // Read again (locked): on an edit, what it owes now that this note's own application was undone.
    const compra =
      vinculada.idCompra === modificada.id
        ? await filaDeCompra(ctx, modificada.id, true)
        : await compraActiva(ctx, vinculada.idCompra, 'lineasDebitoCompras.0.idCompra');
    if (compra.idCliente !== modificada.idCliente) {
      throw new AppError(
        'solicitud_invalida',
        `La compra ${etiquetaDeCompra(compra)} es de otro proveedor; vincula una compra de ${modificada.nombre || 'este proveedor'}.`,
        { errores: [{ campo: 'lineasDebitoCompras.0.idCompra', mensaje: 'Es de otro proveedor.' }] },
      );
    }
    aplicado = Math.max(0, Math.min(total, pendienteDeCompra(compra))) as Centavos;
    comprobanteVinculada = etiquetaDeCompra(compra);
  }
  const devuelto = sumarCentavos(devoluciones.map((d) => aCentavos(d.importe)));
  if (devuelto > total) {
    throw new AppError(
      'solicitud_invalida',
      `Las devoluciones suman ${formatearDinero(devuelto)} y la nota de débito es de ${formatearDinero(total)}.`,
      { errores: [{ campo: 'lineasDevoluciones', mensaje: 'Pasan del total de la nota.' }] },
    );
  }
  return { aplicado, devuelto, porCobrar: (total - aplicado - devuelto) as Centavos, comprobanteVinculada };
}

/** The money-return rows: each account must be a detail account; none means the company's cash box. */
export async function devolucionesPreparadas(
  ctx: Ctx,
  entradas: readonly LineaDevolucionProveedorEntrada[],
  asignadas: CuentasAsignadas,
  fecha: string,
) {
  const preparadas = [];
  for (const [i, d] of entradas.entries()) {
    const idCuenta = d.cuentaContableDebito
      ? (await cuentaDeDetalle(ctx, d.cuentaContableDebito.idCuenta, `la cuenta de la devolución ${i + 1}`))
          .idCuenta
      : cuentaDe(asignadas, 'cajaGeneral');
    preparadas.push({
      ...(d._id ? { id: d._id } : {}),
      orden: i,
      fechaDeEmision: d.fechaDeEmision ?? fecha,
      idCuenta,
      importe: String(d.importe),
      nota: d.nota,
    });
  }
  return preparadas;
}

export async function insertarFilas(
  ctx: Ctx,
  idNota: string,
  lineas: readonly LineaPreparada[],
  devoluciones: Awaited<ReturnType<typeof devolucionesPreparadas>>,
  vinculadas: readonly LineaDebitoCompraEntrada[],
  reparto: Reparto,
) {
  const { filas: montos } = calcular(lineas);
  await ctx.tx.insert(lineasNotaDeDebito).values(
    lineas.map(({ id, ...l }, orden) => ({
      ...(id ? { id } : {}),
      ...l,
      ...montos[orden],
      total: montos[orden]?.total ?? '0',
      tenantId: ctx.tenantId,
      idDocumento: idNota,
      orden,
    })),
  );
  if (devoluciones.length > 0) {
    await ctx.tx
      .insert(devolucionesNotaDeDebito)
      .values(devoluciones.map((d) => ({ ...d, tenantId: ctx.tenantId, idNotaDeDebito: idNota })));
  }
  const [vinculada] = vinculadas;
  if (vinculada) {
    await ctx.tx.insert(comprasNotaDeDebito).values({
      ...(vinculada._id ? { id: vinculada._id } : {}),
      tenantId: ctx.tenantId,
      idNotaDeDebito: idNota,
      idCompra: vinculada.idCompra,
      comprobante: reparto.comprobanteVinculada,
      monto: String(aPesos(reparto.aplicado)),
    });
  }
}

/** CuentaContableDevolucionesAProveedores: the user's (a detail account), else 'devolucionesEnCompras'. */
export async function cuentaDeDevoluciones(
  ctx: Ctx,
  entrada: Pick<NotaDeDebitoEntrada, 'CuentaContableDevolucionesAProveedores'>,
  asignadas: CuentasAsignadas,
) {
  if (entrada.CuentaContableDevolucionesAProveedores) {
    return (
      await cuentaDeDetalle(
        ctx,
        entrada.CuentaContableDevolucionesAProveedores.idCuenta,
        'la cuenta de devoluciones a proveedores',
      )
    ).idCuenta;
  }
  return cuentaDe(asignadas, 'devolucionesEnCompras');
}

// ------------------------------------------------------------------------------------ API

/**
 * POST /notas-de-debito/. The modified purchase is locked first: notes of one purchase take turns, so two
 * at once never return more than was bought, and a concurrent replay finds the first
 * (`solicitudDuplicada`).
 */
export async function crearNotaDeDebito(ctx: CtxConSesion, entrada: CrearNotaDeDebito) {
  await bloquearCompras(ctx, [
    entrada.notaDeDebito.idCompra,
    ...entrada.lineasDebitoCompras.map((v) => v.idCompra),
  ]);
  const modificada = await filaDeCompra(ctx, entrada.notaDeDebito.idCompra, true);
  const { fila: creada, solicitudDuplicada } = await crearUnaVez({
    indice: INDICE_IDENTIFICADOR,
    buscar: () => porIdentificador(ctx, entrada.identificadorUnico),
    crear: async () => {
      const compra = await compraActiva(ctx, modificada.id, 'notaDeDebito.idCompra');
      const asignadas = await cuentasAsignadas(ctx);
      const lineas = await prepararLineas(ctx, compra, entrada.lineasNotasDeDebito, null, asignadas);
      const { totales, cabecera: totalesCabecera } = calcular(lineas);
      const reparto = await repartir(
        ctx,
        totales.total,
        compra,
        entrada.lineasDebitoCompras,
        entrada.lineasDevoluciones,
        'devolucion',
      );
      const ahora = fechaYHoraEnSantoDomingo(new Date());
      const fechaEmision = entrada.notaDeDebito.fechaEmision ?? ahora.fecha;
      const devoluciones = await devolucionesPreparadas(
        ctx,
        entrada.lineasDevoluciones,
        asignadas,
        fechaEmision,
      );
      const idCuentaDevoluciones = await cuentaDeDevoluciones(ctx, entrada.notaDeDebito, asignadas);
      // The shift is informative (spec 001 §7 idTurnoRef): the user's open one when none is named.
      const idTurno = entrada.idTurnoRef ?? (await turnoAbiertoDe(ctx, ctx.usuario._id))?.id ?? null;
      const tomado = await tomarNumero(ctx, 'notaDeDebito', entrada.notaDeDebito.idNumeracion ?? undefined);
      const [insertada] = await ctx.tx
        .insert(notasDeDebito)
        .values({
          tenantId: ctx.tenantId,
          identificadorUnico: entrada.identificadorUnico,
          idNumeracion: tomado.idNumeracion,
          numeracionNombre: tomado.numeracionNombre,
          numero: tomado.numero,
          comprobante: tomado.comprobante,
          // The supplier's snapshot is the purchase's (the note modifies that document).
          idCliente: compra.idCliente,
          nombre: compra.nombre,
          nombreOpcional: compra.nombreOpcional,
          rnc: compra.rnc,
          tipoDeIdentificacion: compra.tipoDeIdentificacion,
          cedula: compra.cedula,
          telefono: compra.telefono,
          movil: compra.movil,
          correo: compra.correo,
          direccion: compra.direccion,
          socio: compra.socio,
          idListaDePrecio: compra.idListaDePrecio,
          idAlmacen: compra.idAlmacen,
          fechaEmision,
          hora: entrada.notaDeDebito.hora ?? ahora.hora,
          ...totalesCabecera,
          notaPieDePagina: entrada.notaDeDebito.notaPieDePagina,
          notaInformacionInterna: entrada.notaDeDebito.notaInformacionInterna,
          idUsuarioCreador: ctx.usuario._id,
          creadaPor: ctx.usuario.username,
          tipoDeNotasDeDebito: entrada.notaDeDebito.tipoDeNotasDeDebito,
          tipoDeNotasDeDebitoDgii: entrada.notaDeDebito.tipoDeNotasDeDebitoDgii,
          metodoDePago: entrada.notaDeDebito.metodoDePago,
          idCompra: compra.id,
          // The NCF the 606 reports for the purchase (docs/documents.md «Notas de débito»).
          ncfModificado: compra.ncf || etiquetaDeCompra(compra),
          fechaCompraModificada: compra.fechaEmision,
          idCuentaDevoluciones,
          idTurno,
          montoAplicado: String(aPesos(reparto.aplicado)),
          montoDevuelto: String(aPesos(reparto.devuelto)),
          montoPorCobrar: String(aPesos(reparto.porCobrar)),
        })
        .returning();
      if (!insertada) {
        throw new Error('La inserción de la nota de débito no devolvió fila');
      }
      await insertarFilas(ctx, insertada.id, lineas, devoluciones, entrada.lineasDebitoCompras, reparto);
      await escribirEfectos(ctx, insertada);
      return insertada;
    },
  });
  return { ...(await detalleDe(ctx, await fila(ctx, creada.id))), solicitudDuplicada };
}
