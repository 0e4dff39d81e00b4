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
    const campoCuenta = this.pagina.locator('input').and(this.pagina.getByLabel('Cuenta (concepto)'));
    // On a loaded machine the list may still be filtering the last keystrokes when ArrowDown
    // lands, and the re-render drops the highlight: choose again until the field shows the account.
    for (let intento = 1; ; intento++) {
      await this.pagina.getByRole('option', { name: new RegExp(cuenta) }).waitFor();
      await this.pagina.keyboard.press('ArrowDown');
      await this.pagina.keyboard.press('Enter');
      let elegida = false;
      for (let espera = 0; espera < 30 && !elegida; espera++) {
        elegida = (await campoCuenta.inputValue()).includes(` · ${cuenta}`);
        if (!elegida) {
          await this.pagina.waitForTimeout(100);
        }
      }
      if (elegida) {
        break;
      }
      if (intento === 3) {
        throw new Error(`No se pudo elegir la cuenta «${cuenta}» con el teclado`);
      }
    }
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
