import type { Page } from 'playwright-core';

/** Page model of the back office invoices: /factura/lista_factura and /factura/vista_factura. */
export class PaginaFacturas {
  constructor(private readonly pagina: Page) {}

  /** Types in the list's search (NCF, customer or RNC); resolves with the list's answer for it. */
  async buscar(texto: string): Promise<void> {
    const respuesta = this.pagina.waitForResponse(
      (r) =>
        r.url().endsWith('/api/factura/lista-de-facturas') &&
        (r.request().postData() ?? '').includes(`"input":"${texto}"`),
    );
    await this.pagina.getByLabel('Buscar factura').fill(texto);
    await respuesta;
  }

  /** The list's view: active invoices, or the cancelled and pending cancellation ones (audit view). */
  async vista(nombre: 'Facturas' | 'Anuladas y por anular'): Promise<void> {
    const respuesta = this.pagina.waitForResponse(
      (r) =>
        r.url().endsWith('/api/factura/lista-de-facturas') &&
        (r.request().postData() ?? '').includes(`"buscarPorEstado":${nombre !== 'Facturas'}`),
    );
    await this.pagina.getByRole('radiogroup', { name: 'Vista' }).getByText(nombre, { exact: true }).click();
    await respuesta;
  }

  /** A row of the list by a text it shows. */
  fila(texto: string) {
    return this.pagina.getByRole('row').filter({ hasText: texto });
  }

  /** The state badge of the invoice view, next to its title. */
  estadoEnLaVista(texto: string) {
    return this.pagina
      .getByRole('heading', { level: 2, name: /^Factura / })
      .locator('xpath=..')
      .getByText(texto, { exact: true });
  }

  /** «Más acciones» → «Anular», a reason and a note, then the dialog's button. */
  async anular(motivo: string, nota: string): Promise<void> {
    await this.pagina.getByRole('button', { name: 'Más acciones' }).click();
    await this.pagina.getByRole('menuitem', { name: 'Anular' }).click();
    const dialogo = this.pagina.getByRole('dialog', { name: /^Anular la factura / });
    await dialogo.waitFor();
    await dialogo.getByRole('combobox', { name: 'Motivo de anulación' }).click();
    await this.pagina.getByRole('option', { name: motivo, exact: true }).click();
    await dialogo.getByLabel('Nota').fill(nota);
    await dialogo.getByRole('button', { name: /^(Solicitar anulación|Anular factura)$/ }).click();
    await dialogo.waitFor({ state: 'hidden' });
  }
}
