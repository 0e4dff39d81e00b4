import { type CualquierReporte, exportarReporte, REPORTES } from '@pos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diasDelFiltro } from '../../http/periodo.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { prepararContexto } from '../../testing/maestros.ts';
import { CONSULTAS } from './consultas.ts';

// The report kit's promises, checked over every declared report (packages/contract/src/reportes): a
// report added by any family is tested here without a line of its own.

/** Spec 000 §2 "Reports (/reportes/)": the 24 report screens. */
const SLUGS_DEL_SPEC = [
  'global',
  'r-ajustes-inventario',
  'r-conduce',
  'r-cuadre-general',
  'r-cuentas-por-cobrar',
  'r-cuentas-por-pagar',
  'r-egresos-general',
  'r-estado-de-clientes',
  'r-estado-de-proveedor',
  'r-estado-de-resultado',
  'r-existencia-inventario',
  'r-facturas',
  'r-facturas-desglose-impuestos',
  'r-facturas-usuario',
  'r-formato-606',
  'r-formato-607',
  'r-formato-608',
  'r-ingresos-general',
  'r-rentabilidad-productos',
  'r-situacion-financiera',
  'r-turnos',
  'r-usuarios-estadistica',
  'r-valor-inventario',
  'r-ventas-productos',
];

type Json = Record<string, unknown>;

/**
 * The ids a report's body may require besides the period (r-conduce: a customer), taken from the
 * company's own demo data. A required field not listed here skips that report's calls, saying why.
 */
const RELLENOS: Record<string, (tenant: number) => SQL> = {
  idCliente: (t) =>
    sql`select id from contactos where tenant_id = ${t} and tipo_de_contacto in ('cliente', 'ambos') order by id limit 1`,
  idProveedor: (t) =>
    sql`select id from contactos where tenant_id = ${t} and tipo_de_contacto in ('proveedor', 'ambos') order by id limit 1`,
  idProducto: (t) => sql`select id from productos where tenant_id = ${t} order by numero_producto limit 1`,
  idAlmacen: (t) => sql`select id from almacenes where tenant_id = ${t} order by id limit 1`,
  idCategoria: (t) => sql`select id from categorias where tenant_id = ${t} order by id limit 1`,
  idUsuario: (t) => sql`select id from usuarios where tenant_id = ${t} order by id limit 1`,
  idTerminal: (t) => sql`select id from terminales where tenant_id = ${t} order by id limit 1`,
  idCentroDeCosto: (t) => sql`select id from centros_de_costo where tenant_id = ${t} order by id limit 1`,
  idTurno: (t) => sql`select id from turnos where tenant_id = ${t} order by id limit 1`,
};

const RANGO = { fechaInicial: '2000-01-01', fechaFinal: '2099-12-31' };
/** Last month's days: the range a report that covers one month at most (the DGII formats) answers. */
const ULTIMO_MES = (() => {
  const dias = diasDelFiltro({ periodo: 5 });
  return { fechaInicial: dias.desde, fechaFinal: dias.hasta };
})();

/** Whether the preset's days span more than one calendar month. */
function cruzaDeMes(periodo: number): boolean {
  const dias = diasDelFiltro({ periodo });
  return dias.desde?.slice(0, 7) !== dias.hasta?.slice(0, 7);
}

/** Sums are only of amounts and counts; a percent's total is a ratio of totals, not a sum. */
const SUMABLES = new Set(['dinero', 'cantidad', 'entero']);

/** The fields of `{ periodo: 4 }` the report's body still asks for. */
function camposRequeridos(declaracion: CualquierReporte): string[] {
  const intento = declaracion.consulta.body.safeParse({ periodo: 4 });
  if (intento.success) {
    return [];
  }
  return [...new Set(intento.error.issues.map((i) => String(i.path[0] ?? '')))];
}

/** Why a report's calls cannot be made by this test, or null. */
function motivoParaOmitir(declaracion: CualquierReporte): string | null {
  const faltan = camposRequeridos(declaracion).filter(
    (c) => !(c in RELLENOS) && c !== 'fechaInicial' && c !== 'fechaFinal',
  );
  return faltan.length > 0
    ? `pide ${faltan.map((c) => `«${c}»`).join(', ')}, que esta prueba no sabe tomar de los datos de demostración`
    : null;
}

