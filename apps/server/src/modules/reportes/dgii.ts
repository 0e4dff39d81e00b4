import {
  type Archivo,
  FILAS_POR_PAGINA_DE_REPORTE,
  type FiltroDeReporte,
  FORMATOS_DGII,
  type FormatoDeEnvioDgii,
  type ProblemaDgii,
  REPORTE_606,
  REPORTE_607,
  REPORTE_608,
  type Registro606DelReporte,
  type Registro607DelReporte,
  type Registro608DelReporte,
  type Reporte606,
  type Reporte607,
  type Reporte608,
  TXT_DGII,
} from '@pos/contract';
import {
  aCentavos,
  analizarNcf,
  aPesos,
  archivo606,
  archivo607,
  archivo608,
  type Centavos,
  type DocumentoDgii,
  MONTO_MINIMO_CON_IDENTIFICACION,
  nombreDeArchivoDgii,
  type PagosDe607,
  periodoDeRango,
  problemaDelRncDelInformante,
  problemasDelRegistro,
  type Registro606,
  type Registro607,
  type Registro608,
  TIPOS_DE_ANULACION,
  tipoDeAnulacionDgii,
  tipoDeIdentificacionDgii,
  validarIdentificacionFiscal,
} from '@pos/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type BaseDeDatos, filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { type Ctx, ruta } from '../../http/handle.ts';
import { diasDelFiltro } from '../../http/periodo.ts';
import { numerosEnElRegistroDgii } from '../contactos/rnc.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { consultaDe, type ReporteDelServidor } from './kit.ts';

// design/fiscal-do.md §3: the 606, 607 and 608 of one month. Each query builds the domain's records
// (packages/domain dgii.ts, amounts in cents) once: the report shows them and the TXT writes them, so
// the screen and the file never differ. What each format takes is in docs/reports.md «Formatos DGII».

// ------------------------------------------------------------------------------------ the month

type Mes = { periodo: string; desde: string; hasta: string };

/** The month of the filter: a preset or a range inside one month, widened to the whole month. */
export function mesDelFiltro(filtro: FiltroDeReporte, ahora = new Date()): Mes {
  const dias = diasDelFiltro(filtro, ahora);
  if (!dias.desde || !dias.hasta) {
    throw new AppError('solicitud_invalida', 'Elige el mes: los formatos de la DGII se envían por mes');
  }
  const periodo = periodoDeRango(dias.desde, dias.hasta);
  if (periodo === undefined) {
    throw new AppError(
      'solicitud_invalida',
      'El rango debe estar dentro de un mismo mes: los formatos de la DGII se envían por mes',
    );
  }
  const [anio, mes] = periodo.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(anio, mes, 0)).getUTCDate();
  return { periodo, desde: `${periodo}-01`, hasta: `${periodo}-${String(ultimo).padStart(2, '0')}` };
}

// ------------------------------------------------------------------------------------- helpers

const c = (valor: string | number | null | undefined): Centavos => aCentavos(valor ?? 0);
const p = (valor: Centavos): number => aPesos(valor);
const suma = (valores: Centavos[]): Centavos => valores.reduce((a, b) => a + b, 0) as Centavos;
const esConsumo = (ncf: string) => /^(B02|E32)/.test(ncf.trim().toUpperCase());

type ImpuestoDeLinea = { tipoDeImpuesto?: string; tasa?: number };
type ImpuestosPorClase = { itbis: Centavos; isc: Centavos; propina: Centavos; otros: Centavos };

/** The DGII class of a tax kind (spec 000 §3 tipoDeImpuesto: itbis*, exento, propina, isc, otros). */
function claseDeImpuesto(tipo: string): keyof ImpuestosPorClase | null {
  const t = tipo.trim().toLowerCase();
  if (t.startsWith('itbis')) {
    return 'itbis';
  }
  if (t === 'exento' || t === '') {
    return null;
  }
  return t === 'isc' ? 'isc' : t === 'propina' ? 'propina' : 'otros';
}

/**
 * A line's tax total split over its taxes by rate, in whole cents (the remainder to the last tax), so the
 * classes always add up to the line's stored total.
 */
function repartirImpuestos(
  lineas: { impuestos: ImpuestoDeLinea[]; totalImpuestos: string }[],
): ImpuestosPorClase {
  const r: ImpuestosPorClase = { itbis: c(0), isc: c(0), propina: c(0), otros: c(0) };
  for (const linea of lineas) {
    const total = c(linea.totalImpuestos);
    const conTasa = linea.impuestos.filter((i) => (i.tasa ?? 0) > 0);
    const tasas = conTasa.reduce((s, i) => s + Math.round((i.tasa ?? 0) * 1_000_000), 0);
    let resto = total as number;
    conTasa.forEach((impuesto, indice) => {
      const parte =
        indice === conTasa.length - 1
          ? resto
          : Math.round((total * Math.round((impuesto.tasa ?? 0) * 1_000_000)) / tasas);
      resto -= parte;
      const clase = claseDeImpuesto(impuesto.tipoDeImpuesto ?? '') ?? 'otros';
      r[clase] = (r[clase] + parte) as Centavos;
    });
  }
  return r;
}

type Retencion = { tipoRetencion?: string; monto?: number; idRetencionSeleccionada?: string };

