import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { permitidoEnModoLectura } from '@pos/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { filas } from '../db/client.ts';
import { MENSAJE_SOLO_OPERADORA } from '../modules/contactos/importacionRnc.routes.ts';
import { MENSAJE_PLAN_SUSPENDIDO } from '../modules/empresas/service.ts';
import { TENANT_OPERADOR } from '../sistema/empresasIniciales.ts';
import { crearEntorno, type Entorno, MOTORES } from '../testing/entorno.ts';
import { clave, endpointsDelContrato, rutasRegistradas, urlConParametros } from './tablaDeRutas.ts';

// Spec 000 §4 "Plan": a Suspendido plan puts the company in read mode. These are the only calls other
// than GET that such a company may still make: the session's own (login, logout, token check) and the
// lists and reports the spec sends by POST. Adding one here is a decision, made by declaring its
// `efecto` in the contract.
const PERMITIDAS_EN_MODO_LECTURA = [
  'POST /api/ajuste-inventario/pdf/ajustes-inventario',
  'POST /api/ajuste-inventario/reporte-ajustes-de-inventario',
  'POST /api/ajuste-inventario/todos',
  'POST /api/ajuste-inventario/un-inventario',
  'POST /api/asientos-contables/balanza-de-comprobacion',
  'POST /api/asientos-contables/estado-de-resultados',
  'POST /api/asientos-contables/listar',
  'POST /api/asientos-contables/mayor',
  'POST /api/asientos-contables/pdf/balanza-de-comprobacion',
  'POST /api/asientos-contables/pdf/estado-de-resultados',
  'POST /api/asientos-contables/pdf/listar',
  'POST /api/asientos-contables/pdf/mayor',
  'POST /api/asientos-contables/pdf/situacion-finaciera',
  'POST /api/asientos-contables/situacion-finaciera',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/categorias-productos/lista-categorias',
  'POST /api/cliente/buscar-contacto-por-funcion',
  'POST /api/cliente/contactos',
  'POST /api/compras-proveedores/lista-de-compras',
  'POST /api/compras-proveedores/r-cuentas-por-pagar/',
  'POST /api/conciliacio/buscar-conciliacion',
  'POST /api/conciliacio/conciliaciones-cuenta',
  'POST /api/conciliacio/pdf/conciliacion',
  'POST /api/conduce/correo/:id',
  'POST /api/conduce/lineas/',
  'POST /api/conduce/todos',
  'POST /api/conduce-de-despacho/anulados',
  'POST /api/conduce-de-despacho/todos',
  'POST /api/cotizacion/cliente/',
  'POST /api/cotizacion/correo/:id',
  'POST /api/cotizacion/lineas/',
  'POST /api/cotizacion/todas',
  'POST /api/credito-a-favor/findAll',
  'POST /api/credito-a-favor/findAllGeneral',
  'POST /api/email/factura/:id',
  'POST /api/entrada-de-diario/todas',
  'POST /api/expediente/documento-correo/:id/:idDocumento',
  'POST /api/expediente/todas',
  'POST /api/factura-recurrente/todas',
  'POST /api/factura/lista-de-facturas',
  'POST /api/factura/productos-vendidos-del-turno',
  'POST /api/factura/r-cuentas-por-cobrar/',
  'POST /api/factura/r-cuentas-por-cobrar-agrupar-clientes/',
  'POST /api/reportes/exportar/r-cuentas-por-cobrar',
  'POST /api/reportes/exportar/r-cuentas-por-cobrar-agrupar-clientes',
  'POST /api/reportes/exportar/r-cuentas-por-pagar',
  'POST /api/factura/r-documentos-del-turno',
  'POST /api/factura/r-facturas-607/',
  'POST /api/factura/r-facturas-anuladas/',
  'POST /api/factura/r-facturas/',
  'POST /api/factura/r-facturas-desglose-impuestos/',
  'POST /api/factura/r-facturas-del-usuario/',
  'POST /api/factura/r-ventas-por-productos/',
  'POST /api/factura/rentabilidad-productos/',
  'POST /api/reportes/r-usuarios-estadistica',
  'POST /api/factura/productos-destacados/',
  'POST /api/factura/todas',
  'POST /api/gastos-menores/todos',
  'POST /api/ingresos-recibidos/anticipos-efectuados',
  'POST /api/ingresos-recibidos/clientes-con-balance/',
  'POST /api/ingresos-recibidos/estado-cuentas-clientes/',
  'POST /api/ingresos-recibidos/ingresos-del-turno/',
  'POST /api/ingresos-recibidos/pendientes/',
  'POST /api/ingresos-recibidos/pdf/estado-cuentas-clientes/',
  'POST /api/ingresos-recibidos/todos',
  'POST /api/ingresos-recibidos/transacciones-del-contacto-general/',
  'POST /api/ingresos-recibidos/transacciones-para-conciliar-banco/',
  'POST /api/ingresos-recibidos/una_pendiente/',
  'POST /api/notas-de-credito/correo/:id',
  'POST /api/notas-de-credito/notaDeCreditoDisponibleDelCliente',
  'POST /api/notas-de-credito/todas',
  'POST /api/notas-de-debito/correo/:id',
  'POST /api/notas-de-debito/todas',
  'POST /api/notas-de-debito/r-606/',
  'POST /api/numeracion/buscar-numeracion-para-dashboard/',
  'POST /api/orden-de-compra/correo/:id',
  'POST /api/orden-de-compra/todas',
  'POST /api/pedido/todas',
  'POST /api/perfil-barcode/etiquetas',
  'POST /api/perfil-barcode/findOneFirst',
  'POST /api/recibos-egresos/egresos-del-turno',
  'POST /api/recibos-egresos/estado-cuentas-proveedores/',
  'POST /api/recibos-egresos/pdf/estado-cuentas-proveedores/',
  'POST /api/recibos-egresos/pendientes/',
  'POST /api/recibos-egresos/todos',
  'POST /api/recibos-egresos/una_pendiente/',
  'POST /api/registro-productos/agregar-producto-compras',
  'POST /api/registro-productos/agregarproducto',
  'POST /api/registro-productos/ajuste-del-producto',
  'POST /api/registro-productos/compras-del-producto',
  'POST /api/registro-productos/convertir/',
  'POST /api/registro-productos/facturas-del-producto',
  'POST /api/registro-productos/favoritos-por-almacen/',
  'POST /api/registro-productos/ofertas/',
  'POST /api/registro-productos/porAlmacen/',
  'POST /api/reportes/exportar/global',
  'POST /api/reportes/exportar/r-existencia-inventario',
  'POST /api/reportes/exportar/r-valor-inventario',
  'POST /api/reportes/global',
  'POST /api/registro-productos/r-existencia-inventario/',
  'POST /api/registro-productos/r-valor-inventario/',
  'POST /api/registro-productos/servcios-reservables/',
  'POST /api/registro-productos/obtener-rangos-ocupados',
  'POST /api/reservaciones/consultar-disponibilidad',
  'POST /api/reservaciones/reservaciones',
  'POST /api/registro-productos/todos',
  'POST /api/registro-productos/todos-for-offline',
  'POST /api/turno/abiertos/',
  'PATCH /api/turno/actual-id/:id',
  'POST /api/reportes/tablero',
  'POST /api/reportes/dgii/606/txt',
  'POST /api/reportes/dgii/607/txt',
  'POST /api/reportes/dgii/608/txt',
  'POST /api/reportes/exportar/r-formato-606',
  'POST /api/reportes/exportar/r-formato-607',
  'POST /api/reportes/exportar/r-formato-608',
  'POST /api/factura/r-cuadre-general',
  'POST /api/reportes/r-turnos',
  'POST /api/ingresos-recibidos/r-ingresos-general',
  'POST /api/ingresos-recibidos/r-ingresos/',
  'POST /api/recibos-egresos/r-egresos-general',
  'POST /api/recibos-egresos/r-egresos/',
  'POST /api/conduce/reporte_conduce/',
  'POST /api/reportes/exportar/r-cuadre-general',
  'POST /api/reportes/exportar/r-turnos',
  'POST /api/reportes/exportar/r-ingresos-general',
  'POST /api/reportes/exportar/r-ingresos',
  'POST /api/reportes/exportar/r-egresos-general',
  'POST /api/reportes/exportar/r-egresos',
  'POST /api/reportes/exportar/r-conduce',
  'POST /api/reportes/exportar/r-facturas',
  'POST /api/reportes/exportar/r-facturas-desglose-impuestos',
  'POST /api/reportes/exportar/r-facturas-usuario',
  'POST /api/reportes/exportar/r-ventas-productos',
  'POST /api/reportes/exportar/r-rentabilidad-productos',
  'POST /api/reportes/exportar/r-usuarios-estadistica',
  'PATCH /api/turno/actual/:userId',
  'PATCH /api/turno/terminal/:userId',
  'POST /api/users/solicitud-Anulacion/',
  'POST /api/users/varlidar-token/',
].sort();

