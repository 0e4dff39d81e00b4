import {
  type Archivo,
  type BalanzaDeComprobacion,
  type DocumentoOpcion,
  type EstadoDeResultados,
  type FilaDeEstado,
  type FiltroDePeriodo,
  type FiltroEstadoFinanciero,
  type FiltroMayor,
  type LibroMayor,
  type Naturaleza,
  nombreDeTipoDocumento,
  type SituacionFinanciera,
  type TipoDeCuenta,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  type CuentaDelEstado,
  estadoDeResultados as calcularEstadoDeResultados,
  situacionFinanciera as calcularSituacionFinanciera,
  compararCodigosDeCuenta,
  type Movido,
  periodoAnterior,
} from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { exportarTabla } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { ahoraEnSantoDomingo, diasDelFiltro } from '../../http/periodo.ts';
import { cuentaYDescendientes, encabezadoContable } from './libro.service.ts';

// Spec 002 §7 "Accounting": estado-de-resultados and situacion-finaciera (sic), plus our trial balance
// (balanza-de-comprobacion) and ledger (mayor). All read the journal only (asientos_contables +
// lineas_asiento); the grouping and totals are the domain's (estadosFinancieros.ts).

type Periodo = { desde: string; hasta: string };

/**
 * The days a statement covers: the preset or range asked for; nothing asked = this month (preset 4);
 * only an end = from the first of that year; only a start = up to today.
 */
export function periodoDelEstado(filtro: FiltroDePeriodo, ahora = new Date()): Periodo {
  let dias = diasDelFiltro(filtro, ahora);
  if (!dias.desde && !dias.hasta) {
    dias = diasDelFiltro({ periodo: 4 }, ahora);
  }
  const hasta = dias.hasta ?? ahoraEnSantoDomingo().fecha;
  return { desde: dias.desde ?? `${hasta.slice(0, 4)}-01-01`, hasta };
}

function delCentro(idCentroDeCosto: string | null | undefined): SQL {
  return idCentroDeCosto ? sql`and l.id_centro_de_costo = ${idCentroDeCosto}` : sql``;
}

/**
 * What the journal moved per account in two spans at once, in one grouped pass over the lines: `actual`
 * from `desdeActual` to `hastaActual`, `previo` from `desdePrevio` to `hastaPrevio` (a null start = from
 * the beginning). The statements compare a period with the one before it; reading the journal once for
 * both halves the work of two separate sums.
 */
async function movidoPorCuentaEnDosTramos(
  ctx: Ctx,
  actual: { desde: string | null; hasta: string },
  previo: { desde: string | null; hasta: string },
  idCentroDeCosto: string | null | undefined,
): Promise<{ actual: Map<string, Movido>; previo: Map<string, Movido> }> {
  const enTramo = (t: { desde: string | null; hasta: string }) =>
    t.desde ? sql`a.fecha between ${t.desde}::date and ${t.hasta}::date` : sql`a.fecha <= ${t.hasta}::date`;
  const desdeTodo =
    actual.desde && previo.desde ? (actual.desde < previo.desde ? actual.desde : previo.desde) : null;
  const hastaTodo = actual.hasta > previo.hasta ? actual.hasta : previo.hasta;
  const resultado = await filas<{
    id_cuenta: string;
    debito: string;
    credito: string;
    debito_previo: string;
    credito_previo: string;
  }>(
    ctx.tx,
    sql`select l.id_cuenta,
          coalesce(sum(l.debito) filter (where ${enTramo(actual)}), 0) as debito,
          coalesce(sum(l.credito) filter (where ${enTramo(actual)}), 0) as credito,
          coalesce(sum(l.debito) filter (where ${enTramo(previo)}), 0) as debito_previo,
          coalesce(sum(l.credito) filter (where ${enTramo(previo)}), 0) as credito_previo
        from lineas_asiento l join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
        where l.tenant_id = ${ctx.tenantId} and a.fecha <= ${hastaTodo}::date
          ${desdeTodo ? sql`and a.fecha >= ${desdeTodo}::date` : sql``} ${delCentro(idCentroDeCosto)}
        group by l.id_cuenta`,
  );
  const mapa = (debito: 'debito' | 'debito_previo', credito: 'credito' | 'credito_previo') =>
    new Map<string, Movido>(
      resultado.map((fila) => [
        fila.id_cuenta,
        { debito: aCentavos(fila[debito]), credito: aCentavos(fila[credito]) },
      ]),
    );
  return { actual: mapa('debito', 'credito'), previo: mapa('debito_previo', 'credito_previo') };
}

