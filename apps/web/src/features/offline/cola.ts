import type { DocumentoRechazado } from '@pos/contract';
import { ErrorDeApi } from '../../api/client.ts';
import { ESPERA_BASE_MS, REINTENTOS_MAXIMOS } from '../../app/conexion.ts';
import type { BaseLocal, DocumentoPendiente } from './baseLocal.ts';
import { TIPOS_PENDIENTES, type TipoPendiente } from './tiposPendientes.ts';

// The offline queue (spec 000 §4 "Connection"): orders, invoices, contacts and incomes are
// sent in that order, in batches, oldest first. A record leaves the browser only when the server
// answers it as created (the server creates each once by identificadorUnico, so a batch sent again
// after a lost answer is harmless); a refused one is set aside with its reason and the queue goes
// on; a failed call (no network, server down, session expired) keeps everything for a later try.

export const TAMANO_DE_LOTE = 100;

/** What the server answered for one batch: the identificadorUnico of each document it now has. */
export type RespuestaDeLote = { creados: string[]; rechazados: DocumentoRechazado[] };

/** Sends one batch of pending bodies of a kind; throws when the server could not be reached. */
export type EnviarLote = (tipo: TipoPendiente, cuerpos: unknown[]) => Promise<RespuestaDeLote>;

export type ResultadoDeSincronizacion = { creados: number; apartados: number };

/** A void made on this device while the server was already creating the document (a sync in flight). */
export const MOTIVO_ANULADA_TARDE =
  'El servidor la recibió antes de que se anulara en este equipo: anúlala en línea desde la lista.';

/**
 * Sends every pending document once, kind by kind in the spec's order. A kind whose call fails (the
 * network, a session without the right, the server down) does not hold the others back: they are sent,
 * and the first failure is thrown at the end so the sync is tried again.
 */
export async function sincronizarPendientes(
  base: BaseLocal,
  enviar: EnviarLote,
): Promise<ResultadoDeSincronizacion> {
  const resultado: ResultadoDeSincronizacion = { creados: 0, apartados: 0 };
  let fallo: { error: unknown } | null = null;
  for (const tipo of TIPOS_PENDIENTES) {
    try {
      await sincronizarTipo(base, enviar, tipo, resultado);
    } catch (error) {
      fallo ??= { error };
    }
  }
  if (fallo) {
    throw fallo.error;
  }
  return resultado;
}

/**
 * A receipt that collects an invoice sold offline waits while that invoice is still queued here (not
 * sent yet, set aside, or failing): sent before it, the server would not find the invoice and would
 * set the receipt aside too.
 */
async function retenidoPorSuFactura(
  base: BaseLocal,
  tipo: TipoPendiente,
): Promise<(pendiente: DocumentoPendiente) => boolean> {
  if (tipo !== 'ingresos') {
    return () => false;
  }
  // A voided one never goes: its receipt goes and the server sets it aside with the reason.
  const enCola = new Set(
    await base.facturasPendientes.filter((p) => p.estado !== 'Por-Anular').primaryKeys(),
  );
  return (pendiente) =>
    ((pendiente.cuerpo as { res?: { idFactura?: string | null }[] }).res ?? []).some(
      (linea) => linea.idFactura != null && enCola.has(linea.idFactura),
    );
}

