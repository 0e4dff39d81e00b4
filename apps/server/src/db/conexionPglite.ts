import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

type Mensaje = Parameters<typeof serialize.parse>[0];

/**
 * node-postgres's connection to the in-process PGlite, in place of a socket. It does what PGlite's own
 * adapter (`@electric-sql/pglite/node-postgres`) does, with one difference: the messages of a query
 * (bind, describe, execute… up to its sync) reach PGlite in one call, not one call each. Each call
 * runs PGlite's server loop and reads back its answer, and a sale's seven queries made about thirty
 * of them. PGlite answers a batch as a server answers a pipelined one: an error skips to the sync.
 */
export class ConexionPglite extends EventEmitter {
  // node-postgres keeps the names of the statements prepared on its connection here.
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  readonly #pglite: PGlite;
  #pendientes: Uint8Array[] = [];
  // Every call waits for the one before: PGlite is one session.
  #cola: Promise<unknown>;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#cola = pglite.waitReady;
  }

  connect(): void {
    this._connecting = true;
    this.#cola = this.#cola.then(() => process.nextTick(() => this.emit('readyForQuery')));
  }

  // An in-process database has no SSL, startup, authentication or cancel request.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(texto: string): void {
    this.#enviar(serialize.query(texto));
  }

  parse(consulta: Mensaje & { types?: unknown }): void {
    // node-postgres passes the query's `types` as given; drizzle puts its result parsers there.
    const types = Array.isArray(consulta.types) ? (consulta.types as number[]) : [];
    this.#pendientes.push(serialize.parse({ ...consulta, types }));
  }

  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#pendientes.push(serialize.bind(config));
  }

  describe(config: Parameters<typeof serialize.describe>[0]): void {
    this.#pendientes.push(serialize.describe(config));
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#pendientes.push(serialize.execute(config));
  }

  close(config: Parameters<typeof serialize.close>[0]): void {
    this.#pendientes.push(serialize.close(config));
  }

  flush(): void {
    this.#enviar(serialize.flush());
  }

  sync(): void {
    this.#enviar(serialize.sync());
  }

  sendCopyFail(mensaje: string): void {
    this.#enviar(serialize.copyFail(mensaje));
  }

  end(): void {
    this.#cola = this.#cola.then(() => this.emit('end'));
  }

  #enviar(ultimo: Uint8Array): void {
    const datos = this.#pendientes.length === 0 ? ultimo : Buffer.concat([...this.#pendientes, ultimo]);
    this.#pendientes = [];
    this.#cola = this.#cola
      .then(() => this.#pglite.execProtocolStream(datos, { throwOnError: false }))
      .then((mensajes) => {
        for (const mensaje of mensajes) {
          this.emit(mensaje.name === 'error' ? 'errorMessage' : mensaje.name, mensaje);
        }
      })
      .catch((error: unknown) => this.emit('error', error));
  }
}