type FilaCuenta = CuentaDelEstado & { naturaleza: Naturaleza };

/** Every account of the chart, also the inactive ones (their past postings still count). */
async function cuentasDelCatalogo(ctx: Ctx): Promise<FilaCuenta[]> {
  const resultado = await filas<{
    id: string;
    id_padre: string | null;
    codigo_de_cuenta: string;
    nombre: string;
    tipo: TipoDeCuenta;
    naturaleza: Naturaleza;
  }>(
    ctx.tx,
    sql`select id, id_padre, codigo_de_cuenta, nombre, tipo, naturaleza from cuentas_contables
        where tenant_id = ${ctx.tenantId}`,
  );
  return resultado.map((c) => ({
    id: c.id,
    idPadre: c.id_padre,
    codigoDeCuenta: c.codigo_de_cuenta,
    nombre: c.nombre,
    tipo: c.tipo,
    naturaleza: c.naturaleza,
  }));
}

/** POST /asientos-contables/estado-de-resultados: the period against the one before it. */
export async function estadoDeResultados(
  ctx: Ctx,
  filtro: FiltroEstadoFinanciero,
): Promise<EstadoDeResultados> {
  const periodo = periodoDelEstado(filtro);
  const anterior = periodoAnterior(periodo.desde, periodo.hasta);
  const cuentas = await cuentasDelCatalogo(ctx);
  const { actual, previo } = await movidoPorCuentaEnDosTramos(ctx, periodo, anterior, filtro.idCentroDeCosto);
  return { periodo, periodoAnterior: anterior, ...calcularEstadoDeResultados(cuentas, actual, previo) };
}

/** POST /asientos-contables/situacion-finaciera: balances at the period's end and at the previous one's. */
export async function situacionFinanciera(
  ctx: Ctx,
  filtro: FiltroEstadoFinanciero,
): Promise<SituacionFinanciera> {
  const periodo = periodoDelEstado(filtro);
  const anterior = periodoAnterior(periodo.desde, periodo.hasta);
  const cuentas = await cuentasDelCatalogo(ctx);
  const { actual, previo } = await movidoPorCuentaEnDosTramos(
    ctx,
    { desde: null, hasta: periodo.hasta },
    { desde: null, hasta: anterior.hasta },
    filtro.idCentroDeCosto,
  );
  return {
    periodo: { desde: null, hasta: periodo.hasta },
    periodoAnterior: { desde: null, hasta: anterior.hasta },
    ...calcularSituacionFinanciera(cuentas, actual, previo),
  };
}

/** A balance read by the account's nature: debits − credits for a debit-nature account. */
function segunNaturaleza(naturaleza: Naturaleza, debito: Centavos, credito: Centavos): Centavos {
  return (naturaleza === 'deudora' ? debito - credito : credito - debito) as Centavos;
}

