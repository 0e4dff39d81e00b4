import { randomUUID } from 'node:crypto';
import { filas } from '@pos/server/db/client';
import { prepararBaseDeDatos } from '@pos/server/sistema/semilla';
import { sql } from 'drizzle-orm';
import {
  type Cliente,
  entrar,
  llamar,
  PASSWORD,
  prepararEmpresa,
  servidorDeBench,
} from './empresasDeBench.ts';
import { analizarLoSembrado, baseDeDatosDeBench, porMotor } from './medir.ts';

// Issue 8: 10,000 offline invoices reach the server from 4 POS devices of one shop, in batches of
// 100, with 10% of the batches sent twice (the answer was lost): ≤ 15 s on PostgreSQL, ≤ 40 s on
// PGlite, zero duplicates and zero gaps in the fiscal sequences. One invoice in ten is to a company
// (B01), the rest to consumers (B02). BENCH_FACTURAS lowers the total for a quick run.

const TOTAL = Number(process.env.BENCH_FACTURAS ?? 10_000);
const DISPOSITIVOS = 4;
const POR_LOTE = 100;
const TENANT = 101;
const RUTA = '/api/factura/sincronizar-facturas-offline';

type Dispositivo = { token: string; idUsuario: string };

async function dispositivo(
  cliente: Cliente,
  admin: string,
  terminal: string,
  n: number,
): Promise<Dispositivo> {
  const username = `caja${n}`;
  const usuario = await llamar(cliente, 'POST', '/api/users/', TENANT, admin, {
    username,
    password: PASSWORD,
    privilegios: { puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true } },
  });
  const login = await llamar(cliente, 'POST', '/api/auth/login', TENANT, null, {
    username,
    password: PASSWORD,
  });
  const token = login.json.token as string;
  const turno = await llamar(cliente, 'POST', '/api/turno/', TENANT, token, {
    idTerminalRef: terminal,
    desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }],
  });
  if (usuario.status !== 200 || turno.status !== 200) {
    throw new Error(`No se preparó el dispositivo ${n}: ${JSON.stringify(usuario.json ?? turno.json)}`);
  }
  return { token, idUsuario: usuario.json._id as string };
}

// What the offline POS stored for one sale: the /factura/crear body, dated when it was sold.
function pendiente(
  d: Dispositivo,
  productos: string[],
  terminal: string,
  idEmpresa: string,
  i: number,
  fechaEmision = '2026-11-20',
) {
  return [
    {
      identificadorUnico: randomUUID(),
      fechaEmision,
      hora: '10:15',
      efectivoRecibido: 100_000,
      ...(i % 10 === 0 ? { idCliente: idEmpresa } : {}),
    },
    Array.from({ length: 3 }, (_, k) => ({
      idProducto: productos[(i + k) % productos.length],
      cantidad: 1 + ((i + k) % 3),
    })),
    [],
    null,
    { desdePos: true, idTerminalRef: terminal, idUsuarioDelTurno: d.idUsuario },
    [],
    { _id: terminal },
    'Efectivo',
  ];
}