function retenciones(lista: Retencion[]): { itbis: Centavos; isr: Centavos } {
  const isr = lista.filter((r) => (r.tipoRetencion ?? '').toLowerCase() === 'isr');
  const itbis = lista.filter((r) => (r.tipoRetencion ?? '').toLowerCase() !== 'isr');
  return { itbis: suma(itbis.map((r) => c(r.monto))), isr: suma(isr.map((r) => c(r.monto))) };
}

async function rncDeLaEmpresa(ctx: Ctx): Promise<string> {
  return (await obtenerConfiguracionGeneral(ctx)).configGeneral[0]?.rnc.replace(/[\s-]/g, '') ?? '';
}

/**
 * The counterparts' numbers that fail the check digit but are in the DGII registry (fiscal-do.md §2.3:
 * DGII issued some that way), so that they do not stop the file.
 */
async function registradosConDigitoMalo(ctx: Ctx, contrapartes: { rnc: string; cedula: string }[]) {
  const dudosos = contrapartes
    .map((x) => validarIdentificacionFiscal(x.rnc || x.cedula))
    .flatMap((r) => (r.ok && r.valor.advertencia !== undefined ? [r.valor.numero] : []));
  return numerosEnElRegistroDgii(ctx.tx, [...new Set(dudosos)]);
}

/** The problems of one record (the page links its document). */
function problemasDe(
  documento: DocumentoDgii,
  id: string,
  registro: Omit<Parameters<typeof problemasDelRegistro>[0], 'documento' | 'enElRegistroDgii'>,
  registrados: ReadonlySet<string>,
): ProblemaDgii[] {
  const enElRegistroDgii = registrados.has(registro.identificacion);
  return problemasDelRegistro({ documento, ...registro, enElRegistroDgii }).map((mensaje) => ({
    documento,
    id,
    numero: registro.ncf,
    mensaje,
  }));
}

function problemasDeLaEmpresa(rnc: string): ProblemaDgii[] {
  const mensaje = problemaDelRncDelInformante(rnc);
  return mensaje === undefined ? [] : [{ documento: null, id: null, numero: rnc, mensaje }];
}

const comunes = (mes: Mes, rnc: string, formato: FormatoDeEnvioDgii, cantidad: number) => ({
  periodo: mes.periodo,
  fechaInicial: mes.desde,
  fechaFinal: mes.hasta,
  rnc,
  nombreArchivo: nombreDeArchivoDgii(formato, rnc, mes.periodo),
  cantidadDeRegistros: cantidad,
});

// ----------------------------------------------------------------------------------------- 607

/** The document a record comes from (the row's link) and the counterpart's name. */
type Origen<D extends string> = { documento: D; id: string; nombre: string };
type DocumentoDel606 = 'compra' | 'notaDeDebito' | 'gastoMenor';

type Datos<R, T> = { respuesta: R; registros: T[] };

/**
 * A paged format (606, 607): the month's figures and problems (always over every record, the TXT's),
 * the records, and the report rows of a slice of them, built only for the page asked.
 */
type DatosPaginados<R, T, F> = {
  respuesta: Omit<R, 'listaDocumentos' | 'totalRows'>;
  registros: T[];
  filas: (desde: number, hasta: number) => F[];
};

/** The slice of records the filter asks (`page` of `limit`, 25 by default); all without page or limit. */
function rebanada(filtro: FiltroDeReporte, cantidad: number): [number, number] {
  if (!filtro.page && !filtro.limit) {
    return [0, cantidad];
  }
  const limite = filtro.limit ?? FILAS_POR_PAGINA_DE_REPORTE;
  const desde = ((filtro.page ?? 1) - 1) * limite;
  return [desde, desde + limite];
}

/** A paged format's answer: the figures of the whole month, one page of rows and totalRows. */
function respuestaPaginada<R, T, F>(datos: DatosPaginados<R, T, F>, filtro: FiltroDeReporte) {
  const [desde, hasta] = rebanada(filtro, datos.registros.length);
  return {
    ...datos.respuesta,
    listaDocumentos: datos.filas(desde, hasta),
    totalRows: datos.registros.length,
  };
}

type FilaFactura = {
  id: string;
  comprobante: string;
  fecha: string;
  rnc: string;
  cedula: string;
  nombre: string;
  subtotal: string;
  total: string;
  desglose: { tipoDeImpuesto?: string; total?: number }[];
  retenciones: Retencion[];
};

type FilaNota = {
  id: string;
  comprobante: string;
  ncf_modificado: string;
  fecha: string;
  rnc: string;
  cedula: string;
  nombre: string;
  subtotal: string;
  total: string;
  devuelto: string;
};

