import {
  type Archivo,
  type AsientoDelDiario,
  type DocumentoOpcion,
  type FiltroLibroDiario,
  type LibroDiario,
  nombreDeTipoDocumento,
} from '@pos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { exportarTabla } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, entreDias, textoDeDias } from '../../http/periodo.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';

// Spec 002 §7 "Accounting": POST /asientos-contables/listar, the journal. Every entry (posted by a
// document or a manual journal entry) with its lines, newest first, 25 per page (§9).

/** The account and every account under it in the chart (a filter on a group takes its children). */
export function cuentaYDescendientes(ctx: Ctx, idCuenta: string): SQL {
  return sql`(with recursive arbol(id) as (
      select id from cuentas_contables where tenant_id = ${ctx.tenantId} and id = ${idCuenta}
      union all
      select c.id from cuentas_contables c join arbol on c.id_padre = arbol.id where c.tenant_id = ${ctx.tenantId})
    select id from arbol)`;
}

function condiciones(ctx: Ctx, filtro: FiltroLibroDiario): SQL[] {
  const lista: SQL[] = [sql`a.tenant_id = ${ctx.tenantId}`];
  const dias = entreDias(sql`a.fecha`, diasDelFiltro(filtro));
  if (dias) {
    lista.push(dias);
  }
  if (filtro.tipoDocumento) {
    lista.push(sql`a.tipo_documento = ${filtro.tipoDocumento}`);
  }
  if (filtro.idCuenta) {
    lista.push(sql`exists (select 1 from lineas_asiento l where l.tenant_id = a.tenant_id and l.id_asiento = a.id
      and l.id_cuenta in ${cuentaYDescendientes(ctx, filtro.idCuenta)})`);
  }
  if (filtro.idCentroDeCosto) {
    lista.push(sql`exists (select 1 from lineas_asiento l where l.tenant_id = a.tenant_id and l.id_asiento = a.id
      and l.id_centro_de_costo = ${filtro.idCentroDeCosto})`);
  }
  const texto = filtro.input.trim().toLowerCase();
  if (texto !== '') {
    // strpos, not LIKE: what the user types is matched literally (a % or _ is not a wildcard).
    lista.push(sql`(a.numero::text = ${texto} or strpos(lower(a.descripcion), ${texto}) > 0
      or strpos(lower(a.comprobante), ${texto}) > 0)`);
  }
  return lista;
}

type FilaAsiento = {
  id: string;
  numero: string;
  fecha: string;
  descripcion: string;
  tipo_documento: string;
  id_documento: string;
  comprobante: string;
  id_asiento_revertido: string | null;
  total_debito: string;
  total_credito: string;
};

type FilaLinea = {
  id: string;
  id_asiento: string;
  id_cuenta: string;
  codigo_de_cuenta: string | null;
  nombre_cuenta: string | null;
  id_centro_de_costo: string | null;
  centro_de_costo: string | null;
  debito: string;
  credito: string;
  nota: string;
};

/** The journal page asked for, with the count and sums of everything the filter matches. */
export async function listarAsientos(ctx: Ctx, filtro: FiltroLibroDiario): Promise<LibroDiario> {
  const donde = sql.join(condiciones(ctx, filtro), sql` and `);
  const [resumen] = await filas<{ total: string; debito: string; credito: string }>(
    ctx.tx,
    sql`select count(*) as total, coalesce(sum(a.total_debito), 0) as debito, coalesce(sum(a.total_credito), 0) as credito
        from asientos_contables a where ${donde}`,
  );
  const pagina = await filas<FilaAsiento>(
    ctx.tx,
    sql`select a.id, a.numero, to_char(a.fecha, 'YYYY-MM-DD') as fecha, a.descripcion, a.tipo_documento,
          a.id_documento, a.comprobante, a.id_asiento_revertido, a.total_debito, a.total_credito
        from asientos_contables a where ${donde}
        order by a.fecha desc, a.numero desc
        limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit}`,
  );
  const lineas = await lineasDe(
    ctx,
    pagina.map((a) => a.id),
  );
  return {
    asientos: pagina.map((a) => aAsiento(a, lineas.get(a.id) ?? [])),
    totalDocs: Number(resumen?.total ?? 0),
    totalDebito: Number(resumen?.debito ?? 0),
    totalCredito: Number(resumen?.credito ?? 0),
  };
}

async function lineasDe(ctx: Ctx, ids: string[]): Promise<Map<string, FilaLinea[]>> {
  const porAsiento = new Map<string, FilaLinea[]>();
  if (ids.length === 0) {
    return porAsiento;
  }
  const resultado = await filas<FilaLinea>(
    ctx.tx,
    sql`select l.id, l.id_asiento, l.id_cuenta, c.codigo_de_cuenta, c.nombre as nombre_cuenta, l.id_centro_de_costo,
          cc.nombre as centro_de_costo, l.debito, l.credito, l.nota
        from lineas_asiento l
        left join cuentas_contables c on c.tenant_id = l.tenant_id and c.id = l.id_cuenta
        left join centros_de_costo cc on cc.tenant_id = l.tenant_id and cc.id = l.id_centro_de_costo
        where l.tenant_id = ${ctx.tenantId}
          and l.id_asiento in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        order by l.id_asiento, l.orden`,
  );
  for (const linea of resultado) {
    const lista = porAsiento.get(linea.id_asiento) ?? [];
    lista.push(linea);
    porAsiento.set(linea.id_asiento, lista);
  }
  return porAsiento;
}

