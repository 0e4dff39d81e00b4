import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorDeApi } from '../../api/client.ts';
import { BaseLocal, type TipoPendiente } from './baseLocal.ts';
import {
  contarPendientes,
  crearSincronizador,
  descartarPendiente,
  type EnviarLote,
  guardarPendiente,
  MOTIVO_ANULADA_TARDE,
  reintentarPendiente,
  sincronizarPendientes,
} from './cola.ts';

type Cuerpo = { identificadorUnico: string; rechazar?: string };

// A server that creates each document once by identificadorUnico, as the real one does.
function servidorSimulado() {
  const creados = new Map<string, TipoPendiente>();
  const llamadas: { tipo: TipoPendiente; ids: string[] }[] = [];
  let caidas = 0;
  let respuestasPerdidas = 0;
  const enviar: EnviarLote = async (tipo, cuerpos) => {
    const ids = (cuerpos as Cuerpo[]).map((c) => c.identificadorUnico);
    llamadas.push({ tipo, ids });
    if (caidas > 0) {
      caidas--;
      throw new Error('Sin conexión');
    }
    const rechazados = (cuerpos as Cuerpo[])
      .filter((c) => c.rechazar)
      .map((c) => ({ identificadorUnico: c.identificadorUnico, message: c.rechazar as string }));
    const aceptados = ids.filter((id) => !rechazados.some((r) => r.identificadorUnico === id));
    for (const id of aceptados) {
      creados.set(id, tipo);
    }
    if (respuestasPerdidas > 0) {
      respuestasPerdidas--;
      throw new Error('La respuesta se perdió');
    }
    return { creados: aceptados, rechazados };
  };
  return {
    enviar,
    creados,
    llamadas,
    caer: (veces: number) => {
      caidas = veces;
    },
    perderRespuestas: (veces: number) => {
      respuestasPerdidas = veces;
    },
  };
}

let numero = 0;
async function pendiente(base: BaseLocal, tipo: TipoPendiente, extra: Partial<Cuerpo> = {}): Promise<string> {
  numero++;
  const id = `${tipo}-${String(numero).padStart(4, '0')}`;
  // Distinct, increasing creation times: the queue's order.
  await guardarPendiente(
    base,
    tipo,
    id,
    { identificadorUnico: id, ...extra },
    new Date(Date.UTC(2026, 10, 20, 10, 0, numero)),
  );
  return id;
}