/** POST /asientos-contables/balanza-de-comprobacion: each account the journal touched up to the period's end. */
export async function balanzaDeComprobacion(
  ctx: Ctx,
  filtro: FiltroEstadoFinanciero,
): Promise<BalanzaDeComprobacion> {
  const periodo = periodoDelEstado(filtro);
  const resultado = await filas<{
    id: string;
    codigo_de_cuenta: string;
    nombre: string;
    tipo: TipoDeCuenta;
    naturaleza: Naturaleza;
    debito_antes: string;
    credito_antes: string;
    debito: string;
    credito: string;
  }>(
    ctx.tx,
    sql`select c.id, c.codigo_de_cuenta, c.nombre, c.tipo, c.naturaleza,
          coalesce(sum(l.debito) filter (where a.fecha < ${periodo.desde}::date), 0) as debito_antes,
          coalesce(sum(l.credito) filter (where a.fecha < ${periodo.desde}::date), 0) as credito_antes,
          coalesce(sum(l.debito) filter (where a.fecha >= ${periodo.desde}::date), 0) as debito,
          coalesce(sum(l.credito) filter (where a.fecha >= ${periodo.desde}::date), 0) as credito
        from lineas_asiento l
        join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
        join cuentas_contables c on c.tenant_id = l.tenant_id and c.id = l.id_cuenta
        where l.tenant_id = ${ctx.tenantId} and a.fecha <= ${periodo.hasta}::date ${delCentro(filtro.idCentroDeCosto)}
        group by c.id, c.codigo_de_cuenta, c.nombre, c.tipo, c.naturaleza`,
  );
  let debitos = 0;
  let creditos = 0;
  const filasDeBalanza = resultado
    .map((f) => {
      const debito = aCentavos(f.debito);
      const credito = aCentavos(f.credito);
      debitos += debito;
      creditos += credito;
      const saldoAnterior = segunNaturaleza(
        f.naturaleza,
        aCentavos(f.debito_antes),
        aCentavos(f.credito_antes),
      );
      return {
        idCuenta: f.id,
        codigoDeCuenta: f.codigo_de_cuenta,
        nombre: f.nombre,
        tipo: f.tipo,
        naturaleza: f.naturaleza,
        saldoAnterior: aPesos(saldoAnterior),
        debitos: aPesos(debito),
        creditos: aPesos(credito),
        saldoFinal: aPesos((saldoAnterior + segunNaturaleza(f.naturaleza, debito, credito)) as Centavos),
      };
    })
    .sort((a, b) => compararCodigosDeCuenta(a.codigoDeCuenta, b.codigoDeCuenta));
  return {
    periodo,
    filas: filasDeBalanza,
    totales: { debitos: aPesos(debitos as Centavos), creditos: aPesos(creditos as Centavos) },
  };
}

/** POST /asientos-contables/mayor: one account (and those under it) line by line with its running balance. */
export async function libroMayor(ctx: Ctx, filtro: FiltroMayor): Promise<LibroMayor> {
  const [cuenta] = await filas<{
    id: string;
    codigo_de_cuenta: string;
    nombre: string;
    naturaleza: Naturaleza;
  }>(
    ctx.tx,
    sql`select id, codigo_de_cuenta, nombre, naturaleza from cuentas_contables
        where tenant_id = ${ctx.tenantId} and id = ${filtro.idCuenta}`,
  );
  if (!cuenta) {
    throw new AppError('no_encontrado', 'La cuenta contable no existe');
  }
  const periodo = periodoDelEstado(filtro);
  const cuentas = cuentaYDescendientes(ctx, filtro.idCuenta);
  // The sign of every movement follows the account asked for (a group reads as its nature).
  const signo = cuenta.naturaleza === 'deudora' ? sql`(l.debito - l.credito)` : sql`(l.credito - l.debito)`;
  const [resumen] = await filas<{ inicial: string; debitos: string; creditos: string; total: string }>(
    ctx.tx,
    sql`select coalesce(sum(${signo}) filter (where a.fecha < ${periodo.desde}::date), 0) as inicial,
          coalesce(sum(l.debito) filter (where a.fecha >= ${periodo.desde}::date), 0) as debitos,
          coalesce(sum(l.credito) filter (where a.fecha >= ${periodo.desde}::date), 0) as creditos,
          count(*) filter (where a.fecha >= ${periodo.desde}::date) as total
        from lineas_asiento l join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
        where l.tenant_id = ${ctx.tenantId} and l.id_cuenta in ${cuentas} and a.fecha <= ${periodo.hasta}::date
          ${delCentro(filtro.idCentroDeCosto)}`,
  );
  const inicial = aCentavos(resumen?.inicial ?? 0);
  const movimientos = await filas<{
    id: string;
    id_asiento: string;
    fecha: string;
    numero: string;
    tipo_documento: string;
    id_documento: string;
    comprobante: string;
    descripcion: string;
    nota: string;
    debito: string;
    credito: string;
    acumulado: string;
  }>(
    ctx.tx,
    sql`select * from (
          select l.id, a.id as id_asiento, to_char(a.fecha, 'YYYY-MM-DD') as fecha, a.numero, a.tipo_documento,
            a.id_documento, a.comprobante, a.descripcion, l.nota, l.debito, l.credito, l.orden,
            sum(${signo}) over (order by a.fecha, a.numero, l.orden, l.id) as acumulado
          from lineas_asiento l join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
          where l.tenant_id = ${ctx.tenantId} and l.id_cuenta in ${cuentas}
            and a.fecha between ${periodo.desde}::date and ${periodo.hasta}::date ${delCentro(filtro.idCentroDeCosto)}
        ) m order by m.fecha, m.numero, m.orden, m.id
        limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit}`,
  );
  const debitos = aCentavos(resumen?.debitos ?? 0);
  const creditos = aCentavos(resumen?.creditos ?? 0);
  return {
    cuenta: {
      idCuenta: cuenta.id,
      codigoDeCuenta: cuenta.codigo_de_cuenta,
      nombre: cuenta.nombre,
      naturaleza: cuenta.naturaleza,
    },
    periodo,
    saldoInicial: aPesos(inicial),
    movimientos: movimientos.map((m) => ({
      _id: m.id,
      idAsiento: m.id_asiento,
      fecha: m.fecha,
      numero: Number(m.numero),
      tipoDocumento: m.tipo_documento,
      nombreTipoDocumento: nombreDeTipoDocumento(m.tipo_documento),
      idDocumento: m.id_documento,
      comprobante: m.comprobante,
      descripcion: m.descripcion,
      nota: m.nota,
      debito: Number(m.debito),
      credito: Number(m.credito),
      saldo: aPesos((inicial + aCentavos(m.acumulado)) as Centavos),
    })),
    totalDocs: Number(resumen?.total ?? 0),
    totales: {
      debitos: aPesos(debitos),
      creditos: aPesos(creditos),
      saldoFinal: aPesos((inicial + segunNaturaleza(cuenta.naturaleza, debitos, creditos)) as Centavos),
    },
  };
}

