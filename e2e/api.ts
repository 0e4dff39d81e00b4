/** The JSON API as another client of the server would use it (tenant 1, bearer token). */
export class Api {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  static async entrar(url: string, usuario: string, clave: string): Promise<Api> {
    const r = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { tenantId: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ username: usuario, password: clave }),
    });
    if (!r.ok) {
      throw new Error(`login ${usuario}: ${r.status} ${await r.text()}`);
    }
    return new Api(url, ((await r.json()) as { token: string }).token);
  }

  /** The answer whatever its status, for tests of refusals. */
  async responder(metodo: string, ruta: string, cuerpo?: unknown) {
    const r = await fetch(`${this.url}/api${ruta}`, {
      method: metodo,
      headers: {
        tenantId: '1',
        authorization: `Bearer ${this.token}`,
        ...(cuerpo === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(cuerpo === undefined ? {} : { body: JSON.stringify(cuerpo) }),
    });
    const texto = await r.text();
    return { status: r.status, texto, cuerpo: (texto ? JSON.parse(texto) : null) as Record<string, unknown> };
  }

  /** The answer of a call that must succeed. */
  async llamar<T>(metodo: string, ruta: string, cuerpo?: unknown): Promise<T> {
    const r = await this.responder(metodo, ruta, cuerpo);
    if (r.status >= 400) {
      throw new Error(`${metodo} ${ruta}: ${r.status} ${r.texto}`);
    }
    return r.cuerpo as T;
  }
}
