import type { Page, Response } from 'playwright-core';

/** Page model of /vistas_pos/nuevo_retiro: amount, account (concept), note, F12. */
export class PaginaRetiro {
  constructor(private readonly pagina: Page) {}

  monto() {
    return this.pagina.getByRole('textbox', { name: 'Monto a retirar' });
  }

  /** From the keyboard: the amount (the field has the focus), the account searched by name, a note. */
  async llenar(monto: number, cuenta: string, nota: string): Promise<void> {
    const campo = this.monto();
    await campo.waitFor();
    await this.pagina.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Monto a retirar',
    );
    await this.pagina.keyboard.type(String(monto));
    await this.pagina.keyboard.press('Tab');
    await this.pagina.keyboard.type(cuenta);
    await this.pagina.getByRole('option', { name: new RegExp(cuenta) }).waitFor();
    await this.pagina.keyboard.press('ArrowDown');
    await this.pagina.keyboard.press('Enter');
    await this.pagina.keyboard.press('Tab');
    await this.pagina.keyboard.type(nota);
  }

  /** F12: resolves with the answer of POST /recibos-egresos/. */
  async guardar(): Promise<Response> {
    const respuesta = this.pagina.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/recibos-egresos/',
    );
    await this.pagina.keyboard.press('F12');
    return respuesta;
  }
}