describe('cola de sincronización sin conexión', () => {
  let base: BaseLocal;

  beforeEach(() => {
    base = new BaseLocal(Math.floor(Math.random() * 1e9));
  });
  afterEach(async () => {
    await base.delete();
  });

  it('envía pedidos, facturas, contactos e ingresos en ese orden, por lotes de 100 y los más viejos primero', async () => {
    const ingreso = await pendiente(base, 'ingresos');
    const contacto = await pendiente(base, 'contactos');
    const facturas: string[] = [];
    for (let i = 0; i < 250; i++) {
      facturas.push(await pendiente(base, 'facturas'));
    }
    const pedido = await pendiente(base, 'pedidos');
    const servidor = servidorSimulado();
    expect(await sincronizarPendientes(base, servidor.enviar)).toEqual({ creados: 253, apartados: 0 });
    expect(servidor.llamadas.map((l) => [l.tipo, l.ids.length])).toEqual([
      ['pedidos', 1],
      ['facturas', 100],
      ['facturas', 100],
      ['facturas', 50],
      ['contactos', 1],
      ['ingresos', 1],
    ]);
    expect(servidor.llamadas.flatMap((l) => l.ids)).toEqual([pedido, ...facturas, contacto, ingreso]);
    expect(await contarPendientes(base)).toEqual({
      totalFacturasPendientesOffline: 0,
      totalPagosFacturaOffline: 0,
      totalContatosOffline: 0,
      totalPedidosOffline: 0,
      apartados: 0,
    });
  });

  it('aparta la rechazada con su motivo sin detener a las demás, y no la vuelve a enviar', async () => {
    const buena = await pendiente(base, 'facturas');
    const mala = await pendiente(base, 'facturas', { rechazar: 'No hay un turno abierto.' });
    const otra = await pendiente(base, 'facturas');
    const servidor = servidorSimulado();
    expect(await sincronizarPendientes(base, servidor.enviar)).toEqual({ creados: 2, apartados: 1 });
    expect([...servidor.creados.keys()]).toEqual([buena, otra]);
    expect(await base.facturasPendientes.get(mala)).toMatchObject({
      estado: 'Apartado',
      motivo: 'No hay un turno abierto.',
    });
    expect((await contarPendientes(base)).apartados).toBe(1);
    await sincronizarPendientes(base, servidor.enviar);
    expect(servidor.llamadas).toHaveLength(1);
    // Fixed by the cashier, it goes back to the queue; or it is discarded.
    await reintentarPendiente(base, 'facturas', mala, { identificadorUnico: mala });
    expect(await sincronizarPendientes(base, servidor.enviar)).toEqual({ creados: 1, apartados: 0 });
    const descartada = await pendiente(base, 'contactos', { rechazar: 'RNC inválido' });
    await sincronizarPendientes(base, servidor.enviar);
    await descartarPendiente(base, 'contactos', descartada);
    expect(await base.contactosPendientes.count()).toBe(0);
  });

  it('sin respuesta no borra nada; el reenvío no duplica y entonces sí se borran', async () => {
    const ids = [await pendiente(base, 'facturas'), await pendiente(base, 'facturas')];
    const servidor = servidorSimulado();
    servidor.perderRespuestas(1);
    await expect(sincronizarPendientes(base, servidor.enviar)).rejects.toThrow('La respuesta se perdió');
    expect(await base.facturasPendientes.count()).toBe(2);
    expect(servidor.creados.size).toBe(2);
    await sincronizarPendientes(base, servidor.enviar);
    expect(servidor.llamadas.map((l) => l.ids)).toEqual([ids, ids]);
    expect(servidor.creados.size).toBe(2);
    expect(await base.facturasPendientes.count()).toBe(0);
  });

  it('solo borra lo que el servidor confirma, y nunca envía una anulada sin conexión', async () => {
    const confirmada = await pendiente(base, 'facturas');
    const ignorada = await pendiente(base, 'facturas');
    const anulada = await pendiente(base, 'facturas');
    await base.facturasPendientes.update(anulada, { estado: 'Por-Anular' });
    const enviados: string[][] = [];
    const enviar: EnviarLote = async (_tipo, cuerpos) => {
      enviados.push((cuerpos as Cuerpo[]).map((c) => c.identificadorUnico));
      return { creados: [confirmada, 'otra-que-no-se-envio'], rechazados: [] };
    };
    await expect(sincronizarPendientes(base, enviar)).rejects.toThrow('ningún documento');
    expect(enviados).toEqual([[confirmada, ignorada], [ignorada]]);
    expect((await base.facturasPendientes.toArray()).map((p) => p.identificadorUnico).sort()).toEqual(
      [anulada, ignorada].sort(),
    );
    expect((await contarPendientes(base)).totalFacturasPendientesOffline).toBe(1);
  });

  it('un tipo cuya llamada falla no detiene a los demás; el fallo se lanza al final para reintentar', async () => {
    const pedido = await pendiente(base, 'pedidos');
    const factura = await pendiente(base, 'facturas');
    const ingreso = await pendiente(base, 'ingresos');
    const servidor = servidorSimulado();
    const enviar: EnviarLote = async (tipo, cuerpos) => {
      if (tipo === 'facturas') {
        throw new ErrorDeApi(500, 'El servidor falló.');
      }
      return servidor.enviar(tipo, cuerpos);
    };
    await expect(sincronizarPendientes(base, enviar)).rejects.toThrow('El servidor falló.');
    expect([...servidor.creados.keys()]).toEqual([pedido, ingreso]);
    expect(await base.facturasPendientes.get(factura)).toMatchObject({ estado: 'Activo' });
  });

  it('sin permiso para un tipo (403) aparta su lote con el motivo del servidor y sigue', async () => {
    const contactos = [await pendiente(base, 'contactos'), await pendiente(base, 'contactos')];
    const ingreso = await pendiente(base, 'ingresos');
    const servidor = servidorSimulado();
    const enviar: EnviarLote = async (tipo, cuerpos) => {
      if (tipo === 'contactos') {
        throw new ErrorDeApi(403, 'No tienes permiso para crear en Clientes.', [], { sinPermiso: true });
      }
      return servidor.enviar(tipo, cuerpos);
    };
    expect(await sincronizarPendientes(base, enviar)).toEqual({ creados: 1, apartados: 2 });
    expect([...servidor.creados.keys()]).toEqual([ingreso]);
    for (const id of contactos) {
      expect(await base.contactosPendientes.get(id)).toMatchObject({
        estado: 'Apartado',
        motivo: 'No tienes permiso para crear en Clientes.',
      });
    }
  });

  it('otro 403 (plan suspendido) no aparta nada: todo sigue por enviar para cuando se reactive', async () => {
    const factura = await pendiente(base, 'facturas');
    const enviar: EnviarLote = async () => {
      throw new ErrorDeApi(403, 'El plan de la empresa está suspendido.');
    };
    await expect(sincronizarPendientes(base, enviar)).rejects.toThrow('suspendido');
    expect(await base.facturasPendientes.get(factura)).toMatchObject({ estado: 'Activo' });
  });

  it('un ingreso que cobra una factura todavía en la cola espera a que ella suba', async () => {
    const factura = await pendiente(base, 'facturas', { rechazar: 'No hay un turno abierto.' });
    const ingreso = 'ingreso-de-factura-en-cola';
    await guardarPendiente(base, 'ingresos', ingreso, {
      identificadorUnico: ingreso,
      res: [{ idFactura: factura, importe: 10 }],
    });
    const otro = await pendiente(base, 'ingresos');
    const servidor = servidorSimulado();
    await sincronizarPendientes(base, servidor.enviar);
    // The invoice was set aside; its receipt was not sent, the other one was.
    expect([...servidor.creados.keys()]).toEqual([otro]);
    expect(await base.pagosDeFacturas.get(ingreso)).toMatchObject({ estado: 'Activo' });
    // Fixed and sent, the invoice leaves the queue, and then its receipt goes.
    await reintentarPendiente(base, 'facturas', factura, { identificadorUnico: factura });
    await sincronizarPendientes(base, servidor.enviar);
    expect([...servidor.creados.keys()]).toEqual([otro, factura, ingreso]);
  });

  it('una anulada aquí mientras su lote iba al servidor que el servidor rechaza sigue anulada', async () => {
    const factura = await pendiente(base, 'facturas', { rechazar: 'No hay un turno abierto.' });
    const servidor = servidorSimulado();
    const enviar: EnviarLote = async (tipo, cuerpos) => {
      const respuesta = await servidor.enviar(tipo, cuerpos);
      await base.facturasPendientes.update(factura, { estado: 'Por-Anular' });
      return respuesta;
    };
    await sincronizarPendientes(base, enviar);
    expect(await base.facturasPendientes.get(factura)).toMatchObject({ estado: 'Por-Anular' });
  });

  it('una factura anulada aquí mientras su lote iba al servidor queda apartada con el aviso, no se pierde', async () => {
    const factura = await pendiente(base, 'facturas');
    const servidor = servidorSimulado();
    // The cashier voids it while the batch is on its way.
    const enviar: EnviarLote = async (tipo, cuerpos) => {
      const respuesta = await servidor.enviar(tipo, cuerpos);
      await base.facturasPendientes.update(factura, { estado: 'Por-Anular' });
      return respuesta;
    };
    expect(await sincronizarPendientes(base, enviar)).toEqual({ creados: 1, apartados: 0 });
    expect(await base.facturasPendientes.get(factura)).toMatchObject({
      estado: 'Apartado',
      motivo: MOTIVO_ANULADA_TARDE,
    });
  });

  it('una sola sincronización a la vez; reintenta con espera creciente tras un fallo', async () => {
    await pendiente(base, 'facturas');
    const servidor = servidorSimulado();
    servidor.caer(2);
    const terminados: (string | null)[] = [];
    const sincronizador = crearSincronizador({
      base,
      enviar: servidor.enviar,
      esperaBaseMs: 5,
      alTerminar: (resultado, error) => terminados.push(resultado ? 'ok' : String((error as Error)?.message)),
    });
    const [a, b] = [sincronizador.sincronizar(), sincronizador.sincronizar()];
    expect(a).toBe(b);
    expect(await a).toBeNull();
    // Two failures, then the retries (5 ms, 10 ms) get through.
    await expect.poll(() => terminados, { timeout: 2000 }).toEqual(['Sin conexión', 'Sin conexión', 'ok']);
    expect(servidor.creados.size).toBe(1);
    sincronizador.detener();
  });

  it('no sincroniza si otra pestaña tiene el bloqueo', async () => {
    await pendiente(base, 'facturas');
    const servidor = servidorSimulado();
    const sincronizador = crearSincronizador({
      base,
      enviar: servidor.enviar,
      exclusivo: async () => null,
    });
    expect(await sincronizador.sincronizar()).toBeNull();
    expect(servidor.llamadas).toHaveLength(0);
    expect(await base.facturasPendientes.count()).toBe(1);
  });
});