/** The 607 of a month: invoices with NCF (consumo under RD$250,000 only totalled) and credit notes. */
export async function datos607(
  ctx: Ctx,
  filtro: FiltroDeReporte,
): Promise<DatosPaginados<Reporte607, Registro607, Registro607DelReporte>> {
  const mes = mesDelFiltro(filtro);
  const rnc = await rncDeLaEmpresa(ctx);
  const t = ctx.tenantId;
  const facturas = await filas<FilaFactura>(
    ctx.tx,
    sql`select f.id, f.comprobante, to_char(f.fecha_emision, 'YYYY-MM-DD') as fecha, f.rnc, f.cedula, f.nombre,
          f.subtotal::text as subtotal, f.total::text as total, f.desglose_de_impuestos as desglose, f.retenciones
        from facturas f
        where f.tenant_id = ${t} and f.tipo_ncf is not null and f.comprobante is not null and f.estado <> 'Anulado'
          and f.fecha_emision between ${mes.desde}::date and ${mes.hasta}::date
        order by f.comprobante`,
  );
  const pagos = await filas<{ id_factura: string; metodo: string; monto: string }>(
    ctx.tx,
    sql`select p.id_factura, p.metodo, sum(p.monto)::text as monto
        from pagos_factura p
        join facturas f on f.tenant_id = p.tenant_id and f.id = p.id_factura
        where p.tenant_id = ${t} and p.origen = 'factura' and f.tipo_ncf is not null and f.estado <> 'Anulado'
          and f.fecha_emision between ${mes.desde}::date and ${mes.hasta}::date
        group by p.id_factura, p.metodo`,
  );
  const pagosDe = new Map<string, { metodo: string; monto: Centavos }[]>();
  for (const pago of pagos) {
    const lista = pagosDe.get(pago.id_factura) ?? [];
    lista.push({ metodo: pago.metodo, monto: c(pago.monto) });
    pagosDe.set(pago.id_factura, lista);
  }
  const notas = await filas<FilaNota>(
    ctx.tx,
    sql`select nc.id, nc.comprobante, nc.ncf_modificado, to_char(nc.fecha_emision, 'YYYY-MM-DD') as fecha, nc.rnc,
          nc.cedula, nc.nombre, nc.subtotal::text as subtotal, nc.total_gral::text as total,
          nc.monto_devuelto::text as devuelto
        from notas_de_credito nc
        join numeraciones n on n.tenant_id = nc.tenant_id and n.id = nc.id_numeracion
        where nc.tenant_id = ${t} and n.fiscal and nc.estado <> 'Anulado'
          and nc.fecha_emision between ${mes.desde}::date and ${mes.hasta}::date
        order by nc.comprobante`,
  );
  const lineasDeNotas = await filas<{
    id_documento: string;
    impuestos: ImpuestoDeLinea[];
    total_impuestos: string;
  }>(
    ctx.tx,
    sql`select l.id_documento, l.impuestos, l.total_impuestos::text as total_impuestos
        from lineas_nota_de_credito l
        join notas_de_credito nc on nc.tenant_id = l.tenant_id and nc.id = l.id_documento
        where l.tenant_id = ${t} and nc.estado <> 'Anulado'
          and nc.fecha_emision between ${mes.desde}::date and ${mes.hasta}::date`,
  );

  const registrados = await registradosConDigitoMalo(ctx, [...facturas, ...notas]);
  const registros: Registro607[] = [];
  const origenes: Origen<'factura' | 'notaDeCredito'>[] = [];
  const problemas: ProblemaDgii[] = problemasDeLaEmpresa(rnc);
  let cantidadConsumo = 0;
  const consumo: Centavos[] = [];
  const itbisConsumo: Centavos[] = [];

  const agregar = (origen: Origen<'factura' | 'notaDeCredito'>, registro: Registro607) => {
    origenes.push(origen);
    registros.push(registro);
  };

  for (const f of facturas) {
    const impuestos: ImpuestosPorClase = { itbis: c(0), isc: c(0), propina: c(0), otros: c(0) };
    for (const d of f.desglose) {
      const clase = claseDeImpuesto(d.tipoDeImpuesto ?? '');
      if (clase) {
        impuestos[clase] = (impuestos[clase] + c(d.total)) as Centavos;
      }
    }
    const subtotal = c(f.subtotal);
    const total = c(f.total);
    // fiscal-do.md §3.2: consumo under RD$250,000 goes only in the consumo summary.
    if (esConsumo(f.comprobante) && subtotal < MONTO_MINIMO_CON_IDENTIFICACION) {
      cantidadConsumo += 1;
      consumo.push(total);
      itbisConsumo.push(impuestos.itbis);
      continue;
    }
    const ret = retenciones(f.retenciones);
    const porMetodo = (...metodos: string[]) =>
      suma((pagosDe.get(f.id) ?? []).filter((x) => metodos.includes(x.metodo)).map((x) => x.monto));
    const tarjeta = porMetodo('Tarjeta', 'Tarjeta-Debito');
    const cheque = porMetodo('Cheque', 'Transferencia');
    // Cash over the total was change: columns 17–23 add up to the invoice total (fiscal-do.md §3.2).
    const efectivo = Math.max(0, Math.min(porMetodo('Efectivo'), total - tarjeta - cheque)) as Centavos;
    const credito = Math.max(0, total - efectivo - tarjeta - cheque) as Centavos;
    const pagosDe607: PagosDe607 = {
      efectivo,
      chequeTransferencia: cheque,
      tarjeta,
      credito,
      bonos: c(0),
      permuta: c(0),
      otras: c(0),
    };
    const identificacion = (f.rnc || f.cedula).replace(/[\s-]/g, '');
    const registro: Registro607 = {
      identificacion,
      ncf: f.comprobante,
      ncfModificado: '',
      tipoIngreso: '01',
      fechaComprobante: f.fecha,
      fechaRetencion: ret.itbis + ret.isr > 0 ? f.fecha : null,
      montoFacturado: subtotal,
      itbisFacturado: impuestos.itbis,
      itbisRetenido: ret.itbis,
      itbisPercibido: null,
      retencionRenta: ret.isr,
      isrPercibido: null,
      isc: impuestos.isc,
      otrosImpuestos: impuestos.otros,
      propina: impuestos.propina,
      pagos: pagosDe607,
    };
    agregar({ documento: 'factura', id: f.id, nombre: f.nombre }, registro);
    problemas.push(
      ...problemasDe(
        'factura',
        f.id,
        {
          ncf: f.comprobante,
          identificacion,
          fechaComprobante: f.fecha,
          periodo: mes.periodo,
          requiereIdentificacion: !/^B12/.test(f.comprobante),
        },
        registrados,
      ),
    );
  }

  const lineasPorNota = new Map<string, { impuestos: ImpuestoDeLinea[]; totalImpuestos: string }[]>();
  for (const l of lineasDeNotas) {
    const lista = lineasPorNota.get(l.id_documento) ?? [];
    lista.push({ impuestos: l.impuestos, totalImpuestos: l.total_impuestos });
    lineasPorNota.set(l.id_documento, lista);
  }
  for (const n of notas) {
    const impuestos = repartirImpuestos(lineasPorNota.get(n.id) ?? []);
    const total = c(n.total);
    const sobreConsumo = esConsumo(n.ncf_modificado);
    const devuelto = Math.min(c(n.devuelto), total) as Centavos;
    const identificacion = (n.rnc || n.cedula).replace(/[\s-]/g, '');
    // fiscal-do.md §3.2: a note on a consumo invoice is itemised, RNC optional, columns 17–23 empty.
    // Otherwise what was paid back is cash and the rest reduced what the customer owed (credit).
    const registro: Registro607 = {
      identificacion,
      ncf: n.comprobante,
      ncfModificado: n.ncf_modificado,
      tipoIngreso: '01',
      fechaComprobante: n.fecha,
      fechaRetencion: null,
      montoFacturado: c(n.subtotal),
      itbisFacturado: impuestos.itbis,
      itbisRetenido: c(0),
      itbisPercibido: null,
      retencionRenta: c(0),
      isrPercibido: null,
      isc: impuestos.isc,
      otrosImpuestos: impuestos.otros,
      propina: impuestos.propina,
      pagos: sobreConsumo
        ? null
        : {
            efectivo: devuelto,
            chequeTransferencia: c(0),
            tarjeta: c(0),
            credito: (total - devuelto) as Centavos,
            bonos: c(0),
            permuta: c(0),
            otras: c(0),
          },
    };
    agregar({ documento: 'notaDeCredito', id: n.id, nombre: n.nombre }, registro);
    problemas.push(
      ...problemasDe(
        'notaDeCredito',
        n.id,
        {
          ncf: n.comprobante,
          identificacion,
          fechaComprobante: n.fecha,
          periodo: mes.periodo,
          requiereIdentificacion: !sobreConsumo,
        },
        registrados,
      ),
    );
    if (!analizarNcf(n.ncf_modificado).ok) {
      problemas.push({
        documento: 'notaDeCredito',
        id: n.id,
        numero: n.comprobante,
        mensaje: `La nota de crédito no tiene un NCF modificado válido (${n.ncf_modificado || 'vacío'})`,
      });
    }
  }

  const total = (campo: keyof Registro607) => p(suma(registros.map((r) => r[campo] as Centavos)));
  return {
    registros,
    filas: (desde, hasta) =>
      registros
        .slice(desde, hasta)
        .map((r, i) => fila607(r, origenes[desde + i] as Origen<'factura' | 'notaDeCredito'>)),
    respuesta: {
      ...comunes(mes, rnc, '607', registros.length),
      problemas,
      totalMontoFacturado: total('montoFacturado'),
      totalITBIS: total('itbisFacturado'),
      totalITBISRetenido: total('itbisRetenido'),
      totalRetencionRenta: total('retencionRenta'),
      totalISC: total('isc'),
      totalOtrosImpuestos: total('otrosImpuestos'),
      totalPropinaLegal: total('propina'),
      cantidadConsumo,
      totalConsumo: p(suma(consumo)),
      totalITBISConsumo: p(suma(itbisConsumo)),
    },
  };
}