// The one GET of the spec that writes (it rewrites every product's price).
const GET_QUE_ESCRIBE = 'GET /api/registro-productos/fix-precio-sin-impuesto';

describe.each(MOTORES)('modo lectura de un plan Suspendido (%s)', (motor) => {
  let e: Entorno;
  let app: FastifyInstance;
  let carpeta: string;
  const endpoints = endpointsDelContrato();

  beforeAll(async () => {
    e = await crearEntorno(motor);
    // The image routes exist only with a folder for the uploads: the walk must see them too.
    carpeta = mkdtempSync(join(tmpdir(), 'modo-lectura-'));
    app = await buildApp({ db: e.db, archivosDir: carpeta });
  });
  afterAll(async () => {
    await app?.close();
    await e?.cerrar();
    rmSync(carpeta, { recursive: true, force: true });
  });

  async function suspender(tenantId: number, estado: 'Suspendido' | 'Activo'): Promise<void> {
    await e.db.enEmpresa(tenantId, (tx) =>
      tx.execute(sql`update empresas set estado_del_plan = ${estado} where tenant_id = ${tenantId}`),
    );
  }

  // Every row of every table the company sees, as one fingerprint per table.
  async function huella(tenantId: number): Promise<Record<string, string>> {
    return e.db.enEmpresa(tenantId, async (tx) => {
      const tablas = await filas<{ nombre: string }>(
        tx,
        sql`select table_name as nombre from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
      );
      const resultado: Record<string, string> = {};
      for (const { nombre } of tablas) {
        const [fila] = await filas<{ n: string; h: string }>(
          tx,
          sql`select count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
              from ${sql.identifier(nombre)} t`,
        );
        resultado[nombre] = `${fila?.n}:${fila?.h}`;
      }
      return resultado;
    });
  }

  function llamar(metodo: string, url: string, tenantId: number, token: string) {
    return app.inject({
      method: metodo as 'POST',
      url: urlConParametros(url),
      headers: { tenantid: String(tenantId), authorization: `Bearer ${token}` },
      payload: {},
    });
  }

  it('la tabla de rutas es completa: cada ruta que no es GET está en el contrato', () => {
    const rutas = rutasRegistradas(app);
    expect(rutas.length).toBeGreaterThan(150);
    for (const { metodo, url } of rutas) {
      expect(app.hasRoute({ method: metodo as 'GET', url }), clave(metodo, url)).toBe(true);
      if (metodo !== 'GET') {
        expect(endpoints.has(clave(metodo, url)), clave(metodo, url)).toBe(true);
      }
    }
    // Every route, multipart and image removal included, are in the walk.
    const claves = new Set(rutas.map((r) => clave(r.metodo, r.url)));
    for (const esperada of [
      'PUT /api/factura/anular/:id',
      'PUT /api/ingresos-recibidos/anular/',
      'PUT /api/pedido/anular/:id',
      'POST /api/cliente/upload',
      'POST /api/cliente/crearte/:avatar',
      'POST /api/registro-productos/import-xlsx',
      'POST /api/rnc-info/importar',
    ]) {
      expect(claves.has(esperada), esperada).toBe(true);
    }
  });

  it('las llamadas que no son GET permitidas en modo lectura son exactamente las declaradas', () => {
    const permitidas = rutasRegistradas(app)
      .filter(({ metodo }) => metodo !== 'GET')
      .map(({ metodo, url }) => clave(metodo, url))
      .filter((k) => {
        const endpoint = endpoints.get(k);
        return endpoint !== undefined && permitidoEnModoLectura(endpoint);
      })
      .sort();
    expect(permitidas).toEqual(PERMITIDAS_EN_MODO_LECTURA);
    const fix = endpoints.get(GET_QUE_ESCRIBE);
    expect(fix && permitidoEnModoLectura(fix)).toBe(false);
  });

  it('cada llamada que cambia datos responde 403 «Plan En Modo Lectura» y nada cambia', async () => {
    const token = await e.login(1);
    const tokenOperador = await e.login(TENANT_OPERADOR);
    await suspender(1, 'Suspendido');
    await suspender(TENANT_OPERADOR, 'Suspendido');
    try {
      const antes = await huella(1);
      const antesOperador = await huella(TENANT_OPERADOR);
      const escrituras = rutasRegistradas(app).filter(
        ({ metodo, url }) =>
          (metodo !== 'GET' && !PERMITIDAS_EN_MODO_LECTURA.includes(clave(metodo, url))) ||
          clave(metodo, url) === GET_QUE_ESCRIBE,
      );
      expect(escrituras.length).toBeGreaterThan(70);
      for (const { metodo, url } of escrituras) {
        const r = await llamar(metodo, url, 1, token);
        expect(r.statusCode, clave(metodo, url)).toBe(403);
        if (url === '/api/rnc-info/importar') {
          // The registry belongs to the operator company: another company is refused before its plan.
          expect(r.json().message).toBe(MENSAJE_SOLO_OPERADORA);
          const operador = await llamar(metodo, url, TENANT_OPERADOR, tokenOperador);
          expect(operador.statusCode).toBe(403);
          expect(operador.json().message).toBe(MENSAJE_PLAN_SUSPENDIDO);
          continue;
        }
        expect(r.json().message, clave(metodo, url)).toBe(MENSAJE_PLAN_SUSPENDIDO);
      }
      expect(await huella(1)).toEqual(antes);
      expect(await huella(TENANT_OPERADOR)).toEqual(antesOperador);
      expect(readdirSync(carpeta)).toEqual([]);

      // The calls declared as reading are not refused for the plan (their empty body may still be a 400).
      const tokenParaSalir = await e.login(1);
      for (const permitida of PERMITIDAS_EN_MODO_LECTURA) {
        const [metodo = '', url = ''] = permitida.split(' ');
        const r = await llamar(metodo, url, 1, url === '/api/auth/logout' ? tokenParaSalir : token);
        expect(r.body, permitida).not.toContain(MENSAJE_PLAN_SUSPENDIDO);
      }
      // Reading goes on, and the same calls work again once the plan is active.
      expect((await llamar('GET', '/api/users/', 1, token)).statusCode).toBe(200);
      await suspender(1, 'Activo');
      expect((await llamar('POST', '/api/cliente/crear', 1, token)).statusCode).toBe(400);
    } finally {
      await suspender(1, 'Activo');
      await suspender(TENANT_OPERADOR, 'Activo');
    }
  });
});
