import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

type Json = Record<string, unknown>;
type Respuesta = { statusCode: number; body: string; json(): Json };

// Spec 001 §2, §4, §5 and 000 §5: whatever pre-invoice conduces, post-invoice conduces and invoices
// (plain or billing a conduce) are created, edited, cancelled or deleted, every product's goods leave
// the stock exactly once. After each operation, for every product, the balance equals the sum of the
// ledger's movements (the opening stock is one of them) and equals the model: opening − the units of
// the active pre-invoice conduces − the units of the active invoices' lines not from a conduce.
// Refused operations (409) must change nothing.

const PRODUCTOS = 3;

type LineaModelo = { producto: number; cantidad: number; idLineaConduce?: string };
type ConduceModelo = {
  id: string;
  tipo: 'preFactura' | 'postFactura';
  lineas: (LineaModelo & { _id: string; precio: string })[];
  activo: boolean;
  facturadoPor: string | null;
};
type FacturaModelo = { id: string; lineas: LineaModelo[]; activa: boolean; conduces: string[] };

const linea = fc.record({
  producto: fc.integer({ min: 0, max: PRODUCTOS - 1 }),
  cantidad: fc.integer({ min: 1, max: 3 }),
});
const lineas = fc.array(linea, { minLength: 1, maxLength: 3 });
const indice = fc.nat({ max: 20 });