function aAsiento(a: FilaAsiento, lineas: FilaLinea[]): AsientoDelDiario {
  return {
    _id: a.id,
    numero: Number(a.numero),
    fecha: a.fecha,
    descripcion: a.descripcion,
    tipoDocumento: a.tipo_documento,
    nombreTipoDocumento: nombreDeTipoDocumento(a.tipo_documento),
    idDocumento: a.id_documento,
    comprobante: a.comprobante,
    idAsientoRevertido: a.id_asiento_revertido,
    totalDebito: Number(a.total_debito),
    totalCredito: Number(a.total_credito),
    lineas: lineas.map((l) => ({
      _id: l.id,
      idCuenta: l.id_cuenta,
      codigoDeCuenta: l.codigo_de_cuenta ?? '',
      nombreCuenta: l.nombre_cuenta ?? '',
      idCentroDeCosto: l.id_centro_de_costo,
      centroDeCosto: l.centro_de_costo,
      debito: Number(l.debito),
      credito: Number(l.credito),
      nota: l.nota,
    })),
  };
}

/** The lines under a report's title: company, dates, and the filters applied. */
export async function encabezadoContable(
  ctx: Ctx,
  dias: { desde?: string | null; hasta?: string | null },
  filtro: { idCentroDeCosto?: string | null | undefined; idCuenta?: string | null | undefined },
): Promise<string[]> {
  const empresa = (await obtenerConfiguracionGeneral(ctx)).configGeneral[0];
  const lineas = [
    empresa.nombre,
    textoDeDias({
      ...(dias.desde ? { desde: dias.desde } : {}),
      ...(dias.hasta ? { hasta: dias.hasta } : {}),
    }),
  ];
  if (filtro.idCuenta) {
    const [cuenta] = await filas<{ codigo_de_cuenta: string; nombre: string }>(
      ctx.tx,
      sql`select codigo_de_cuenta, nombre from cuentas_contables where tenant_id = ${ctx.tenantId} and id = ${filtro.idCuenta}`,
    );
    lineas.push(`Cuenta: ${cuenta ? `${cuenta.codigo_de_cuenta} ${cuenta.nombre}` : ''}`);
  }
  if (filtro.idCentroDeCosto) {
    const [centro] = await filas<{ nombre: string }>(
      ctx.tx,
      sql`select nombre from centros_de_costo where tenant_id = ${ctx.tenantId} and id = ${filtro.idCentroDeCosto}`,
    );
    lineas.push(`Centro de costo: ${centro?.nombre ?? ''}`);
  }
  return lineas;
}

type FilaExportada = {
  asiento: AsientoDelDiario;
  linea: AsientoDelDiario['lineas'][number];
  primera: boolean;
};

/** POST /asientos-contables/pdf/listar: the filtered journal (every page) as PDF or Excel, one row per line. */
export async function exportarAsientos(
  ctx: Ctx,
  filtro: FiltroLibroDiario & { documentoOpcion: DocumentoOpcion },
): Promise<Archivo> {
  // The export takes every entry the filter matches, not only the page on screen.
  const todo = await listarAsientos(ctx, { ...filtro, page: 1, limit: 100_000 });
  const dias = diasDelFiltro(filtro);
  const filasExportadas: FilaExportada[] = todo.asientos.flatMap((asiento) =>
    asiento.lineas.map((linea, i) => ({ asiento, linea, primera: i === 0 })),
  );
  return exportarTabla(
    {
      titulo: 'Libro diario',
      encabezado: await encabezadoContable(ctx, dias, filtro),
      nombreArchivo: 'libro-diario',
      columnas: [
        {
          titulo: 'No.',
          valor: (f: FilaExportada) => (f.primera ? f.asiento.numero : null),
          formato: 'entero',
          ancho: 0.5,
        },
        { titulo: 'Fecha', valor: (f) => (f.primera ? f.asiento.fecha : ''), ancho: 0.8 },
        {
          titulo: 'Documento',
          valor: (f) => (f.primera ? `${f.asiento.nombreTipoDocumento} ${f.asiento.comprobante}`.trim() : ''),
          ancho: 1.4,
        },
        { titulo: 'Descripción', valor: (f) => (f.primera ? f.asiento.descripcion : ''), ancho: 1.8 },
        { titulo: 'Cuenta', valor: (f) => `${f.linea.codigoDeCuenta} ${f.linea.nombreCuenta}`, ancho: 2 },
        { titulo: 'Centro de costo', valor: (f) => f.linea.centroDeCosto ?? '', ancho: 1 },
        { titulo: 'Débito', valor: (f) => f.linea.debito, formato: 'dinero', ancho: 0.9 },
        { titulo: 'Crédito', valor: (f) => f.linea.credito, formato: 'dinero', ancho: 0.9 },
      ],
      filas: filasExportadas,
      totales: [
        null,
        null,
        null,
        `Totales (${todo.totalDocs} asientos)`,
        null,
        null,
        todo.totalDebito,
        todo.totalCredito,
      ],
    },
    filtro.documentoOpcion,
  );
}