/** Only a range of days (r-conduce), no preset. */
function soloRango(declaracion: CualquierReporte): boolean {
  return camposRequeridos(declaracion).some((c) => c === 'fechaInicial' || c === 'fechaFinal');
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe('el kit de reportes: declaraciones', () => {
  it('cada declaración tiene exactamente una consulta en el servidor, y cada consulta su declaración', () => {
    for (const declaracion of REPORTES) {
      expect(
        CONSULTAS.filter((c) => c.declaracion === declaracion).map((c) => c.declaracion.id),
        declaracion.id,
      ).toEqual([declaracion.id]);
    }
    for (const consulta of CONSULTAS) {
      expect(
        REPORTES.filter((d) => d === consulta.declaracion),
        consulta.declaracion.id,
      ).toHaveLength(1);
    }
  });

  it('los ids son únicos y cada pantalla es un reporte del spec (000 §2)', () => {
    const ids = REPORTES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of REPORTES) {
      if (r.pantalla !== false) {
        expect(SLUGS_DEL_SPEC, r.id).toContain(r.id);
      }
    }
  });

  it('cada columna con total y cada cifra nombran un campo de la respuesta; las filas, un arreglo', () => {
    for (const r of REPORTES) {
      const forma = (r.consulta.respuesta as unknown as { shape?: Record<string, unknown> }).shape;
      if (!forma) {
        continue;
      }
      expect(Object.keys(forma), r.id).toContain(r.filas);
      for (const c of r.columnas) {
        if (c.total) {
          expect(Object.keys(forma), `${r.id}: total de ${c.clave}`).toContain(c.total);
        }
      }
      for (const c of r.cifras ?? []) {
        expect(Object.keys(forma), `${r.id}: cifra ${c.clave}`).toContain(c.clave);
      }
      if (r.paginado) {
        expect(Object.keys(forma), `${r.id}: paginado sin totalRows`).toContain('totalRows');
      }
    }
  });
});