// ------------------------------------------------------------------------------------------ exports

const SANGRIA = '    ';

function columnasDeEstado(etiquetaActual: string, etiquetaAnterior: string) {
  return [
    { titulo: 'Código', valor: (f: FilaDeEstado) => f.codigoDeCuenta, ancho: 0.8 },
    { titulo: 'Cuenta', valor: (f: FilaDeEstado) => `${SANGRIA.repeat(f.nivel)}${f.nombre}`, ancho: 2.6 },
    { titulo: etiquetaActual, valor: (f: FilaDeEstado) => f.actual, formato: 'dinero' as const, ancho: 1 },
    {
      titulo: etiquetaAnterior,
      valor: (f: FilaDeEstado) => f.anterior,
      formato: 'dinero' as const,
      ancho: 1,
    },
  ];
}

const dia = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '');

/** A totals line as a statement row (bold in the PDF's body is not available; it reads as a row). */
function filaDeTotal(nombre: string, valor: { actual: number; anterior: number }): FilaDeEstado {
  return {
    idCuenta: '',
    codigoDeCuenta: '',
    nombre: nombre.toUpperCase(),
    tipo: 'activo',
    nivel: 0,
    esGrupo: true,
    ...valor,
  };
}

export async function exportarEstadoDeResultados(
  ctx: Ctx,
  filtro: FiltroEstadoFinanciero & { documentoOpcion: DocumentoOpcion },
): Promise<Archivo> {
  const estado = await estadoDeResultados(ctx, filtro);
  const t = estado.totales;
  const filasDelPdf = estado.filas.length
    ? [
        ...estado.filas,
        filaDeTotal('Utilidad bruta', t.utilidadBruta),
        filaDeTotal('Resultado del periodo', t.resultado),
      ]
    : [];
  return exportarTabla(
    {
      titulo: 'Estado de resultados',
      encabezado: await encabezadoContable(ctx, estado.periodo, filtro),
      nombreArchivo: 'estado-de-resultados',
      orientacion: 'portrait',
      columnas: columnasDeEstado(
        `${dia(estado.periodo.desde)} – ${dia(estado.periodo.hasta)}`,
        `${dia(estado.periodoAnterior.desde)} – ${dia(estado.periodoAnterior.hasta)}`,
      ),
      filas: filasDelPdf,
    },
    filtro.documentoOpcion,
  );
}

