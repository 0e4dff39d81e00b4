import { randomUUID } from 'node:crypto';
import { aPesos, calcularLinea } from '@pos/domain';
import {
  comparar,
  dividir,
  type Exacto,
  escaladoATexto,
  escalar,
  exacto,
  multiplicar,
  sumar,
} from '@pos/domain/exacto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../http/handle.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { registrarMovimientos } from '../productos/movimientos.service.ts';

// The weighted average cost after any sequence of purchases, sales and purchase cancellations equals
// the one recomputed independently from the stock ledger's rows (docs/documents.md «Compras»: a purchase
// moves the average, a cancellation takes its goods back at their cost).

type Paso =
  | { tipo: 'compra'; cantidad: number; costo: number; descuento: number }
  | { tipo: 'venta'; fraccion: number }
  | { tipo: 'anular'; cual: number };

const paso: fc.Arbitrary<Paso> = fc.oneof(
  fc.record({
    tipo: fc.constant('compra' as const),
    cantidad: fc.integer({ min: 1, max: 40 }),
    costo: fc.integer({ min: 1, max: 99_999 }).map((c) => c / 100),
    descuento: fc.constantFrom(0, 0.1, 0.25),
  }),
  fc.record({ tipo: fc.constant('venta' as const), fraccion: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ tipo: fc.constant('anular' as const), cual: fc.nat() }),
);

const redondear12 = (valor: Exacto) => exacto(escaladoATexto(escalar(valor, 12), 12));

/** The average from the ledger's rows, oldest first: each row moves it by what it adds at its cost. */
function promedioDelLibro(filas: { cantidad: string; costo_unitario: string }[]): string {
  let stock = exacto(0);
  let promedio = exacto(0);
  for (const fila of filas) {
    const q = exacto(fila.cantidad);
    const c = exacto(fila.costo_unitario);
    const despues = sumar(stock, q);
    if (comparar(q, exacto(0)) > 0) {
      promedio =
        comparar(stock, exacto(0)) > 0
          ? redondear12(dividir(sumar(multiplicar(stock, promedio), multiplicar(q, c)), despues))
          : c;
    } else if (comparar(despues, exacto(0)) > 0) {
      // Out at the average leaves it as it is; out at a purchase's cost takes that value away.
      const calculado = redondear12(dividir(sumar(multiplicar(stock, promedio), multiplicar(q, c)), despues));
      promedio = comparar(calculado, exacto(0)) < 0 ? exacto(0) : calculado;
    }
    stock = despues;
  }
  return escaladoATexto(escalar(promedio, 12), 12);
}

describe.each(MOTORES)('costo promedio de las compras, propiedad (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let proveedor: string;
  let n = 0;
  let ncfs = 0;

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Proveedor de la propiedad',
        tipoDeContacto: 'proveedor',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    proveedor = r.json().clientedb._id;
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('tras compras, ventas y anulaciones al azar, costoPromedio es el que dan los movimientos del libro', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.array(paso, { minLength: 1, maxLength: 6 }),
        async (inicial, pasos) => {
          n += 1;
          const creado = await e.api({
            method: 'POST',
            url: '/api/registro-productos/',
            token: admin,
            body: [
              {
                idCodigoDeBarra: `PROP-${motor}-${n}`,
                nombre: `Propiedad ${n}`,
                precioDeVenta: 100,
                costo: 37.5,
              },
              [{ idAlmacen: principal, cantidadInicial: inicial, cantidadMinima: 0 }],
              randomUUID(),
            ],
          });
          expect(creado.statusCode, creado.body).toBe(200);
          const idProducto: string = creado.json().producto._id;
          let stock = inicial;
          const costos = new Map<string, string>();
          const vigentes: { id: string; cantidad: number }[] = [];
          for (const p of pasos) {
            if (p.tipo === 'compra') {
              const r = await e.api({
                method: 'POST',
                url: '/api/compras-proveedores/',
                token: admin,
                body: [
                  { idProveedor: proveedor, ncf: `B01${String(++ncfs).padStart(8, '0')}` },
                  [{ idProducto, cantidad: p.cantidad, precio: p.costo, descuento: p.descuento }],
                  [],
                  [],
                  null,
                  randomUUID(),
                ],
              });
              expect(r.statusCode, r.body).toBe(200);
              vigentes.push({ id: r.json().compraDb._id, cantidad: p.cantidad });
              // The cost each purchase brings its goods in at: the line's subtotal net of discount (the
              // domain's, in cents, as the journal debits inventory) per unit (no tax on this product).
              const { subtotal } = calcularLinea({
                cantidad: p.cantidad,
                precio: p.costo,
                descuento: p.descuento,
                impuestos: [],
              });
              costos.set(
                r.json().compraDb._id,
                escaladoATexto(escalar(dividir(exacto(aPesos(subtotal)), exacto(p.cantidad)), 12), 12),
              );
              stock += p.cantidad;
            } else if (p.tipo === 'venta') {
              const cantidad = Math.floor(stock * p.fraccion);
              if (cantidad > 0) {
                await e.db.enEmpresa(1, (tx) =>
                  registrarMovimientos({ tx, tenantId: 1 } as unknown as Ctx, [
                    {
                      idProducto,
                      idAlmacen: principal,
                      cantidad: -cantidad,
                      tipoDocumento: 'factura',
                      idDocumento: randomUUID(),
                    },
                  ]),
                );
                stock -= cantidad;
              }
            } else if (vigentes.length > 0) {
              const [anulada] = vigentes.splice(p.cual % vigentes.length, 1);
              const r = await e.api({
                method: 'PUT',
                url: `/api/compras-proveedores/anular/${anulada?.id}`,
                token: admin,
                body: { notaAnular: 'Prueba de propiedad' },
              });
              expect(r.statusCode, r.body).toBe(200);
              stock -= anulada?.cantidad ?? 0;
            }
          }
          const movimientos = await e.db.consultarComoDueno<{ cantidad: string; costo_unitario: string }>(
            sql`select cantidad::text, costo_unitario::text from movimientos_de_inventario
              where tenant_id = 1 and id_producto = ${idProducto} order by fecha, id`,
          );
          const [producto] = await e.db.consultarComoDueno<{ costo_promedio: string; stock: string }>(
            sql`select costo_promedio::text,
                (select sum(disponibilidad)::text from productos_almacenes
                 where tenant_id = 1 and id_producto = ${idProducto}) as stock
              from productos where tenant_id = 1 and id = ${idProducto}`,
          );
          const entradas = await e.db.consultarComoDueno<{ id_documento: string; costo_unitario: string }>(
            sql`select id_documento, costo_unitario::text from movimientos_de_inventario
              where tenant_id = 1 and id_producto = ${idProducto} and tipo_documento = 'compra' and cantidad > 0`,
          );
          expect(Object.fromEntries(entradas.map((m) => [m.id_documento, m.costo_unitario]))).toEqual(
            Object.fromEntries(costos),
          );
          expect(Number(producto?.stock ?? 0)).toBe(stock);
          expect(producto?.costo_promedio).toBe(promedioDelLibro(movimientos));
        },
      ),
      { numRuns: 12, seed: 20_260_311 },
    );
  }, 600_000);
});