// Creations weigh more, so the later operations usually find documents to work on.
const operacion = fc.oneof(
  { weight: 3, arbitrary: fc.record({ tipo: fc.constant('conducePre' as const), lineas }) },
  {
    weight: 2,
    arbitrary: fc.record({
      tipo: fc.constant('conducePost' as const),
      factura: indice,
      cantidad: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      tipo: fc.constant('factura' as const),
      lineas: fc.array(linea, { maxLength: 2 }),
      conduce: fc.option(indice, { nil: undefined, freq: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      tipo: fc.constant('editarFactura' as const),
      factura: indice,
      lineas: fc.array(linea, { maxLength: 2 }),
      quitarConduces: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ tipo: fc.constant('anularFactura' as const), factura: indice }) },
  fc.record({ tipo: fc.constant('anularConduce' as const), conduce: indice }),
  fc.record({ tipo: fc.constant('eliminarConduce' as const), conduce: indice }),
);
type Operacion = typeof operacion extends fc.Arbitrary<infer T> ? T : never;

describe.each(MOTORES)('existencia de conduces y facturas, propiedad (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let terminal: string;
  let cliente: string;

  async function producto(cantidadInicial: number, ventaSinDisponibilidad: boolean): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: `P${randomUUID().replaceAll('-', '').slice(0, 11)}`,
          nombre: `Producto ${randomUUID().slice(0, 8)}`,
          precioDeVenta: 100,
          impuestos: [],
          ventaSinDisponibilidad,
        },
        [{ idAlmacen: principal, cantidadInicial, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  function facturaBody(cabecera: Json, lineasEnviadas: Json[], conduces: string[]) {
    return [
      { identificadorUnico: randomUUID(), idCliente: cliente, plazoPagos: 30, ...cabecera },
      lineasEnviadas,
      conduces,
      null,
      { desdePos: false, idTerminalRef: terminal },
      [],
      { _id: terminal },
      'Efectivo',
      {},
    ];
  }

  async function bloqueoPorExistencia(encendido: boolean): Promise<void> {
    await e.db.consultarComoDueno(
      sql`update configuracion_general set bloqueo_por_no_existencia = ${encendido} where tenant_id = 1`,
    );
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Ferretería', apellidos: 'Los Pinos' },
    });
    expect(r.statusCode, r.body).toBe(200);
    cliente = r.json().clientedb._id;
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('toda secuencia deja la existencia igual a sus movimientos y al modelo', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: PRODUCTOS, maxLength: PRODUCTOS }),
        fc.boolean(),
        fc.boolean(),
        fc.array(operacion, { minLength: 2, maxLength: 12, size: 'medium' }),
        async (iniciales, bloqueo, conLibre, operaciones) => {
          await bloqueoPorExistencia(bloqueo);
          // Fresh products per run; the last may be sold without stock in some runs.
          const ids: string[] = [];
          for (const [i, inicial] of iniciales.entries()) {
            ids.push(await producto(inicial, conLibre && i === PRODUCTOS - 1));
          }
          const conduces: ConduceModelo[] = [];
          const facturas: FacturaModelo[] = [];
          const enviar = (ls: readonly LineaModelo[]) =>
            ls.map((l) => ({
              idProducto: ids[l.producto],
              cantidad: l.cantidad,
              ...(l.idLineaConduce ? { idLineaConduce: l.idLineaConduce } : {}),
            }));
          const elegir = <T>(lista: T[], i: number): T | undefined =>
            lista.length === 0 ? undefined : lista[i % lista.length];

          async function verificar(operacionHecha: Operacion, r: Respuesta | undefined): Promise<void> {
            const esperado = iniciales.map((inicial, p) => {
              let saldo = inicial;
              for (const c of conduces.filter((c) => c.activo && c.tipo === 'preFactura')) {
                saldo -= c.lineas.filter((l) => l.producto === p).reduce((s, l) => s + l.cantidad, 0);
              }
              for (const f of facturas.filter((f) => f.activa)) {
                saldo -= f.lineas
                  .filter((l) => l.producto === p && !l.idLineaConduce)
                  .reduce((s, l) => s + l.cantidad, 0);
              }
              return saldo;
            });
            for (const [p, id] of ids.entries()) {
              const real = await existencia(e, id, principal);
              const contexto = `${JSON.stringify(operacionHecha)} → ${r?.statusCode} ${r?.body.slice(0, 200)}`;
              expect(real.disponibilidad, contexto).toBe(real.sumaDeMovimientos);
              expect(real.disponibilidad, contexto).toBe(esperado[p]);
            }
          }

          for (const op of operaciones) {
            let r: Respuesta | undefined;
            switch (op.tipo) {
              case 'conducePre': {
                r = await e.api({
                  method: 'POST',
                  url: '/api/conduce/',
                  token: admin,
                  body: [{ identificadorUnico: randomUUID(), idCliente: cliente }, enviar(op.lineas)],
                });
                if (r.statusCode === 200) {
                  const guardadas = r.json().lineasConduce as unknown as { _id: string; precio: string }[];
                  conduces.push({
                    id: (r.json().conduceDb as { _id: string })._id,
                    tipo: 'preFactura',
                    lineas: op.lineas.map((l, i) => ({
                      ...l,
                      ...(guardadas[i] as { _id: string; precio: string }),
                    })),
                    activo: true,
                    facturadoPor: null,
                  });
                }
                break;
              }
              case 'conducePost': {
                const factura = elegir(facturas, op.factura);
                const vendida = factura?.lineas[0];
                if (!factura || !vendida) {
                  continue;
                }
                const entrega = [{ producto: vendida.producto, cantidad: op.cantidad }];
                r = await e.api({
                  method: 'POST',
                  url: '/api/conduce/',
                  token: admin,
                  body: [
                    { identificadorUnico: randomUUID(), tipo: 'postFactura', idFactura: factura.id },
                    enviar(entrega),
                  ],
                });
                if (r.statusCode === 200) {
                  conduces.push({
                    id: (r.json().conduceDb as { _id: string })._id,
                    tipo: 'postFactura',
                    lineas: [],
                    activo: true,
                    facturadoPor: null,
                  });
                }
                break;
              }
              case 'factura': {
                const conduce =
                  op.conduce === undefined
                    ? undefined
                    : elegir(
                        conduces.filter((c) => c.tipo === 'preFactura' && c.activo && !c.facturadoPor),
                        op.conduce,
                      );
                const deConduce: LineaModelo[] =
                  conduce?.lineas.map((l) => ({
                    producto: l.producto,
                    cantidad: l.cantidad,
                    idLineaConduce: l._id,
                  })) ?? [];
                const todas = [...op.lineas, ...deConduce];
                if (todas.length === 0) {
                  continue;
                }
                r = await e.api({
                  method: 'POST',
                  url: '/api/factura/crear',
                  token: admin,
                  body: facturaBody({}, enviar(todas), conduce ? [conduce.id] : []),
                });
                if (r.statusCode === 200) {
                  const id = (r.json().facturadb as unknown as { _id: string })._id;
                  facturas.push({ id, lineas: todas, activa: true, conduces: conduce ? [conduce.id] : [] });
                  if (conduce) {
                    conduce.facturadoPor = id;
                  }
                }
                break;
              }
              case 'editarFactura': {
                const factura = elegir(facturas, op.factura);
                if (!factura) {
                  continue;
                }
                const suyos = op.quitarConduces ? [] : factura.conduces;
                const deConduce = factura.lineas.filter((l) => l.idLineaConduce && !op.quitarConduces);
                const todas = [...op.lineas, ...deConduce];
                if (todas.length === 0) {
                  continue;
                }
                r = await e.api({
                  method: 'PUT',
                  url: `/api/factura/${factura.id}`,
                  token: admin,
                  body: [{ idCliente: cliente, plazoPagos: 30 }, [], enviar(todas), [], suyos],
                });
                if (r.statusCode === 200) {
                  for (const c of conduces.filter((c) => c.facturadoPor === factura.id)) {
                    c.facturadoPor = suyos.includes(c.id) ? factura.id : null;
                  }
                  factura.lineas = todas;
                  factura.conduces = suyos;
                }
                break;
              }
              case 'anularFactura': {
                const factura = elegir(facturas, op.factura);
                if (!factura) {
                  continue;
                }
                r = await e.api({
                  method: 'PUT',
                  url: `/api/factura/anular/${factura.id}`,
                  token: admin,
                  body: { tipoDeAnulacion: '4', notaAnular: 'Corrección' },
                });
                if (r.statusCode === 200) {
                  factura.activa = false;
                  for (const c of conduces.filter((c) => c.facturadoPor === factura.id)) {
                    c.facturadoPor = null;
                  }
                }
                break;
              }
              case 'anularConduce':
              case 'eliminarConduce': {
                const conduce = elegir(conduces, op.conduce);
                if (!conduce) {
                  continue;
                }
                r =
                  op.tipo === 'anularConduce'
                    ? await e.api({
                        method: 'PUT',
                        url: `/api/conduce/anular/${conduce.id}`,
                        token: admin,
                        body: { notaAnular: 'Devuelto' },
                      })
                    : await e.api({
                        method: 'DELETE',
                        url: `/api/conduce/eliminar/${conduce.id}`,
                        token: admin,
                      });
                // A billed conduce is neither cancelled nor deleted (spec 001 §4).
                if (conduce.facturadoPor) {
                  expect(r.statusCode, r.body).toBe(409);
                }
                if (r.statusCode === 200) {
                  conduce.activo = false;
                }
                break;
              }
            }
            expect([200, 409], `${JSON.stringify(op)} → ${r?.body}`).toContain(r?.statusCode);
            await verificar(op, r as Respuesta | undefined);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);
});
