import type { Page } from 'playwright-core';

/** Page model of /vistas_pos/nueva_devolucion: find the sale, set what comes back, save (F12). */
export class PaginaDevolucion {
  constructor(private readonly pagina: Page) {}

  campoDeFactura() {
    return this.pagina.getByRole('textbox', { name: 'NCF o número de la factura' });
  }

  /** As a scanner: the sale's NCF and Enter; resolves when its lines are proposed. */
  async buscarFactura(ncf: string): Promise<void> {
    const campo = this.campoDeFactura();
    await campo.waitFor();
    await campo.fill(ncf);
    await campo.press('Enter');
    await this.pagina.getByTestId('factura-elegida').waitFor();
  }

  cantidad(descripcion: string) {
    return this.pagina.getByRole('textbox', { name: `Cantidad de ${descripcion}`, exact: true });
  }

  /** The quantity that comes back of one line (typed from the keyboard). */
  async devolver(descripcion: string, cantidad: number): Promise<void> {
    const campo = this.cantidad(descripcion);
    await campo.click();
    await campo.press('ControlOrMeta+a');
    await this.pagina.keyboard.type(String(cantidad));
    await campo.press('Tab');
  }

  /** The return's total (the kit's totals block). */
  total() {
    return this.pagina.getByTestId('totales-devolucion').getByText(/^RD\$/).last();
  }

  importeDelReembolso() {
    return this.pagina.getByRole('textbox', { name: 'Importe de la devolución 1' });
  }

  /** F12: saves the return; resolves with the answer of POST /notas-de-credito/. */
  async guardar() {
    const respuesta = this.pagina.waitForResponse(
      (r) => r.url().endsWith('/api/notas-de-credito/') && r.request().method() === 'POST',
    );
    await this.pagina.keyboard.press('F12');
    return respuesta;
  }
}
