import { randomUUID } from 'node:crypto';
import { CrearFactura, type CrearFactura as CuerpoCrear } from '@pos/contract';
import { type BaseDeDatos, filas } from '@pos/server/db/client';
import type { CtxConSesion } from '@pos/server/http/handle';
import { autenticar } from '@pos/server/modules/auth/service';
import { crearFactura } from '@pos/server/modules/facturas/crear';
import { prepararBaseDeDatos } from '@pos/server/sistema/semilla';
import { sql } from 'drizzle-orm';
import {
  type Cliente,
  type Empresa,
  entrar,
  llamar,
  PASSWORD,
  prepararEmpresa,
  servidorDeBench,
} from './empresasDeBench.ts';
import { analizarLoSembrado, baseDeDatosDeBench, mediana, porMotor } from './medir.ts';
import { techoDeLaBase } from './techoDeLaBase.ts';

// Issue 7: POS invoice creation over HTTP, 5 lines each (shift check, numbering, stock ledger, journal):
//   A. 8 concurrent clients spread over 100 companies: ≥ 1,000/s on PostgreSQL, ≥ 300/s on PGlite;
//   B. one hot sequence, 1 company and 16 clients: ≥ 500/s, zero gaps and zero duplicates;
//   C. the ratio HTTP / direct: the same crearFactura transaction called in-process (no HTTP, no JSON,
//      no authentication), sequentially, against one client over HTTP sequentially;
//   D. the ceiling of any authenticated request (GET /api/profile);
//   E. the ceiling of the database itself: the sale's writes alone (techoDeLaBase.ts; pgbench on PostgreSQL).
// Throughput = invoices / wall time of a round; the median of the rounds is reported.

// BENCH_EMPRESAS lowers the number of companies for a quick run.
const EMPRESAS = Number(process.env.BENCH_EMPRESAS ?? 100);
const PRIMER_TENANT = 101;

function cuerpoDeFactura(empresa: Empresa, i: number): unknown[] {
  const lineas = Array.from({ length: 5 }, (_, k) => ({
    idProducto: empresa.productos[(i + k) % empresa.productos.length],
    cantidad: 1 + ((i + k) % 3),
  }));
  return [
    { identificadorUnico: randomUUID(), metodoDePago: 'Efectivo', efectivoRecibido: 100_000 },
    lineas,
    [],
    null,
    { desdePos: true },
    [],
    null,
    'Efectivo',
    {},
  ];
}

/**
 * `clientes` loops, each creating invoices back to back, until `total` are created; invoices per second.
 * `soloSesion`: each request is GET /api/profile instead (a transaction and the session check, nothing
 * else): the ceiling of any authenticated request on this machine.
 */
async function ronda(
  cliente: Cliente,
  empresas: Empresa[],
  clientes: number,
  total: number,
  soloSesion = false,
): Promise<{ porSegundo: number; errores: number }> {
  let siguiente = 0;
  let errores = 0;
  const inicio = performance.now();
  await Promise.all(
    Array.from({ length: clientes }, async (_, c) => {
      while (siguiente < total) {
        const i = siguiente++;
        const empresa = empresas[(c + i) % empresas.length] as Empresa;
        const r = soloSesion
          ? await llamar(cliente, 'GET', '/api/profile', empresa.tenantId, empresa.token)
          : await llamar(
              cliente,
              'POST',
              '/api/factura/crear',
              empresa.tenantId,
              empresa.token,
              cuerpoDeFactura(empresa, i),
            );
        if (r.status !== 200 || r.json.solicitudDuplicada) {
          errores++;
          if (errores < 3) {
            console.error('   respuesta inesperada:', r.status, JSON.stringify(r.json).slice(0, 300));
          }
        }
      }
    }),
  );
  return { porSegundo: (total * 1000) / (performance.now() - inicio), errores };
}

