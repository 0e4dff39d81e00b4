import { aCentavos, aPesos, type Centavos, sumarCentavos } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';

// ---------------------------------------------------------------------------------------------
// The posting service (architecture invariant 6). Every document that moves money calls it inside
// its own transaction:
//
//   registrarAsiento(ctx, asiento)  → one numbered, balanced journal entry linked to the document.
//   asientoParaRegistrar(asiento)   → the same entry as the argument of its SQL function, for a
//                                     document written in one call (a sale).
//   revertirAsientos(ctx, tipo, id) → a reversing entry for each of the document's live entries
//                                     (cancellation); the originals are never edited.
//
// Lines on the same account, cost centre and contact are netted (unless `netear: false`); zero lines
// are dropped. A document's cost centre goes on all its lines, so each entry balances per centre. An
// unbalanced entry is a bug in the caller, never a user error, so it throws a plain Error (the request
// fails with 500 and nothing is written). The header's CHECK (total_debito = total_credito) guards the database as well.
// ---------------------------------------------------------------------------------------------

export type LineaDeAsiento = {
  idCuenta: string;
  /** Cents; a line has a debit or a credit. */
  debito?: Centavos;
  credito?: Centavos;
  nota?: string;
  /** Posting dimensions (migration 0031); absent = none. */
  idCentroDeCosto?: string | null;
  idContacto?: string | null;
};

export type NuevoAsiento = {
  tipoDocumento: string;
  idDocumento: string;
  /** AAAA-MM-DD, the document's date. */
  fecha: string;
  descripcion: string;
  comprobante?: string;
  lineas: readonly LineaDeAsiento[];
  /** The document's cost centre, put on every line that has none. */
  idCentroDeCosto?: string | null;
  /** True (default): lines netted per (cuenta, centro, contacto). False keeps each line as given (manual entries). */
  netear?: boolean;
};

export type LineaPreparada = {
  idCuenta: string;
  debito: Centavos;
  credito: Centavos;
  nota: string;
  idCentroDeCosto: string | null;
  idContacto: string | null;
};

export type AsientoRegistrado = { id: string; numero: number };

/**
 * Nets the lines per (account, cost centre, contact) — or, with `netear: false`, keeps them as given —,
 * drops zeros, and checks debits = credits. `idCentroDeCosto` goes on every line that has no centre.
 */
export function prepararLineas(
  lineas: readonly LineaDeAsiento[],
  opciones: { idCentroDeCosto?: string | null; netear?: boolean } = {},
): LineaPreparada[] {
  const centroDelDocumento = opciones.idCentroDeCosto || null;
  const grupos = new Map<string, { linea: LineaPreparada; neto: number; notas: string[] }>();
  for (const [indice, linea] of lineas.entries()) {
    const idCentroDeCosto = linea.idCentroDeCosto || centroDelDocumento;
    const idContacto = linea.idContacto || null;
    const clave =
      opciones.netear === false
        ? String(indice)
        : `${linea.idCuenta}|${idCentroDeCosto ?? ''}|${idContacto ?? ''}`;
    const grupo = grupos.get(clave) ?? {
      linea: {
        idCuenta: linea.idCuenta,
        debito: 0 as Centavos,
        credito: 0 as Centavos,
        nota: '',
        idCentroDeCosto,
        idContacto,
      },
      neto: 0,
      notas: [],
    };
    grupo.neto += (linea.debito ?? 0) - (linea.credito ?? 0);
    if (linea.nota && !grupo.notas.includes(linea.nota)) {
      grupo.notas.push(linea.nota);
    }
    grupos.set(clave, grupo);
  }
  const resultado = [...grupos.values()]
    .filter(({ neto }) => neto !== 0)
    .map(({ linea, neto, notas }) => ({
      ...linea,
      debito: (neto > 0 ? neto : 0) as Centavos,
      credito: (neto < 0 ? -neto : 0) as Centavos,
      nota: notas.join('; '),
    }));
  const debitos = sumarCentavos(resultado.map((linea) => linea.debito));
  const creditos = sumarCentavos(resultado.map((linea) => linea.credito));
  if (debitos !== creditos) {
    throw new Error(`Asiento descuadrado: débitos ${debitos} ≠ créditos ${creditos} (centavos)`);
  }
  return resultado;
}

/** Posts one balanced journal entry for a document; returns its id and number. */
export async function registrarAsiento(ctx: Ctx, asiento: NuevoAsiento): Promise<AsientoRegistrado | null> {
  return insertarAsiento(ctx, asiento, null);
}

/**
 * The entry as the JSON argument of `contabilidad_registrar_asiento` (migration 0009): netted,
 * checked and with its total. Null when the lines net to nothing. A document written in one call (a
 * sale) passes it on and lets its own function fill what depends on its number (`descripcion`,
 * `comprobante`, `idDocumento`).
 */
export function asientoParaRegistrar(
  asiento: Omit<NuevoAsiento, 'idDocumento' | 'descripcion'> &
    Partial<Pick<NuevoAsiento, 'idDocumento' | 'descripcion'>>,
  idAsientoRevertido: string | null = null,
): Record<string, unknown> | null {
  const lineas = prepararLineas(asiento.lineas, {
    idCentroDeCosto: asiento.idCentroDeCosto,
    netear: asiento.netear,
  });
  if (lineas.length === 0) {
    return null;
  }
  return {
    tipoDocumento: asiento.tipoDocumento,
    fecha: asiento.fecha,
    ...(asiento.idDocumento === undefined ? {} : { idDocumento: asiento.idDocumento }),
    ...(asiento.descripcion === undefined ? {} : { descripcion: asiento.descripcion }),
    comprobante: asiento.comprobante ?? '',
    idAsientoRevertido,
    total: String(aPesos(sumarCentavos(lineas.map((linea) => linea.debito)))),
    lineas: lineas.map((linea, orden) => ({
      orden,
      id_cuenta: linea.idCuenta,
      debito: String(aPesos(linea.debito)),
      credito: String(aPesos(linea.credito)),
      nota: linea.nota,
      id_centro_de_costo: linea.idCentroDeCosto,
      id_contacto: linea.idContacto,
    })),
  };
}

