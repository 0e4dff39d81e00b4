import { randomUUID } from 'node:crypto';
import { CrearProducto } from '@pos/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filas, type Tx } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { crearProducto } from './escritura.ts';
import { registrarMovimientos, revertirMovimientos } from './movimientos.service.ts';

// Invariant 7: availability per product and warehouse = the sum of the ledger; the balance row kept
// for speed must always agree with it, and the average cost follows the inbound movements.

class Deshacer extends Error {}

describe.each(MOTORES)('libro de inventario (%s)', (motor) => {
  let e: Entorno;
  let almacenes: string[];

  beforeAll(async () => {
    e = await crearEntorno(motor);
    const admin = await e.login(1);
    const principal = await e.db.enEmpresa(1, (tx) => obtenerAlmacenPrincipal(ctxDe(tx)));
    const otro = await e.api({
      method: 'POST',
      url: '/api/almacen/',
      token: admin,
      body: { nombre: 'Almacén de la propiedad', identificadorUnico: randomUUID() },
    });
    almacenes = [principal._id, otro.json<{ _id: string }>()._id];
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function ctxDe(tx: Tx, tenantId = 1): Ctx {
    return { tx, tenantId, ip: '', usuario: null };
  }

  async function nuevoProducto(ctx: Ctx, campos: Record<string, unknown> = {}): Promise<string> {
    const creado = await crearProducto(
      ctx,
      CrearProducto.parse([{ nombre: 'Producto del libro', ...campos }, [], randomUUID()]),
    );
    return creado.producto._id;
  }

  /** Runs `fn` in a company transaction that is rolled back afterwards. */
  async function enTransaccionDeshecha(fn: (ctx: Ctx) => Promise<void>): Promise<void> {
    await e.db
      .enEmpresa(1, async (tx) => {
        await fn(ctxDe(tx));
        throw new Deshacer();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Deshacer)) {
          throw error;
        }
      });
  }

  async function saldos(ctx: Ctx, ids: string[]) {
    return filas<{ id_producto: string; id_almacen: string; saldo: string; suma: string }>(
      ctx.tx,
      sql`select pa.id_producto, pa.id_almacen, pa.disponibilidad::text as saldo,
            coalesce((select sum(m.cantidad) from movimientos_de_inventario m where m.tenant_id = pa.tenant_id
              and m.id_producto = pa.id_producto and m.id_almacen = pa.id_almacen), 0)::text as suma
          from productos_almacenes pa where pa.tenant_id = ${ctx.tenantId} and pa.id_producto in ${ids}`,
    );
  }

  it('propiedad: tras cualquier secuencia de movimientos, el saldo es la suma del libro y el modelo', async () => {
    const movimiento = fc.record({
      producto: fc.integer({ min: 0, max: 1 }),
      almacen: fc.integer({ min: 0, max: 1 }),
      // Up to 3 decimals (scale quantities), both signs.
      milesimas: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
      costo: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(movimiento, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        async (lotes) => {
          await enTransaccionDeshecha(async (ctx) => {
            const productos = [await nuevoProducto(ctx), await nuevoProducto(ctx)];
            const modelo = new Map<string, number>();
            for (const lote of lotes) {
              await registrarMovimientos(
                ctx,
                lote.map((m) => ({
                  idProducto: productos[m.producto] ?? '',
                  idAlmacen: almacenes[m.almacen] ?? '',
                  cantidad: (m.milesimas / 1000).toString(),
                  costoUnitario: m.costo === undefined ? undefined : (m.costo / 100).toString(),
                  tipoDocumento: 'prueba',
                })),
              );
              for (const m of lote) {
                const clave = `${productos[m.producto]}|${almacenes[m.almacen]}`;
                modelo.set(clave, (modelo.get(clave) ?? 0) + m.milesimas);
              }
            }
            const filasDeSaldo = await saldos(ctx, productos);
            for (const fila of filasDeSaldo) {
              expect(fila.saldo).toBe(fila.suma);
              expect(Math.round(Number(fila.saldo) * 1000)).toBe(
                modelo.get(`${fila.id_producto}|${fila.id_almacen}`) ?? 0,
              );
            }
            expect(filasDeSaldo.length).toBe(modelo.size);
          });
        },
      ),
      { numRuns: motor === 'pglite' ? 25 : 40 },
    );
  });

  it('costo promedio ponderado y último costo en entradas; salidas al promedio; stock negativo', async () => {
    await enTransaccionDeshecha(async (ctx) => {
      const [a, b] = almacenes as [string, string];
      const id = await nuevoProducto(ctx);
      const costos = async () => {
        const [fila] = await filas<{ costo_promedio: string; ultimo_costo: string }>(
          ctx.tx,
          sql`select costo_promedio::float8::text as costo_promedio, ultimo_costo::float8::text as ultimo_costo from productos where id = ${id}`,
        );
        return { promedio: Number(fila?.costo_promedio), ultimo: Number(fila?.ultimo_costo) };
      };
      await registrarMovimientos(ctx, [
        { idProducto: id, idAlmacen: a, cantidad: 10, costoUnitario: 50, tipoDocumento: 'compra' },
      ]);
      // The average is over every warehouse: 10 @ 50 in A, then 10 @ 70 in B → 60.
      const r = await registrarMovimientos(ctx, [
        { idProducto: id, idAlmacen: b, cantidad: 10, costoUnitario: 70, tipoDocumento: 'compra' },
      ]);
      expect(r.costos).toEqual([{ idProducto: id, costoPromedio: 60, ultimoCosto: 70 }]);
      // An outbound movement records the average as its cost and leaves the average alone.
      const documento = randomUUID();
      await registrarMovimientos(ctx, [
        {
          idProducto: id,
          idAlmacen: a,
          cantidad: -5,
          costoUnitario: 999,
          tipoDocumento: 'factura',
          idDocumento: documento,
        },
      ]);
      const [salida] = await filas<{ costo_unitario: string }>(
        ctx.tx,
        sql`select costo_unitario::float8::text as costo_unitario from movimientos_de_inventario where id_documento = ${documento}`,
      );
      expect(Number(salida?.costo_unitario)).toBe(60);
      expect(await costos()).toEqual({ promedio: 60, ultimo: 70 });
      // 15 on hand @ 60, 5 in @ 80 → (900 + 400) / 20 = 65.
      await registrarMovimientos(ctx, [
        { idProducto: id, idAlmacen: a, cantidad: 5, costoUnitario: 80, tipoDocumento: 'compra' },
      ]);
      expect(await costos()).toEqual({ promedio: 65, ultimo: 80 });
      // A return without cost enters at the average: nothing changes.
      await registrarMovimientos(ctx, [
        { idProducto: id, idAlmacen: a, cantidad: 1, tipoDocumento: 'devolucion' },
      ]);
      expect(await costos()).toEqual({ promedio: 65, ultimo: 80 });
      // Selling below zero, then buying: the average restarts at the new cost.
      await registrarMovimientos(ctx, [
        { idProducto: id, idAlmacen: a, cantidad: -11, tipoDocumento: 'factura' },
        { idProducto: id, idAlmacen: b, cantidad: -15, tipoDocumento: 'factura' },
      ]);
      await registrarMovimientos(ctx, [
        { idProducto: id, idAlmacen: a, cantidad: 3, costoUnitario: 90, tipoDocumento: 'compra' },
      ]);
      expect(await costos()).toEqual({ promedio: 90, ultimo: 90 });
      // Average of thirds keeps 12 decimals: 1 @ 1 + 2 @ 2 → 1.666666666667.
      const tercios = await nuevoProducto(ctx);
      await registrarMovimientos(ctx, [
        { idProducto: tercios, idAlmacen: a, cantidad: 1, costoUnitario: 1, tipoDocumento: 'compra' },
        { idProducto: tercios, idAlmacen: a, cantidad: 2, costoUnitario: 2, tipoDocumento: 'compra' },
      ]);
      const [t] = await filas<{ costo_promedio: string }>(
        ctx.tx,
        sql`select costo_promedio::text from productos where id = ${tercios}`,
      );
      expect(t?.costo_promedio).toBe('1.666666666667');
    });
  });

  it('revertirMovimientos deja en cero el efecto de un documento; servicios y ceros se omiten', async () => {
    await enTransaccionDeshecha(async (ctx) => {
      const [a, b] = almacenes as [string, string];
      const id = await nuevoProducto(ctx);
      const servicio = await nuevoProducto(ctx, { productoInventariable: false });
      const documento = randomUUID();
      await registrarMovimientos(ctx, [
        { idProducto: id, idAlmacen: a, cantidad: 20, costoUnitario: 10, tipoDocumento: 'compra' },
      ]);
      const r = await registrarMovimientos(ctx, [
        { idProducto: id, idAlmacen: a, cantidad: -3, tipoDocumento: 'factura', idDocumento: documento },
        { idProducto: id, idAlmacen: b, cantidad: -2.5, tipoDocumento: 'factura', idDocumento: documento },
        { idProducto: id, idAlmacen: a, cantidad: 0, tipoDocumento: 'factura', idDocumento: documento },
        {
          idProducto: servicio,
          idAlmacen: a,
          cantidad: -1,
          tipoDocumento: 'factura',
          idDocumento: documento,
        },
      ]);
      // The order follows product and warehouse ids (the locking order), not the input.
      expect(r.existencias).toHaveLength(2);
      expect(r.existencias).toEqual(
        expect.arrayContaining([
          { idProducto: id, idAlmacen: a, disponibilidad: 17 },
          { idProducto: id, idAlmacen: b, disponibilidad: -2.5 },
        ]),
      );
      const revertido = await revertirMovimientos(ctx, { tipoDocumento: 'factura', idDocumento: documento });
      expect(revertido.existencias).toHaveLength(2);
      expect(revertido.existencias).toEqual(
        expect.arrayContaining([
          { idProducto: id, idAlmacen: a, disponibilidad: 20 },
          { idProducto: id, idAlmacen: b, disponibilidad: 0 },
        ]),
      );
      const [neto] = await filas<{ suma: string; servicio: number }>(
        ctx.tx,
        sql`select sum(cantidad)::float8::text as suma,
              (select count(*)::int from movimientos_de_inventario where id_producto = ${servicio}) as servicio
            from movimientos_de_inventario where id_documento = ${documento}`,
      );
      expect(Number(neto?.suma)).toBe(0);
      expect(neto?.servicio).toBe(0);
      await expect(
        registrarMovimientos(ctx, [{ idProducto: id, idAlmacen: a, cantidad: 'abc', tipoDocumento: 'x' }]),
      ).rejects.toThrow('no es un número');
    });
  });

  it('movimientos concurrentes del mismo producto no pierden unidades', async () => {
    const id = await e.db.enEmpresa(1, (tx) => nuevoProducto(ctxDe(tx)));
    const [a] = almacenes as [string];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        e.db.enEmpresa(1, (tx) =>
          registrarMovimientos(ctxDe(tx), [
            {
              idProducto: id,
              idAlmacen: a,
              cantidad: i % 2 === 0 ? 3 : -1,
              costoUnitario: 10,
              tipoDocumento: 'prueba',
            },
          ]),
        ),
      ),
    );
    const [fila] = await e.db.enEmpresa(1, (tx) => saldos(ctxDe(tx), [id]));
    expect(Number(fila?.saldo)).toBe(10);
    expect(fila?.saldo).toBe(fila?.suma);
  });
});