async function secuencia(db: BaseDeDatos, tenantId: number) {
  const [fila] = await db.enEmpresa(tenantId, (tx) =>
    filas<{ cuantas: string; distintas: string; minimo: string; maximo: string }>(
      tx,
      sql`select count(*) as cuantas, count(distinct (id_numeracion, numero_factura)) as distintas,
            min(numero_factura) as minimo, max(numero_factura) as maximo
          from facturas where tipo_ncf = 'B02'`,
    ),
  );
  const cuantas = Number(fila?.cuantas);
  return {
    cuantas,
    duplicadas: cuantas - Number(fila?.distintas),
    huecos: Number(fila?.maximo) - Number(fila?.minimo) + 1 - cuantas,
  };
}

type Plantilla = {
  cabecera: Record<string, unknown>;
  lineas: Record<string, unknown>[];
  pagos: Record<string, unknown>[];
  asiento: { id_cuenta: string; debito: string; credito: string }[];
};

// The last invoice of the company, read as the owner: the values the raw-SQL replay writes again.
async function plantilla(db: BaseDeDatos, tenantId: number): Promise<Plantilla> {
  const [cabecera] = await db.consultarComoDueno<Record<string, unknown>>(
    sql`select * from facturas where tenant_id = ${tenantId} order by creado_en desc, numero_factura desc limit 1`,
  );
  const id = cabecera?.id as string;
  return {
    cabecera: cabecera ?? {},
    lineas: await db.consultarComoDueno(
      sql`select * from lineas_factura where tenant_id = ${tenantId} and id_factura = ${id} order by orden`,
    ),
    pagos: await db.consultarComoDueno(
      sql`select * from pagos_factura where tenant_id = ${tenantId} and id_factura = ${id}`,
    ),
    asiento: await db.consultarComoDueno(
      sql`select l.id_cuenta, l.debito::text, l.credito::text from lineas_asiento l join asientos_contables a
            on a.tenant_id = l.tenant_id and a.id = l.id_asiento
          where a.tenant_id = ${tenantId} and a.id_documento = ${id} order by l.orden`,
    ),
  };
}

/**
 * The invoice's writes as hand-written SQL, one statement each, in the company's transaction: header,
 * lines, payment, stock ledger and balances, number, numbered header, journal entry. No HTTP, no
 * session, no validation, no reads: the floor of the present transaction design.
 */