async function sincronizarTipo(
  base: BaseLocal,
  enviar: EnviarLote,
  tipo: TipoPendiente,
  resultado: ResultadoDeSincronizacion,
): Promise<void> {
  const tabla = base.pendientes(tipo);
  const retenido = await retenidoPorSuFactura(base, tipo);
  // Each batch is read after the previous one was settled, so a batch never repeats.
  for (;;) {
    const lote = await tabla
      .orderBy('creadoEn')
      .filter((p) => p.estado === 'Activo' && !retenido(p))
      .limit(TAMANO_DE_LOTE)
      .toArray();
    if (lote.length === 0) {
      break;
    }
    let respuesta: RespuestaDeLote;
    try {
      respuesta = await enviar(
        tipo,
        lote.map((p) => p.cuerpo),
      );
    } catch (error) {
      // The signed-in user may not create this kind (a cashier without the contacts right): the batch
      // is set aside with the server's reason, for someone who may to send it again.
      if (!(error instanceof ErrorDeApi && error.statusCode === 403 && error.datos.sinPermiso === true)) {
        throw error;
      }
      respuesta = {
        creados: [],
        rechazados: lote.map((p) => ({ identificadorUnico: p.identificadorUnico, message: error.message })),
      };
    }
    const enviados = new Set(lote.map((p) => p.identificadorUnico));
    const creados = respuesta.creados.filter((id) => enviados.has(id));
    const rechazados = respuesta.rechazados.filter((r) => enviados.has(r.identificadorUnico));
    await base.transaction('rw', tabla, async () => {
      // Voided here while the batch was on its way: the server has it, so the cashier must void it
      // there; it stays, set aside with that reason, instead of vanishing.
      const anuladasTarde = (await tabla.bulkGet(creados))
        .filter((p) => p?.estado === 'Por-Anular')
        .map((p) => p?.identificadorUnico);
      for (const id of anuladasTarde) {
        await tabla.update(id as string, { estado: 'Apartado', motivo: MOTIVO_ANULADA_TARDE });
      }
      await tabla.bulkDelete(creados.filter((id) => !anuladasTarde.includes(id)));
      for (const rechazo of rechazados) {
        // One voided here meanwhile stays voided: «Reintentar» must not send a sale the cashier undid.
        const actual = await tabla.get(rechazo.identificadorUnico);
        if (actual && actual.estado !== 'Por-Anular') {
          await tabla.update(rechazo.identificadorUnico, { estado: 'Apartado', motivo: rechazo.message });
        }
      }
    });
    resultado.creados += creados.length;
    resultado.apartados += rechazados.length;
    if (creados.length + rechazados.length === 0) {
      // The server answered about none of them: stop rather than send the same batch forever.
      throw new Error('El servidor no respondió por ningún documento del lote.');
    }
  }
}

/** The spec's offline counters (000 §3): what still has to reach the server, set-aside ones included. */
export type ConteoDePendientes = {
  totalFacturasPendientesOffline: number;
  totalPagosFacturaOffline: number;
  totalContatosOffline: number;
  totalPedidosOffline: number;
  apartados: number;
};

export async function contarPendientes(base: BaseLocal): Promise<ConteoDePendientes> {
  const porEnviar = (tipo: TipoPendiente) =>
    base
      .pendientes(tipo)
      .filter((p) => p.estado !== 'Por-Anular')
      .count();
  const apartados = await Promise.all(
    TIPOS_PENDIENTES.map((tipo) =>
      base
        .pendientes(tipo)
        .filter((p) => p.estado === 'Apartado')
        .count(),
    ),
  );
  return {
    totalFacturasPendientesOffline: await porEnviar('facturas'),
    totalPagosFacturaOffline: await porEnviar('ingresos'),
    totalContatosOffline: await porEnviar('contactos'),
    totalPedidosOffline: await porEnviar('pedidos'),
    apartados: apartados.reduce((suma, n) => suma + n, 0),
  };
}

/** Keeps a document created offline in its queue. */
export async function guardarPendiente(
  base: BaseLocal,
  tipo: TipoPendiente,
  identificadorUnico: string,
  cuerpo: unknown,
  ahora = new Date(),
): Promise<DocumentoPendiente> {
  const pendiente: DocumentoPendiente = {
    identificadorUnico,
    cuerpo,
    creadoEn: ahora.toISOString(),
    estado: 'Activo',
  };
  await base.pendientes(tipo).put(pendiente);
  return pendiente;
}

/** A set-aside document goes back to the queue (after the cashier fixed its body, when given). */
export async function reintentarPendiente(
  base: BaseLocal,
  tipo: TipoPendiente,
  identificadorUnico: string,
  cuerpo?: unknown,
): Promise<void> {
  await base.pendientes(tipo).update(identificadorUnico, {
    estado: 'Activo',
    motivo: undefined,
    ...(cuerpo === undefined ? {} : { cuerpo }),
  });
}