function fila607(
  r: Registro607,
  { documento, id, nombre }: Origen<'factura' | 'notaDeCredito'>,
): Registro607DelReporte {
  const pago = (campo: keyof PagosDe607) => (r.pagos === null ? null : p(r.pagos[campo]));
  return {
    _id: id,
    documento,
    idFactura: documento === 'factura' ? id : null,
    idNotaDeCredito: documento === 'notaDeCredito' ? id : null,
    nombre,
    rncCedula: r.identificacion,
    tipoId: tipoDeIdentificacionDgii(r.identificacion),
    ncf: r.ncf,
    ncfModificado: r.ncfModificado,
    tipoIngreso: r.tipoIngreso,
    fechaComprobante: r.fechaComprobante,
    fechaRetencion: r.fechaRetencion,
    montoFacturado: p(r.montoFacturado),
    itbisFacturado: p(r.itbisFacturado),
    itbisRetenido: p(r.itbisRetenido),
    retencionRenta: p(r.retencionRenta),
    isc: p(r.isc),
    otrosImpuestos: p(r.otrosImpuestos),
    propinaLegal: p(r.propina),
    efectivo: pago('efectivo'),
    chequeTransferencia: pago('chequeTransferencia'),
    tarjeta: pago('tarjeta'),
    credito: pago('credito'),
    bonos: pago('bonos'),
    permuta: pago('permuta'),
    otrasFormas: pago('otras'),
  };
}