async function facturaEnSql(db: BaseDeDatos, tenantId: number, p: Plantilla): Promise<void> {
  const c = p.cabecera;
  await db.enEmpresa(tenantId, async (tx) => {
    const [cabecera] = await filas<{ id: string }>(
      tx,
      sql`insert into facturas (tenant_id, identificador_unico, fecha_emision, hora, vencimiento, nombre, id_almacen,
            id_terminal, id_turno, desde_pos, metodo_de_pago, importe, descuento, subtotal, impuestos, itbis,
            desglose_de_impuestos, total, monto_a_pagar, efectivo_recibido, cobrado, cambio_de_dinero, creada_por,
            id_usuario_creador)
          values (${tenantId}, ${randomUUID()}, ${c.fecha_emision as string}::date, ${c.hora as string}, now(), ${c.nombre as string},
            ${c.id_almacen as string}, ${c.id_terminal as string}, ${c.id_turno as string}, true, 'Efectivo', ${c.importe as string},
            ${c.descuento as string}, ${c.subtotal as string}, ${c.impuestos as string}, ${c.itbis as string},
            ${JSON.stringify(c.desglose_de_impuestos)}::jsonb, ${c.total as string}, ${c.monto_a_pagar as string},
            ${c.efectivo_recibido as string}, ${c.cobrado as string}, ${c.cambio_de_dinero as string}, 'admin',
            ${c.id_usuario_creador as string})
          returning id`,
    );
    const id = cabecera?.id as string;
    await tx.execute(
      sql`insert into lineas_factura (tenant_id, id_factura, orden, id_producto, descripcion, cantidad, unidades, precio,
            precio_de_venta, impuestos, importe, monto_descuento, subtotal, total_impuestos, total)
          select ${tenantId}, ${id}, x.orden, x.id_producto, x.descripcion, x.cantidad, x.unidades, x.precio,
            x.precio_de_venta, x.impuestos, x.importe, x.monto_descuento, x.subtotal, x.total_impuestos, x.total
          from jsonb_to_recordset(${JSON.stringify(p.lineas)}::jsonb) as x (orden int, id_producto uuid, descripcion text,
            cantidad numeric, unidades numeric, precio numeric, precio_de_venta numeric, impuestos jsonb, importe numeric,
            monto_descuento numeric, subtotal numeric, total_impuestos numeric, total numeric)`,
    );
    const pago = p.pagos[0] ?? {};
    await tx.execute(
      sql`insert into pagos_factura (tenant_id, id_factura, metodo, monto, id_cuenta)
          values (${tenantId}, ${id}, ${pago.metodo as string}, ${pago.monto as string}, ${pago.id_cuenta as string})`,
    );
    const movimientos = JSON.stringify(
      p.lineas.map((l) => ({ id_producto: l.id_producto, cantidad: -Number(l.unidades) })),
    );
    await tx.execute(
      sql`with v as (select * from jsonb_to_recordset(${movimientos}::jsonb) as x (id_producto uuid, cantidad numeric)),
          m as (insert into movimientos_de_inventario (tenant_id, id_producto, id_almacen, cantidad, costo_unitario,
                  tipo_documento, id_documento)
                select ${tenantId}, v.id_producto, ${c.id_almacen as string}::uuid, v.cantidad, p.costo_promedio, 'factura', ${id}::uuid
                from v join productos p on p.tenant_id = ${tenantId} and p.id = v.id_producto
                returning id_producto, id_almacen, cantidad)
          insert into productos_almacenes as pa (tenant_id, id_producto, id_almacen, disponibilidad)
          select ${tenantId}, id_producto, id_almacen, sum(cantidad) from m group by id_producto, id_almacen
          order by id_producto
          on conflict (tenant_id, id_producto, id_almacen)
          do update set disponibilidad = pa.disponibilidad + excluded.disponibilidad`,
    );
    const [numero] = await filas<{ n: string }>(
      tx,
      sql`update numeraciones set seq = seq + 1 where tenant_id = ${tenantId} and id = ${c.id_numeracion as string}
          returning seq - 1 as n`,
    );
    await tx.execute(
      sql`update facturas set id_numeracion = ${c.id_numeracion as string}, numero_factura = ${numero?.n ?? '0'},
            comprobante = ${`B02${String(numero?.n ?? 0).padStart(8, '0')}`}, tipo_ncf = 'B02', costo_total = ${c.costo_total as string}
          where tenant_id = ${tenantId} and id = ${id}`,
    );
    const total = p.asiento.reduce((suma, l) => suma + Number(l.debito), 0).toFixed(2);
    const valores = sql.join(
      p.asiento.map(
        (l, orden) => sql`(${orden}::int, ${l.id_cuenta}::uuid, ${l.debito}::numeric, ${l.credito}::numeric)`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`with numero as (
            insert into contadores as k (tenant_id, clave, valor) values (${tenantId}, 'asientos', 1)
            on conflict (tenant_id, clave) do update set valor = k.valor + 1 returning valor),
          asiento as (
            insert into asientos_contables (tenant_id, numero, fecha, tipo_documento, id_documento, total_debito, total_credito)
            select ${tenantId}, numero.valor, current_date, 'factura', ${id}::uuid, ${total}::numeric, ${total}::numeric from numero
            returning id)
          insert into lineas_asiento (tenant_id, id_asiento, orden, id_cuenta, debito, credito)
          select ${tenantId}, asiento.id, v.orden, v.id_cuenta, v.debito, v.credito
          from asiento, (values ${valores}) as v (orden, id_cuenta, debito, credito)`,
    );
  });
}

// The same writes as one PL/pgSQL call (created by the bench, in the bench database only): what a sale
// written in a single round trip could reach. BEGIN, company, the call, COMMIT.
const FUNCION_DE_UNA_LLAMADA = `
create or replace function bench_registrar_venta(d jsonb) returns bigint language plpgsql as $f$
declare
  t int := current_setting('app.tenant_id')::int;
  c jsonb := d->'cabecera';
  v_id uuid;
  v_n bigint;
begin
  insert into facturas (tenant_id, identificador_unico, fecha_emision, hora, vencimiento, nombre, id_almacen,
      id_terminal, id_turno, desde_pos, metodo_de_pago, importe, descuento, subtotal, impuestos, itbis,
      desglose_de_impuestos, total, monto_a_pagar, efectivo_recibido, cobrado, cambio_de_dinero, creada_por,
      id_usuario_creador)
    values (t, gen_random_uuid()::text, (c->>'fecha_emision')::date, c->>'hora', now(), c->>'nombre',
      (c->>'id_almacen')::uuid, (c->>'id_terminal')::uuid, (c->>'id_turno')::uuid, true, 'Efectivo',
      (c->>'importe')::numeric, (c->>'descuento')::numeric, (c->>'subtotal')::numeric, (c->>'impuestos')::numeric,
      (c->>'itbis')::numeric, c->'desglose_de_impuestos', (c->>'total')::numeric, (c->>'monto_a_pagar')::numeric,
      (c->>'efectivo_recibido')::numeric, (c->>'cobrado')::numeric, (c->>'cambio_de_dinero')::numeric, 'admin',
      (c->>'id_usuario_creador')::uuid)
    returning id into v_id;
  insert into lineas_factura (tenant_id, id_factura, orden, id_producto, descripcion, cantidad, unidades, precio,
      precio_de_venta, impuestos, importe, monto_descuento, subtotal, total_impuestos, total)
    select t, v_id, x.orden, x.id_producto, x.descripcion, x.cantidad, x.unidades, x.precio, x.precio_de_venta,
      x.impuestos, x.importe, x.monto_descuento, x.subtotal, x.total_impuestos, x.total
    from jsonb_to_recordset(d->'lineas') as x (orden int, id_producto uuid, descripcion text, cantidad numeric,
      unidades numeric, precio numeric, precio_de_venta numeric, impuestos jsonb, importe numeric,
      monto_descuento numeric, subtotal numeric, total_impuestos numeric, total numeric);
  insert into pagos_factura (tenant_id, id_factura, metodo, monto, id_cuenta)
    select t, v_id, x.metodo, x.monto, x.id_cuenta
    from jsonb_to_recordset(d->'pagos') as x (metodo text, monto numeric, id_cuenta uuid);
  with v as (select * from jsonb_to_recordset(d->'lineas') as x (id_producto uuid, unidades numeric)),
  m as (insert into movimientos_de_inventario (tenant_id, id_producto, id_almacen, cantidad, costo_unitario,
          tipo_documento, id_documento)
        select t, v.id_producto, (c->>'id_almacen')::uuid, -v.unidades, p.costo_promedio, 'factura', v_id
        from v join productos p on p.tenant_id = t and p.id = v.id_producto
        returning id_producto, id_almacen, cantidad)
  insert into productos_almacenes as pa (tenant_id, id_producto, id_almacen, disponibilidad)
    select t, id_producto, id_almacen, sum(cantidad) from m group by id_producto, id_almacen order by id_producto
    on conflict (tenant_id, id_producto, id_almacen)
    do update set disponibilidad = pa.disponibilidad + excluded.disponibilidad;
  update numeraciones set seq = seq + 1 where tenant_id = t and id = (c->>'id_numeracion')::uuid
    returning seq - 1 into v_n;
  update facturas set id_numeracion = (c->>'id_numeracion')::uuid, numero_factura = v_n,
      comprobante = 'B02' || lpad(v_n::text, 8, '0'), tipo_ncf = 'B02', costo_total = (c->>'costo_total')::numeric
    where tenant_id = t and id = v_id;
  with numero as (
    insert into contadores as k (tenant_id, clave, valor) values (t, 'asientos', 1)
    on conflict (tenant_id, clave) do update set valor = k.valor + 1 returning valor),
  asiento as (
    insert into asientos_contables (tenant_id, numero, fecha, tipo_documento, id_documento, total_debito, total_credito)
    select t, numero.valor, current_date, 'factura', v_id, (d->>'total_asiento')::numeric, (d->>'total_asiento')::numeric
    from numero returning id)
  insert into lineas_asiento (tenant_id, id_asiento, orden, id_cuenta, debito, credito)
    select t, asiento.id, x.orden, x.id_cuenta, x.debito, x.credito
    from asiento, jsonb_to_recordset(d->'asiento') as x (orden int, id_cuenta uuid, debito numeric, credito numeric);
  return v_n;
end $f$`;

async function facturaEnUnaLlamada(db: BaseDeDatos, tenantId: number, datos: string): Promise<void> {
  await db.enEmpresa(tenantId, (tx) => tx.execute(sql`select bench_registrar_venta(${datos}::jsonb)`));
}

function datosDeUnaLlamada(p: Plantilla): string {
  return JSON.stringify({
    cabecera: p.cabecera,
    lineas: p.lineas,
    pagos: p.pagos,
    asiento: p.asiento.map((l, orden) => ({ ...l, orden })),
    total_asiento: p.asiento.reduce((suma, l) => suma + Number(l.debito), 0).toFixed(2),
  });
}

async function medirMotor(motor: 'pglite' | 'postgres'): Promise<void> {
  const { db, borrar, url } = await baseDeDatosDeBench(motor, 'bench_facturas');
  let servidor: Awaited<ReturnType<typeof servidorDeBench>> | undefined;
  try {
    await prepararBaseDeDatos(db, { adminPassword: PASSWORD });
    const inicioSiembra = performance.now();
    for (let t = PRIMER_TENANT; t < PRIMER_TENANT + EMPRESAS; t++) {
      await prepararEmpresa(db, t);
    }
    await analizarLoSembrado(db);
    console.log(
      `  ${motor}: ${EMPRESAS} empresas preparadas en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s`,
    );
    servidor = await servidorDeBench(db);
    const { cliente } = servidor;
    const empresas: Empresa[] = [];
    for (let t = PRIMER_TENANT; t < PRIMER_TENANT + EMPRESAS; t++) {
      empresas.push(await entrar(cliente, t));
    }
    const caliente = empresas[0] as Empresa;
    const porRonda = motor === 'postgres' ? 2_000 : 800;
    const rondas = 3;

    // Warm-up: plans, JIT, connections. Then the tables the sales grew from empty are analyzed, as
    // autovacuum (or PGlite's server, every minute) does within a minute of a new installation's first
    // sales: plans made while they were empty (sequential scans) would otherwise be measured instead.
    await ronda(cliente, empresas, 8, 400);
    await analizarLoSembrado(db);

    const repartidas: number[] = [];
    let errores = 0;
    for (let r = 0; r < rondas; r++) {
      const resultado = await ronda(cliente, empresas, 8, porRonda);
      repartidas.push(resultado.porSegundo);
      errores += resultado.errores;
    }
    // D. The same 8 clients over the same companies, asking only GET /api/profile.
    const pisos: number[] = [];
    for (let r = 0; r < rondas; r++) {
      pisos.push((await ronda(cliente, empresas, 8, porRonda, true)).porSegundo);
    }
    const antes = await secuencia(db, caliente.tenantId);
    const calientes: number[] = [];
    for (let r = 0; r < rondas; r++) {
      const resultado = await ronda(cliente, [caliente], 16, porRonda);
      calientes.push(resultado.porSegundo);
      errores += resultado.errores;
    }
    const despues = await secuencia(db, caliente.tenantId);

    // C. The same sale three ways, one client, back to back: over HTTP; crearFactura called in-process
    // (no HTTP, no session check); and its writes as hand-written SQL (no reads, no JS rules).
    const directo: number[] = [];
    const http: number[] = [];
    const enSql: number[] = [];
    const enUnaLlamada: number[] = [];
    const modelo = await plantilla(db, caliente.tenantId);
    await db.ejecutarScript(FUNCION_DE_UNA_LLAMADA);
    const datos = datosDeUnaLlamada(modelo);
    const usuario = await db.enEmpresa(caliente.tenantId, (tx) => autenticar(tx, caliente.token));
    for (let r = 0; r < rondas; r++) {
      const n = motor === 'postgres' ? 500 : 300;
      let inicio = performance.now();
      for (let i = 0; i < n; i++) {
        const cuerpo = CrearFactura.parse(cuerpoDeFactura(caliente, i)) as CuerpoCrear;
        await db.enEmpresa(caliente.tenantId, (tx) => {
          const ctx: CtxConSesion = { tx, tenantId: caliente.tenantId, ip: '', usuario };
          return crearFactura(ctx, cuerpo);
        });
      }
      directo.push((n * 1000) / (performance.now() - inicio));
      inicio = performance.now();
      await ronda(cliente, [caliente], 1, n);
      http.push((n * 1000) / (performance.now() - inicio));
      inicio = performance.now();
      for (let i = 0; i < n; i++) {
        await facturaEnSql(db, caliente.tenantId, modelo);
      }
      enSql.push((n * 1000) / (performance.now() - inicio));
      inicio = performance.now();
      for (let i = 0; i < n; i++) {
        await facturaEnUnaLlamada(db, caliente.tenantId, datos);
      }
      enUnaLlamada.push((n * 1000) / (performance.now() - inicio));
    }
    const techo = await techoDeLaBase(db, url, PRIMER_TENANT, PRIMER_TENANT + EMPRESAS - 1);
    const meta = motor === 'postgres' ? 1_000 : 300;
    console.log(
      `  ${motor}: A. 8 clientes sobre ${EMPRESAS} empresas: ${mediana(repartidas).toFixed(0)} facturas/s (meta ≥ ${meta}; rondas ${repartidas.map((v) => v.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  ${motor}: B. 1 empresa, 16 clientes: ${mediana(calientes).toFixed(0)} facturas/s (meta ≥ 500; rondas ${calientes.map((v) => v.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  ${motor}:    secuencia B02: ${despues.cuantas - antes.cuantas} nuevas, ${despues.duplicadas} duplicadas, ${despues.huecos} huecos (cuenta = máximo − mínimo + 1 = distintas)`,
    );
    console.log(
      `  ${motor}: C. secuencial, 1 cliente: HTTP ${mediana(http).toFixed(0)}/s, servicio directo ${mediana(directo).toFixed(0)}/s, SQL a mano ${mediana(enSql).toFixed(0)}/s, una llamada PL/pgSQL ${mediana(enUnaLlamada).toFixed(0)}/s; HTTP/SQL = ${(mediana(http) / mediana(enSql)).toFixed(2)}, HTTP/servicio = ${(mediana(http) / mediana(directo)).toFixed(2)}`,
    );
    console.log(
      `  ${motor}: D. 8 clientes, solo GET /api/profile (transacción + sesión): ${mediana(pisos).toFixed(0)} solicitudes/s (rondas ${pisos.map((v) => v.toFixed(0)).join(', ')})`,
    );
    if (techo && motor === 'pglite') {
      console.log(
        `  ${motor}: E. solo la base (las escrituras de la venta, una tras otra en el proceso, sin sus lecturas ni reglas): ${techo.repartidas.toFixed(0)}/s`,
      );
    } else if (techo) {
      console.log(
        `  ${motor}: E. solo la base (pgbench, las escrituras de la venta sin sus lecturas ni Node): 8 clientes sobre ${EMPRESAS} empresas ${techo.repartidas.toFixed(0)}/s, 16 clientes en 1 empresa ${techo.caliente.toFixed(0)}/s`,
      );
    } else {
      console.log(`  ${motor}: E. sin pgbench instalado (PGBENCH=ruta)`);
    }
    if (errores > 0) {
      console.log(`  ${motor}: ¡${errores} respuestas que no fueron una factura nueva!`);
    }
  } finally {
    await servidor?.cerrar();
    await db.cerrar();
    await borrar();
  }
}

export default (): Promise<void> => porMotor(medirMotor);