async function medirMotor(motor: 'pglite' | 'postgres'): Promise<void> {
  const { db, borrar } = await baseDeDatosDeBench(motor, 'bench_sincronizacion');
  let servidor: Awaited<ReturnType<typeof servidorDeBench>> | undefined;
  try {
    await prepararBaseDeDatos(db, { adminPassword: PASSWORD });
    await prepararEmpresa(db, TENANT);
    await analizarLoSembrado(db);
    servidor = await servidorDeBench(db);
    const { cliente } = servidor;
    const admin = await entrar(cliente, TENANT);
    const terminales = await llamar(cliente, 'GET', '/api/terminales/?limit=10', TENANT, admin.token);
    const terminal = (terminales.json.res as { _id: string; nombre: string }[]).find(
      (t) => t.nombre === 'Caja 1',
    )?._id as string;
    const empresa = await llamar(cliente, 'POST', '/api/cliente/crear', TENANT, admin.token, {
      identificadorUnico: randomUUID(),
      nombre: 'Supermercado Nacional',
      rnc: '101000011',
      tipoDeIdentificacion: 'RNC',
    });
    const idEmpresa = (empresa.json.clientedb as { _id: string })._id;
    const dispositivos: Dispositivo[] = [];
    for (let n = 1; n <= DISPOSITIVOS; n++) {
      dispositivos.push(await dispositivo(cliente, admin.token, terminal, n));
    }
    // Each device's queue, already cut in batches.
    const colas = dispositivos.map((d, n) => {
      const ventas = Array.from({ length: TOTAL / DISPOSITIVOS }, (_, i) =>
        pendiente(d, admin.productos, terminal, idEmpresa, n * TOTAL + i),
      );
      return Array.from({ length: Math.ceil(ventas.length / POR_LOTE) }, (_, l) =>
        ventas.slice(l * POR_LOTE, (l + 1) * POR_LOTE),
      );
    });
    // Warm-up, not timed: each device syncs one batch of the day before, and the tables that grew from
    // empty are analyzed, as autovacuum does within a minute of a new installation's first sales.
    await Promise.all(
      dispositivos.map((d, n) =>
        llamar(
          cliente,
          'POST',
          RUTA,
          TENANT,
          d.token,
          Array.from({ length: POR_LOTE }, (_, i) =>
            pendiente(d, admin.productos, terminal, idEmpresa, (DISPOSITIVOS + n) * TOTAL + i, '2026-11-19'),
          ),
        ),
      ),
    );
    await analizarLoSembrado(db);
    let repetidos = 0;
    let rechazadas = 0;
    const inicio = performance.now();
    await Promise.all(
      colas.map(async (lotes, n) => {
        const d = dispositivos[n] as Dispositivo;
        for (const [l, lote] of lotes.entries()) {
          // One batch in ten (counted over all devices) is sent again, as when the answer is lost.
          const envios = (n * lotes.length + l) % 10 === 9 ? 2 : 1;
          for (let envio = 0; envio < envios; envio++) {
            const r = await llamar(cliente, 'POST', RUTA, TENANT, d.token, lote);
            const creadas = (r.json?.facturasCreadas as unknown[] | undefined)?.length ?? 0;
            if (r.status !== 200 || creadas !== lote.length) {
              rechazadas += lote.length - creadas;
              if (rechazadas <= lote.length) {
                console.error('   respuesta inesperada:', r.status, JSON.stringify(r.json).slice(0, 300));
              }
            }
            repetidos += envio;
          }
        }
      }),
    );
    const segundos = (performance.now() - inicio) / 1000;
    const secuencias = await db.enEmpresa(TENANT, (tx) =>
      filas<{ tipo: string; cuantas: string; distintas: string; huecos: string }>(
        tx,
        sql`select tipo_ncf as tipo, count(*) as cuantas, count(distinct numero_factura) as distintas,
              max(numero_factura) - min(numero_factura) + 1 - count(*) as huecos
            from facturas where fecha_emision = '2026-11-20' group by tipo_ncf order by tipo_ncf`,
      ),
    );
    const total = secuencias.reduce((suma, s) => suma + Number(s.cuantas), 0);
    const meta = motor === 'postgres' ? 15 : 40;
    console.log(
      `  ${motor}: ${TOTAL} facturas, ${DISPOSITIVOS} dispositivos, lotes de ${POR_LOTE}, ${repetidos} lotes repetidos: ${segundos.toFixed(1)} s (${(TOTAL / segundos).toFixed(0)} facturas/s; meta ≤ ${meta} s)`,
    );
    console.log(
      `  ${motor}:    en el servidor ${total} facturas; ${secuencias.map((s) => `${s.tipo}: ${s.cuantas}, ${Number(s.cuantas) - Number(s.distintas)} duplicadas, ${s.huecos} huecos`).join('; ')}${rechazadas ? `; ¡${rechazadas} sin crear!` : ''}`,
    );
  } finally {
    await servidor?.cerrar();
    await db.cerrar();
    await borrar();
  }
}

export default (): Promise<void> => porMotor(medirMotor);