// ----------------------------------------------------------------------------------------- 606

type FilaCompra = {
  id: string;
  ncf: string;
  ncf_modificado: string;
  fecha: string;
  fecha_pago: string | null;
  rnc: string;
  cedula: string;
  nombre: string;
  tipo_bs: string;
  proporcionalidad: boolean;
  al_costo: boolean;
  metodo: string;
  pagado: string;
  a_pagar: string;
  retenciones: Retencion[];
};

type FilaLinea = {
  id_documento: string;
  impuestos: ImpuestoDeLinea[];
  total_impuestos: string;
  subtotal: string;
  servicio: boolean;
};

/** 606 col. 23 (fiscal-do.md §3.1): unpaid 04, part paid 07, else by the method. */
function formaDePago606(metodo: string, pagado: Centavos, aPagar: Centavos): string {
  if (pagado <= 0) {
    return '04';
  }
  if (pagado < aPagar) {
    return '07';
  }
  const m = metodo.toLowerCase();
  return m.startsWith('tarjeta') ? '03' : m === 'cheque' || m === 'transferencia' ? '02' : '01';
}

/** The 606 of a month: purchases with the supplier's NCF, debit notes on purchases, minor expenses (B13). */
export async function datos606(
  ctx: Ctx,
  filtro: FiltroDeReporte,
): Promise<DatosPaginados<Reporte606, Registro606, Registro606DelReporte>> {
  const mes = mesDelFiltro(filtro);
  const rnc = await rncDeLaEmpresa(ctx);
  const t = ctx.tenantId;
  const entre = (columna: string) =>
    sql`${sql.raw(columna)} between ${mes.desde}::date and ${mes.hasta}::date`;
  // Purchases without an NCF are not reported (no fiscal receipt, nothing to deduct).
  const compras = await filas<FilaCompra>(
    ctx.tx,
    sql`select c.id, c.ncf, '' as ncf_modificado, to_char(c.fecha_emision, 'YYYY-MM-DD') as fecha,
          to_char(c.fecha_pago, 'YYYY-MM-DD') as fecha_pago, c.rnc, c.cedula, c.nombre,
          c.tipos_bienes_servicios as tipo_bs, c.itbis_sujeto_proporcionalidad as proporcionalidad,
          c.itbis_al_costo as al_costo, c.metodo_de_pago as metodo, c.pagado::text as pagado,
          c.monto_a_pagar::text as a_pagar, c.retenciones
        from compras c
        where c.tenant_id = ${t} and c.estado <> 'Anulado' and c.ncf <> '' and ${entre('c.fecha_emision')}
        order by c.fecha_emision, c.ncf`,
  );
  const notas = await filas<FilaCompra>(
    ctx.tx,
    sql`select nd.id, nd.comprobante as ncf, nd.ncf_modificado, to_char(nd.fecha_emision, 'YYYY-MM-DD') as fecha,
          to_char(nd.fecha_emision, 'YYYY-MM-DD') as fecha_pago, nd.rnc, nd.cedula, nd.nombre,
          coalesce(c.tipos_bienes_servicios, '09') as tipo_bs,
          coalesce(c.itbis_sujeto_proporcionalidad, false) as proporcionalidad,
          coalesce(c.itbis_al_costo, false) as al_costo, nd.metodo_de_pago as metodo,
          nd.total_gral::text as pagado, nd.total_gral::text as a_pagar, '[]'::jsonb as retenciones
        from notas_de_debito nd
        join numeraciones n on n.tenant_id = nd.tenant_id and n.id = nd.id_numeracion
        left join compras c on c.tenant_id = nd.tenant_id and c.id = nd.id_compra
        where nd.tenant_id = ${t} and n.fiscal and nd.estado <> 'Anulado' and ${entre('nd.fecha_emision')}
        order by nd.fecha_emision, nd.comprobante`,
  );
  const lineas = await filas<FilaLinea>(
    ctx.tx,
    sql`select l.id_documento, l.impuestos, l.total_impuestos::text as total_impuestos, l.subtotal::text as subtotal,
          coalesce(lower(pr.tipo) like 'servicio%', false) as servicio
        from lineas_compra l
        join compras c on c.tenant_id = l.tenant_id and c.id = l.id_documento
        left join productos pr on pr.tenant_id = l.tenant_id and pr.id = l.id_producto
        where l.tenant_id = ${t} and c.estado <> 'Anulado' and c.ncf <> '' and ${entre('c.fecha_emision')}
        union all
        select l.id_documento, l.impuestos, l.total_impuestos::text, l.subtotal::text,
          coalesce(lower(pr.tipo) like 'servicio%', false)
        from lineas_nota_de_debito l
        join notas_de_debito nd on nd.tenant_id = l.tenant_id and nd.id = l.id_documento
        left join productos pr on pr.tenant_id = l.tenant_id and pr.id = l.id_producto
        where l.tenant_id = ${t} and nd.estado <> 'Anulado' and ${entre('nd.fecha_emision')}`,
  );
  const gastos = await filas<{
    id: string;
    ncf: string;
    fecha: string;
    forma: string;
    subtotal: string;
    impuestos: string;
  }>(
    ctx.tx,
    sql`select g.id, coalesce(nullif(g.ncf, ''), g.comprobante) as ncf, to_char(g.fecha_de_emision, 'YYYY-MM-DD') as fecha,
          g.forma_de_pago as forma, g.subtotal::text as subtotal, g.impuestos::text as impuestos
        from gastos_menores g
        join numeraciones n on n.tenant_id = g.tenant_id and n.id = g.id_numeracion
        where g.tenant_id = ${t} and n.fiscal and g.estado <> 'Anulado' and ${entre('g.fecha_de_emision')}
        order by g.fecha_de_emision, g.comprobante`,
  );
  const tiposIsr = new Map(
    (
      await filas<{ id: string; codigo: string }>(
        ctx.tx,
        sql`select id, tipo_retencion_isr as codigo from tipos_de_retencion where tenant_id = ${t}`,
      )
    ).map((r) => [r.id, r.codigo]),
  );

  const lineasPor = new Map<string, FilaLinea[]>();
  for (const l of lineas) {
    const lista = lineasPor.get(l.id_documento) ?? [];
    lista.push(l);
    lineasPor.set(l.id_documento, lista);
  }

  const registrados = await registradosConDigitoMalo(ctx, [...compras, ...notas]);
  const registros: Registro606[] = [];
  const origenes: Origen<DocumentoDel606>[] = [];
  const problemas: ProblemaDgii[] = problemasDeLaEmpresa(rnc);

  const documentos: { documento: 'compra' | 'notaDeDebito'; fila: FilaCompra }[] = [
    ...compras.map((fila) => ({ documento: 'compra' as const, fila })),
    ...notas.map((fila) => ({ documento: 'notaDeDebito' as const, fila })),
  ];
  for (const { documento, fila } of documentos) {
    const suyas = lineasPor.get(fila.id) ?? [];
    const impuestos = repartirImpuestos(
      suyas.map((l) => ({ impuestos: l.impuestos, totalImpuestos: l.total_impuestos })),
    );
    const servicios = suma(suyas.filter((l) => l.servicio).map((l) => c(l.subtotal)));
    const bienes = suma(suyas.filter((l) => !l.servicio).map((l) => c(l.subtotal)));
    const ret = retenciones(fila.retenciones);
    const isr = fila.retenciones.filter((r) => (r.tipoRetencion ?? '').toLowerCase() === 'isr');
    const tipoIsr =
      isr.map((r) => tiposIsr.get(r.idRetencionSeleccionada ?? '') ?? '').find((x) => x !== '') ?? '';
    const pagado = c(fila.pagado);
    const aPagar = c(fila.a_pagar);
    const identificacion = (fila.rnc || fila.cedula).replace(/[\s-]/g, '');
    const registro: Registro606 = {
      identificacion,
      tipoBienesServicios: fila.tipo_bs,
      ncf: fila.ncf,
      ncfModificado: fila.ncf_modificado,
      fechaComprobante: fila.fecha,
      fechaPago: fila.fecha_pago ?? (pagado > 0 && pagado >= aPagar ? fila.fecha : null),
      montoServicios: servicios,
      montoBienes: bienes,
      itbisFacturado: impuestos.itbis,
      itbisRetenido: ret.itbis,
      itbisProporcionalidad: fila.proporcionalidad ? impuestos.itbis : c(0),
      itbisAlCosto: fila.al_costo ? impuestos.itbis : c(0),
      itbisPercibido: null,
      tipoRetencionIsr: ret.isr > 0 ? tipoIsr : '',
      montoRetencionIsr: ret.isr,
      isrPercibido: null,
      isc: impuestos.isc,
      otrosImpuestos: impuestos.otros,
      propina: impuestos.propina,
      formaDePago: documento === 'notaDeDebito' ? '06' : formaDePago606(fila.metodo, pagado, aPagar),
    };
    origenes.push({ documento, id: fila.id, nombre: fila.nombre });
    registros.push(registro);
    problemas.push(
      ...problemasDe(
        documento,
        fila.id,
        {
          ncf: fila.ncf,
          identificacion,
          fechaComprobante: fila.fecha,
          periodo: mes.periodo,
          requiereIdentificacion: true,
        },
        registrados,
      ),
    );
    if (ret.isr > 0 && tipoIsr === '') {
      problemas.push({
        documento,
        id: fila.id,
        numero: fila.ncf,
        mensaje:
          'La retención de ISR no tiene el tipo de retención ISR de la DGII; indíquelo en el tipo de retención',
      });
    }
  }
  for (const g of gastos) {
    // Minor expenses (B13, issued by the buyer): no supplier ID, reported as services, type 02.
    const registro: Registro606 = {
      identificacion: '',
      tipoBienesServicios: '02',
      ncf: g.ncf,
      ncfModificado: '',
      fechaComprobante: g.fecha,
      fechaPago: g.fecha,
      montoServicios: c(g.subtotal),
      montoBienes: c(0),
      itbisFacturado: c(g.impuestos),
      itbisRetenido: c(0),
      itbisProporcionalidad: c(0),
      itbisAlCosto: c(0),
      itbisPercibido: null,
      tipoRetencionIsr: '',
      montoRetencionIsr: c(0),
      isrPercibido: null,
      isc: c(0),
      otrosImpuestos: c(0),
      propina: c(0),
      formaDePago: formaDePago606(g.forma, c(1), c(1)),
    };
    origenes.push({ documento: 'gastoMenor', id: g.id, nombre: 'Gasto menor' });
    registros.push(registro);
    problemas.push(
      ...problemasDe(
        'gastoMenor',
        g.id,
        {
          ncf: g.ncf,
          identificacion: '',
          fechaComprobante: g.fecha,
          periodo: mes.periodo,
          requiereIdentificacion: false,
        },
        registrados,
      ),
    );
  }

  const total = (f: (r: Registro606) => number) => p(suma(registros.map((r) => f(r) as Centavos)));
  return {
    registros,
    filas: (desde, hasta) =>
      registros.slice(desde, hasta).map((r, i) => fila606(r, origenes[desde + i] as Origen<DocumentoDel606>)),
    respuesta: {
      ...comunes(mes, rnc, '606', registros.length),
      problemas,
      totalMontoFacturado: total((r) => r.montoServicios + r.montoBienes),
      totalITBIS: total((r) => r.itbisFacturado),
      totalITBISRetenido: total((r) => r.itbisRetenido),
      totalITBISPorAdelantar: total((r) => r.itbisFacturado - r.itbisAlCosto),
      totalRetencionRenta: total((r) => r.montoRetencionIsr),
      totalISC: total((r) => r.isc),
      totalOtrosImpuestos: total((r) => r.otrosImpuestos),
      totalPropinaLegal: total((r) => r.propina),
    },
  };
}