describe.each(MOTORES)('el kit de reportes en %s', (motor) => {
  let e: Entorno;
  let admin: Record<1 | 2, string>;
  let sinPermisos: string;
  /** Ids of rows of company 1 that company 2 does not have. */
  let idsDeLaEmpresa1: Set<string>;

  /** The widest range the report takes: every date, else last month (a report of one month at most). */
  async function rango(declaracion: CualquierReporte, extra: Json): Promise<Json> {
    const r = await llamar(declaracion, { periodo: null, ...RANGO, ...extra });
    return r.statusCode === 400 ? { periodo: null, ...ULTIMO_MES } : { periodo: null, ...RANGO };
  }

  async function rellenar(declaracion: CualquierReporte, tenant: number): Promise<Json> {
    const cuerpo: Json = {};
    for (const campo of camposRequeridos(declaracion)) {
      const consulta = RELLENOS[campo];
      if (consulta) {
        const [fila] = await e.db.consultarComoDueno<{ id: string }>(consulta(tenant));
        cuerpo[campo] = fila?.id;
      }
    }
    return cuerpo;
  }

  async function llamar(declaracion: CualquierReporte, cuerpo: Json, tenant: 1 | 2 = 1, token?: string) {
    return e.api({
      method: 'POST',
      url: `/api${declaracion.consulta.path}`,
      tenant,
      token: token ?? admin[tenant],
      body: cuerpo,
    });
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    const contexto = await prepararContexto(e);
    admin = contexto.admin;
    sinPermisos = contexto.sinPermisos[1];
    // Every table keyed by (tenant_id, id): the rows of company 1 no row of company 2 shares.
    const tablas = await e.db.consultarComoDueno<{ tabla: string }>(
      sql`select c.table_name as tabla from information_schema.columns c
          join information_schema.columns t on t.table_schema = c.table_schema and t.table_name = c.table_name
            and t.column_name = 'tenant_id'
          join information_schema.tables x on x.table_schema = c.table_schema and x.table_name = c.table_name
            and x.table_type = 'BASE TABLE'
          where c.table_schema = 'public' and c.column_name = 'id' and c.data_type = 'uuid'`,
    );
    idsDeLaEmpresa1 = new Set();
    for (const { tabla } of tablas) {
      const filas = await e.db.consultarComoDueno<{ id: string }>(
        sql`select id::text as id from ${sql.identifier(tabla)} where tenant_id = 1
            except select id::text from ${sql.identifier(tabla)} where tenant_id = 2`,
      );
      for (const { id } of filas) {
        idsDeLaEmpresa1.add(id);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  for (const declaracion of REPORTES) {
    const motivo = motivoParaOmitir(declaracion);
    if (motivo) {
      it.skip(`${declaracion.id}: omitido, ${motivo}`, () => {});
      continue;
    }
    describe(declaracion.id, () => {
      const presets = soloRango(declaracion) ? [] : [0, 1, 2, 3, 4, 5, 6, 7];

      if (presets.length === 0) {
        it.skip(`${declaracion.id}: los periodos 0–7 se omiten, el reporte solo acepta un rango de días`, () => {});
      }

      it('responde cada periodo (0–7) y un rango con la forma declarada', async () => {
        const extra = await rellenar(declaracion, 1);
        const cuerpos = [...presets.map((periodo) => ({ periodo })), await rango(declaracion, extra)];
        for (const cuerpo of cuerpos) {
          const r = await llamar(declaracion, { ...cuerpo, ...extra });
          if (r.statusCode === 400 && typeof cuerpo.periodo === 'number' && cruzaDeMes(cuerpo.periodo)) {
            // A report of one month at most (the DGII formats, fiscal-do §3) refuses a longer period
            // with its reason; never one within a month.
            expect(r.json<Json>().message, `${JSON.stringify(cuerpo)}`).toMatch(/mes/);
            continue;
          }
          expect(r.statusCode, `${JSON.stringify(cuerpo)}: ${r.body}`).toBe(200);
          const forma = declaracion.consulta.respuesta.safeParse(r.json());
          expect(forma.success, `${JSON.stringify(cuerpo)}: ${JSON.stringify(forma.error?.issues)}`).toBe(
            true,
          );
          expect(Array.isArray(r.json()[declaracion.filas])).toBe(true);
        }
      });

      it('la fila de totales es la suma de su columna', async () => {
        const extra = await rellenar(declaracion, 1);
        const r = await llamar(declaracion, { ...(await rango(declaracion, extra)), ...extra });
        expect(r.statusCode, r.body).toBe(200);
        const respuesta = r.json<Json>();
        const filas = respuesta[declaracion.filas] as Json[];
        // A paged report answers every row when no page is asked; its totals are over all of them.
        if (typeof respuesta.totalRows === 'number') {
          expect(filas).toHaveLength(respuesta.totalRows);
        }
        for (const columna of declaracion.columnas) {
          if (!columna.total || !SUMABLES.has(columna.formato ?? 'texto')) {
            continue;
          }
          const suma = filas.reduce((s, f) => s + Math.round(Number(f[columna.clave] ?? 0) * 100), 0);
          expect(
            Math.round(Number(respuesta[columna.total]) * 100),
            `${columna.clave} → ${columna.total}`,
          ).toBe(suma);
        }
      });

      it('la empresa 2 nunca ve documentos de la empresa 1, ni pidiéndolos por su id', async () => {
        const propios = await rellenar(declaracion, 2);
        const ajenos = await rellenar(declaracion, 1);
        const periodo = await rango(declaracion, ajenos);
        // Company 2 may lack what the body requires (a customer): then only the other company's id is asked.
        const sinPropios = Object.values(propios).some((v) => v === undefined);
        for (const extra of sinPropios ? [ajenos] : [propios, ajenos]) {
          const r = await llamar(declaracion, { ...periodo, ...extra }, 2);
          if (extra === ajenos && r.statusCode !== 200) {
            // Refusing another company's id is as good as answering nothing of it.
            expect(r.statusCode).toBeGreaterThanOrEqual(400);
            expect(r.statusCode).toBeLessThan(500);
            continue;
          }
          expect(r.statusCode, r.body).toBe(200);
          const pedidos = new Set(Object.values(extra));
          const vistos = (r.body.match(UUID) ?? []).filter(
            (id) => idsDeLaEmpresa1.has(id) && !pedidos.has(id),
          );
          expect(vistos, 'ids de la empresa 1 en la respuesta de la empresa 2').toEqual([]);
          if (extra === ajenos && Object.keys(ajenos).length > 0) {
            expect(r.json<Json>()[declaracion.filas], 'filas para el id de otra empresa').toEqual([]);
          }
        }
      });

      it('se exporta en PDF, Excel y para imprimir', async () => {
        const ruta = `/api${exportarReporte(declaracion).path}`;
        const extra = await rellenar(declaracion, 1);
        const cuerpo = await rango(declaracion, extra);
        const pdf = await e.api({
          method: 'POST',
          url: ruta,
          token: admin[1],
          body: { ...cuerpo, ...extra, documentoOpcion: 'pdf' },
        });
        expect(pdf.statusCode, pdf.body).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
        expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment;/);
        const imprimir = await e.api({
          method: 'POST',
          url: ruta,
          token: admin[1],
          body: { ...cuerpo, ...extra, documentoOpcion: 'print' },
        });
        expect(String(imprimir.headers['content-disposition'])).toMatch(/^inline;/);
        const excel = await e.api({
          method: 'POST',
          url: ruta,
          token: admin[1],
          body: { ...cuerpo, ...extra, documentoOpcion: 'excel' },
        });
        expect(excel.statusCode, excel.body).toBe(200);
        // An .xlsx is a zip: it starts with «PK».
        expect(excel.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
      });

      it('sin el permiso, la consulta y la exportación se niegan (403)', async () => {
        const extra = await rellenar(declaracion, 1);
        const cuerpo = { ...(await rango(declaracion, extra)), ...extra };
        const r = await llamar(declaracion, cuerpo, 1, sinPermisos);
        expect(r.statusCode, r.body).toBe(403);
        const x = await e.api({
          method: 'POST',
          url: `/api${exportarReporte(declaracion).path}`,
          token: sinPermisos,
          body: { ...cuerpo, documentoOpcion: 'pdf' },
        });
        expect(x.statusCode, x.body).toBe(403);
      });
    });
  }
});