async function insertarAsiento(
  ctx: Ctx,
  asiento: NuevoAsiento,
  idAsientoRevertido: string | null,
): Promise<AsientoRegistrado | null> {
  const datos = asientoParaRegistrar(asiento, idAsientoRevertido);
  if (!datos) {
    return null;
  }
  const [fila] = await filas<{ id: string; numero: string }>(
    ctx.tx,
    sql`select id, numero from contabilidad_registrar_asiento(${ctx.tenantId}, ${ctx.usuario?._id ?? null}::uuid, ${JSON.stringify(datos)}::jsonb)`,
  );
  if (!fila) {
    throw new Error('No se pudo registrar el asiento contable');
  }
  return { id: fila.id, numero: Number(fila.numero) };
}

/**
 * Posts the reversal of every entry of a document that is not reversed yet: the same lines with
 * debit and credit swapped, dated `fecha`. Returns the reversing entries.
 */
export async function revertirAsientos(
  ctx: Ctx,
  tipoDocumento: string,
  idDocumento: string,
  fecha: string,
  descripcion: string,
): Promise<AsientoRegistrado[]> {
  const pendientes = await filas<{
    id: string;
    comprobante: string;
    lineas: {
      id_cuenta: string;
      debito: string;
      credito: string;
      nota: string;
      id_centro_de_costo: string | null;
      id_contacto: string | null;
    }[];
  }>(
    ctx.tx,
    sql`select a.id, a.comprobante,
          (select json_agg(json_build_object('id_cuenta', l.id_cuenta, 'debito', l.debito, 'credito', l.credito, 'nota', l.nota,
                   'id_centro_de_costo', l.id_centro_de_costo, 'id_contacto', l.id_contacto) order by l.orden)
           from lineas_asiento l where l.tenant_id = a.tenant_id and l.id_asiento = a.id) as lineas
        from asientos_contables a
        where a.tenant_id = ${ctx.tenantId} and a.tipo_documento = ${tipoDocumento} and a.id_documento = ${idDocumento}
          and a.id_asiento_revertido is null
          and not exists (select 1 from asientos_contables r where r.tenant_id = a.tenant_id and r.id_asiento_revertido = a.id)
        order by a.numero`,
  );
  const reversos: AsientoRegistrado[] = [];
  for (const original of pendientes) {
    const reverso = await insertarAsiento(
      ctx,
      {
        tipoDocumento,
        idDocumento,
        fecha,
        descripcion,
        comprobante: original.comprobante,
        // Line by line: the reversal mirrors the original exactly, dimensions included.
        netear: false,
        lineas: original.lineas.map((linea) => ({
          idCuenta: linea.id_cuenta,
          debito: aCentavos(linea.credito),
          credito: aCentavos(linea.debito),
          nota: linea.nota,
          idCentroDeCosto: linea.id_centro_de_costo,
          idContacto: linea.id_contacto,
        })),
      },
      original.id,
    );
    if (reverso) {
      reversos.push(reverso);
    }
  }
  return reversos;
}

export type AsientoDeDocumento = { _id: string; numero: number; fecha: string; revierte: boolean };

/** The entries of a document, oldest first. */
export async function asientosDelDocumento(
  ctx: Ctx,
  tipoDocumento: string,
  idDocumento: string,
): Promise<AsientoDeDocumento[]> {
  const resultado = await filas<{ id: string; numero: string; fecha: string; revierte: boolean }>(
    ctx.tx,
    sql`select id, numero, to_char(fecha, 'YYYY-MM-DD') as fecha, id_asiento_revertido is not null as revierte
        from asientos_contables
        where tenant_id = ${ctx.tenantId} and tipo_documento = ${tipoDocumento} and id_documento = ${idDocumento}
        order by numero`,
  );
  return resultado.map((fila) => ({
    _id: fila.id,
    numero: Number(fila.numero),
    fecha: fila.fecha,
    revierte: fila.revierte,
  }));
}

/** Total debits and credits of the company's whole journal (the books balance check). */
export async function balanceDelDiario(
  ctx: Ctx,
): Promise<{ debitos: number; creditos: number; asientosDescuadrados: number }> {
  const [fila] = await filas<{ debitos: string; creditos: string; descuadrados: string }>(
    ctx.tx,
    sql`select coalesce(sum(l.debito), 0) as debitos, coalesce(sum(l.credito), 0) as creditos,
          (select count(*) from (
             select a.id from asientos_contables a
             left join lineas_asiento l2 on l2.tenant_id = a.tenant_id and l2.id_asiento = a.id
             where a.tenant_id = ${ctx.tenantId}
             group by a.id, a.total_debito, a.total_credito
             having coalesce(sum(l2.debito), 0) <> a.total_debito or coalesce(sum(l2.credito), 0) <> a.total_credito
                 or coalesce(sum(l2.debito), 0) <> coalesce(sum(l2.credito), 0)) d) as descuadrados
        from lineas_asiento l where l.tenant_id = ${ctx.tenantId}`,
  );
  return {
    debitos: Number(fila?.debitos ?? 0),
    creditos: Number(fila?.creditos ?? 0),
    asientosDescuadrados: Number(fila?.descuadrados ?? 0),
  };
}