function fila606(r: Registro606, { documento, id, nombre }: Origen<DocumentoDel606>): Registro606DelReporte {
  return {
    _id: id,
    documento,
    idCompra: documento === 'compra' ? id : null,
    idNotaDeDebito: documento === 'notaDeDebito' ? id : null,
    idGastoMenor: documento === 'gastoMenor' ? id : null,
    nombre,
    rncCedula: r.identificacion,
    tipoId: tipoDeIdentificacionDgii(r.identificacion),
    tipoBienesServicios: r.tipoBienesServicios,
    ncf: r.ncf,
    ncfModificado: r.ncfModificado,
    fechaComprobante: r.fechaComprobante,
    fechaPago: r.fechaPago,
    montoServicios: p(r.montoServicios),
    montoBienes: p(r.montoBienes),
    totalMontoFacturado: p((r.montoServicios + r.montoBienes) as Centavos),
    itbisFacturado: p(r.itbisFacturado),
    itbisRetenido: p(r.itbisRetenido),
    itbisProporcionalidad: p(r.itbisProporcionalidad),
    itbisAlCosto: p(r.itbisAlCosto),
    itbisPorAdelantar: p((r.itbisFacturado - r.itbisAlCosto) as Centavos),
    tipoRetencionIsr: r.tipoRetencionIsr,
    montoRetencionRenta: p(r.montoRetencionIsr),
    isc: p(r.isc),
    otrosImpuestos: p(r.otrosImpuestos),
    propinaLegal: p(r.propina),
    formaDePago: r.formaDePago,
  };
}

