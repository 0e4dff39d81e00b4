import type { Page } from 'playwright-core';

/** Page model of the dispatch note screens: /conduce-de-despacho/lista, nuevo, ver. */
export class PaginaDespachos {
  constructor(private readonly pagina: Page) {}

  /** Searches an invoice by its number and picks it; waits for its lines. */
  async elegirFactura(comprobante: string): Promise<void> {
    await this.pagina.getByRole('combobox', { name: 'Factura' }).fill(comprobante);
    await this.pagina.getByRole('option', { name: new RegExp(`^${comprobante} · `) }).click();
    await this.pagina
      .getByLabel(/^A despachar de /)
      .first()
      .waitFor();
  }

  async elegirChofer(nombre: string): Promise<void> {
    await this.pagina.getByRole('combobox', { name: 'Chofer' }).click();
    await this.pagina.getByRole('option', { name: new RegExp(nombre) }).click();
  }

  async cantidad(descripcion: string, valor: string): Promise<void> {
    await this.pagina.getByLabel(`A despachar de ${descripcion}`).fill(valor);
  }

  /** The invoice line's row of the new screen: sold, dispatched, pending. */
  fila(texto: string) {
    return this.pagina.getByRole('row').filter({ hasText: texto });
  }

  /** «Guardar», then the list it goes back to (spec 001 §2). */
  async guardar(): Promise<void> {
    await this.pagina.getByRole('button', { name: 'Guardar' }).click();
    await this.pagina.waitForURL((u) => u.pathname === '/conduce-de-despacho/lista');
  }

  async anular(motivo: string): Promise<void> {
    await this.pagina.getByRole('button', { name: 'Anular', exact: true }).click();
    const dialogo = this.pagina.getByRole('dialog');
    await dialogo.getByLabel('Motivo de anulación').fill(motivo);
    await dialogo.getByRole('button', { name: 'Anular', exact: true }).click();
    await dialogo.waitFor({ state: 'hidden' });
  }
}