/**
 * The cashier gives up a set-aside document: it never reaches the server (an invoice sold on credit
 * leaves this device's receivables with it).
 */
export async function descartarPendiente(base: BaseLocal, tipo: TipoPendiente, identificadorUnico: string) {
  await base.transaction('rw', base.pendientes(tipo), base.cuentasPorCobrar, async () => {
    await base.pendientes(tipo).delete(identificadorUnico);
    await base.cuentasPorCobrar.delete(identificadorUnico);
  });
}

/** Runs `fn` only when no other call, in this tab or another, is syncing; null when one is. */
export type Exclusivo = <T>(fn: () => Promise<T>) => Promise<T | null>;

const NOMBRE_DEL_BLOQUEO = 'pos-sincronizacion';

/** The Web Locks API when the browser has it (every tab of the origin shares it). */
export function exclusivoDelNavegador(): Exclusivo {
  let ocupado = false;
  return async <T>(fn: () => Promise<T>) => {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      return navigator.locks.request(NOMBRE_DEL_BLOQUEO, { ifAvailable: true }, (bloqueo) =>
        bloqueo ? fn() : null,
      );
    }
    if (ocupado) {
      return null;
    }
    ocupado = true;
    try {
      return await fn();
    } finally {
      ocupado = false;
    }
  };
}

export type Sincronizador = {
  /** Syncs now, unless a sync is already running here or in another tab (then null). */
  sincronizar(): Promise<ResultadoDeSincronizacion | null>;
  detener(): void;
};

/**
 * One sync at a time; a failed one is tried again after 2 s × 2^n, up to 5 times (the connection
 * monitor's backoff, spec 000 §8), and the count starts over after a success.
 */
export function crearSincronizador(opciones: {
  base: BaseLocal;
  enviar: EnviarLote;
  exclusivo?: Exclusivo;
  alTerminar?: (resultado: ResultadoDeSincronizacion | null, error?: unknown) => void;
  /** The first retry's wait; 2 s unless a test shortens it. */
  esperaBaseMs?: number;
}): Sincronizador {
  const exclusivo = opciones.exclusivo ?? exclusivoDelNavegador();
  const esperaBase = opciones.esperaBaseMs ?? ESPERA_BASE_MS;
  let enCurso: Promise<ResultadoDeSincronizacion | null> | null = null;
  let reintentos = 0;
  let temporizador: ReturnType<typeof setTimeout> | undefined;

  function programarReintento(): void {
    if (reintentos >= REINTENTOS_MAXIMOS) {
      return;
    }
    const espera = esperaBase * 2 ** reintentos;
    reintentos++;
    temporizador = setTimeout(() => {
      void sincronizar();
    }, espera);
  }

  async function ejecutar(): Promise<ResultadoDeSincronizacion | null> {
    clearTimeout(temporizador);
    try {
      const resultado = await exclusivo(() => sincronizarPendientes(opciones.base, opciones.enviar));
      if (resultado) {
        reintentos = 0;
      }
      opciones.alTerminar?.(resultado);
      return resultado;
    } catch (error) {
      opciones.alTerminar?.(null, error);
      programarReintento();
      return null;
    }
  }

  function sincronizar(): Promise<ResultadoDeSincronizacion | null> {
    enCurso ??= ejecutar().finally(() => {
      enCurso = null;
    });
    return enCurso;
  }

  return {
    sincronizar,
    detener() {
      clearTimeout(temporizador);
      reintentos = REINTENTOS_MAXIMOS;
    },
  };
}

/** A document voided offline (spec 001 §4): it stays here as Por-Anular and is never sent. */
export async function anularPendiente(base: BaseLocal, tipo: TipoPendiente, identificadorUnico: string) {
  await base.transaction('rw', base.pendientes(tipo), base.cuentasPorCobrar, async () => {
    await base.pendientes(tipo).update(identificadorUnico, { estado: 'Por-Anular' });
    // An invoice sold on credit offline no longer owes anything on this device.
    await base.cuentasPorCobrar.delete(identificadorUnico);
  });
}