// ----------------------------------------------------------------------------------------- 608

/**
 * The 608 of a month: our NCFs issued that month and cancelled (invoices, credit and debit notes, minor
 * expenses), with the reason's code. NCFs voided before use are not recorded by the numbering module, so
 * they are not in the 608 (docs/reports.md).
 */
export async function datos608(ctx: Ctx, filtro: FiltroDeReporte): Promise<Datos<Reporte608, Registro608>> {
  const mes = mesDelFiltro(filtro);
  const rnc = await rncDeLaEmpresa(ctx);
  const t = ctx.tenantId;
  const entre = (columna: string) =>
    sql`${sql.raw(columna)} between ${mes.desde}::date and ${mes.hasta}::date`;
  const anulados = await filas<{
    documento: Registro608DelReporte['documento'];
    id: string;
    ncf: string;
    fecha: string;
    motivo: string;
    itbis: string;
  }>(
    ctx.tx,
    sql`select 'factura' as documento, f.id, f.comprobante as ncf, to_char(f.fecha_emision, 'YYYY-MM-DD') as fecha,
          f.tipo_de_anulacion as motivo, f.itbis::text as itbis
        from facturas f
        where f.tenant_id = ${t} and f.tipo_ncf is not null and f.estado = 'Anulado' and ${entre('f.fecha_emision')}
        union all
        select 'notaDeCredito', nc.id, nc.comprobante, to_char(nc.fecha_emision, 'YYYY-MM-DD'),
          coalesce(nullif(nc.tipo_de_anulacion, ''), nc.nota_anular), nc.impuestos::text
        from notas_de_credito nc
        join numeraciones n on n.tenant_id = nc.tenant_id and n.id = nc.id_numeracion
        where nc.tenant_id = ${t} and n.fiscal and nc.estado = 'Anulado' and ${entre('nc.fecha_emision')}
        union all
        select 'notaDeDebito', nd.id, nd.comprobante, to_char(nd.fecha_emision, 'YYYY-MM-DD'),
          coalesce(nullif(nd.tipo_de_anulacion, ''), nd.nota_anular), nd.impuestos::text
        from notas_de_debito nd
        join numeraciones n on n.tenant_id = nd.tenant_id and n.id = nd.id_numeracion
        where nd.tenant_id = ${t} and n.fiscal and nd.estado = 'Anulado' and ${entre('nd.fecha_emision')}
        union all
        select 'gastoMenor', g.id, coalesce(nullif(g.ncf, ''), g.comprobante), to_char(g.fecha_de_emision, 'YYYY-MM-DD'),
          g.nota_anular, g.impuestos::text
        from gastos_menores g
        join numeraciones n on n.tenant_id = g.tenant_id and n.id = g.id_numeracion
        where g.tenant_id = ${t} and n.fiscal and g.estado = 'Anulado' and ${entre('g.fecha_de_emision')}
        order by 3`,
  );
  const problemas = problemasDeLaEmpresa(rnc);
  const registros: Registro608[] = [];
  const filasDelReporte: Registro608DelReporte[] = [];
  for (const a of anulados) {
    const tipoAnulacion = tipoDeAnulacionDgii(a.motivo);
    registros.push({ ncf: a.ncf, fechaComprobante: a.fecha, tipoAnulacion });
    filasDelReporte.push({
      _id: a.id,
      documento: a.documento,
      idDocumento: a.id,
      ncf: a.ncf,
      fechaComprobante: a.fecha,
      tipoAnulacion,
      motivo: TIPOS_DE_ANULACION.find((x) => x.codigo === tipoAnulacion)?.nombre ?? '',
    });
    const ncf = analizarNcf(a.ncf);
    if (!ncf.ok) {
      problemas.push({
        documento: a.documento,
        id: a.id,
        numero: a.ncf,
        mensaje: `NCF ${a.ncf}: ${ncf.mensaje}`,
      });
    }
  }
  return {
    registros,
    respuesta: {
      ...comunes(mes, rnc, '608', registros.length),
      listaDeFacturasAnuladas: filasDelReporte,
      problemas,
      totalITBIS: p(suma(anulados.map((a) => c(a.itbis)))),
      totalISC: 0,
      totalOtrosImpuestos: 0,
      totalPropinaLegal: 0,
    },
  };
}