export async function exportarSituacionFinanciera(
  ctx: Ctx,
  filtro: FiltroEstadoFinanciero & { documentoOpcion: DocumentoOpcion },
): Promise<Archivo> {
  const estado = await situacionFinanciera(ctx, filtro);
  const t = estado.totales;
  const filasDelPdf = estado.filas.length
    ? [
        ...estado.filas,
        filaDeTotal('Resultado del ejercicio', t.resultadoDelEjercicio),
        filaDeTotal('Total pasivo + capital', t.totalPasivoYCapital),
      ]
    : [];
  return exportarTabla(
    {
      titulo: 'Estado de situación financiera',
      encabezado: await encabezadoContable(ctx, estado.periodo, filtro),
      nombreArchivo: 'situacion-financiera',
      orientacion: 'portrait',
      columnas: columnasDeEstado(
        `Al ${dia(estado.periodo.hasta)}`,
        `Al ${dia(estado.periodoAnterior.hasta)}`,
      ),
      filas: filasDelPdf,
    },
    filtro.documentoOpcion,
  );
}

export async function exportarBalanza(
  ctx: Ctx,
  filtro: FiltroEstadoFinanciero & { documentoOpcion: DocumentoOpcion },
): Promise<Archivo> {
  const balanza = await balanzaDeComprobacion(ctx, filtro);
  type Fila = BalanzaDeComprobacion['filas'][number];
  return exportarTabla(
    {
      titulo: 'Balanza de comprobación',
      encabezado: await encabezadoContable(ctx, balanza.periodo, filtro),
      nombreArchivo: 'balanza-de-comprobacion',
      columnas: [
        { titulo: 'Código', valor: (f: Fila) => f.codigoDeCuenta, ancho: 0.9 },
        { titulo: 'Cuenta', valor: (f) => f.nombre, ancho: 2.4 },
        { titulo: 'Saldo anterior', valor: (f) => f.saldoAnterior, formato: 'dinero', ancho: 1 },
        { titulo: 'Débitos', valor: (f) => f.debitos, formato: 'dinero', ancho: 1 },
        { titulo: 'Créditos', valor: (f) => f.creditos, formato: 'dinero', ancho: 1 },
        { titulo: 'Saldo final', valor: (f) => f.saldoFinal, formato: 'dinero', ancho: 1 },
      ],
      filas: balanza.filas,
      totales: [null, 'Totales', null, balanza.totales.debitos, balanza.totales.creditos, null],
    },
    filtro.documentoOpcion,
  );
}

export async function exportarMayor(
  ctx: Ctx,
  filtro: FiltroMayor & { documentoOpcion: DocumentoOpcion },
): Promise<Archivo> {
  const mayor = await libroMayor(ctx, { ...filtro, page: 1, limit: 100_000 });
  type Fila = LibroMayor['movimientos'][number];
  return exportarTabla(
    {
      titulo: `Libro mayor: ${mayor.cuenta.codigoDeCuenta} ${mayor.cuenta.nombre}`,
      encabezado: [
        ...(await encabezadoContable(ctx, mayor.periodo, { idCentroDeCosto: filtro.idCentroDeCosto })),
        `Saldo inicial: ${new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2 }).format(mayor.saldoInicial)}`,
      ],
      nombreArchivo: 'libro-mayor',
      columnas: [
        { titulo: 'Fecha', valor: (f: Fila) => dia(f.fecha), ancho: 0.8 },
        { titulo: 'Asiento', valor: (f) => f.numero, formato: 'entero', ancho: 0.6 },
        { titulo: 'Documento', valor: (f) => `${f.nombreTipoDocumento} ${f.comprobante}`.trim(), ancho: 1.4 },
        {
          titulo: 'Descripción',
          valor: (f) => [f.descripcion, f.nota].filter(Boolean).join(' · '),
          ancho: 2.2,
        },
        { titulo: 'Débito', valor: (f) => f.debito, formato: 'dinero', ancho: 0.9 },
        { titulo: 'Crédito', valor: (f) => f.credito, formato: 'dinero', ancho: 0.9 },
        { titulo: 'Saldo', valor: (f) => f.saldo, formato: 'dinero', ancho: 1 },
      ],
      filas: mayor.movimientos,
      totales: [
        null,
        null,
        null,
        'Totales',
        mayor.totales.debitos,
        mayor.totales.creditos,
        mayor.totales.saldoFinal,
      ],
    },
    filtro.documentoOpcion,
  );
}