// ---------------------------------------------------------------------------------- declarations

export const CONSULTAS_DE_DGII: ReporteDelServidor[] = [
  consultaDe(REPORTE_606, async (ctx, filtro) => respuestaPaginada(await datos606(ctx, filtro), filtro)),
  consultaDe(REPORTE_607, async (ctx, filtro) => respuestaPaginada(await datos607(ctx, filtro), filtro)),
  consultaDe(REPORTE_608, async (ctx, filtro) => (await datos608(ctx, filtro)).respuesta),
];

// ------------------------------------------------------------------------------------------ TXT

/** The month's TXT, or a 422 listing the problems while any remains. */
export async function txtDelFormato(
  ctx: Ctx,
  formato: FormatoDeEnvioDgii,
  filtro: FiltroDeReporte,
): Promise<Archivo> {
  const { respuesta, texto } =
    formato === '606'
      ? await datos606(ctx, filtro).then((d) => ({
          respuesta: d.respuesta,
          texto: archivo606(d.respuesta.rnc, d.respuesta.periodo, d.registros),
        }))
      : formato === '607'
        ? await datos607(ctx, filtro).then((d) => ({
            respuesta: d.respuesta,
            texto: archivo607(d.respuesta.rnc, d.respuesta.periodo, d.registros),
          }))
        : await datos608(ctx, filtro).then((d) => ({
            respuesta: d.respuesta,
            texto: archivo608(d.respuesta.rnc, d.respuesta.periodo, d.registros),
          }));
  if (respuesta.problemas.length > 0) {
    const lista = respuesta.problemas.map((x) => (x.numero ? `${x.numero}: ${x.mensaje}` : x.mensaje));
    throw new AppError(
      'no_procesable',
      `No se puede generar el formato ${formato} mientras haya problemas: ${lista.join('; ')}`,
      { datos: { problemas: respuesta.problemas } },
    );
  }
  return {
    // ASCII except accented names, which the TXT never carries: UTF-8 bytes of the text.
    archivo: new TextEncoder().encode(texto),
    tipo: 'text/plain; charset=utf-8',
    nombre: respuesta.nombreArchivo,
    disposicion: 'attachment',
  };
}

/** POST /reportes/dgii/{606|607|608}/txt (ours), under the reports' permission. */
export async function rutasDeDgii(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  await rutasDeArchivos(app, (archivos) => {
    for (const formato of FORMATOS_DGII) {
      ruta(archivos, db, TXT_DGII[formato], REPORTE_606.permiso, (ctx, { body }) =>
        txtDelFormato(ctx, formato, body),
      );
    }
  });
}
