import type { Page } from 'playwright-core';

/** Page model of the quotation screens: /cotizacion/nueva_cotizacion, lista_cotizacion and vista_cotizacion. */
export class PaginaCotizaciones {
  constructor(private readonly pagina: Page) {}

  /** Searches the customer by name and picks it. */
  async elegirCliente(busqueda: string, nombre: string): Promise<void> {
    await this.pagina.getByRole('combobox', { name: 'Cliente' }).fill(busqueda);
    await this.pagina.getByRole('option', { name: new RegExp(nombre) }).click();
  }

  /** Scans a product's code and waits for its line. */
  async escanear(codigo: string, nombre: string): Promise<void> {
    const buscador = this.pagina.getByLabel(/Escanear o buscar producto/);
    await buscador.fill(codigo);
    await buscador.press('Enter');
    await this.pagina.getByLabel(`Precio de ${nombre}`).waitFor();
  }

  async cantidad(nombre: string, valor: string): Promise<void> {
    await this.pagina.getByLabel(`Cantidad de ${nombre}`).fill(valor);
  }

  /** «Guardar cotización», then the view it goes to; resolves with the quotation's id. */
  async guardar(): Promise<string> {
    await this.pagina.getByRole('button', { name: 'Guardar cotización' }).click();
    await this.pagina.waitForURL((u) => u.pathname === '/cotizacion/vista_cotizacion');
    return new URL(this.pagina.url()).searchParams.get('id') ?? '';
  }

  /** Types in the list's search; resolves with the list's answer for it. */
  async buscar(texto: string): Promise<void> {
    const respuesta = this.pagina.waitForResponse(
      (r) =>
        r.url().endsWith('/api/cotizacion/todas') &&
        (r.request().postData() ?? '').includes(`"input":"${texto}"`),
    );
    await this.pagina.getByLabel('Buscar cotización').fill(texto);
    await respuesta;
  }

  fila(texto: string) {
    return this.pagina.getByRole('row').filter({ hasText: texto });
  }

  /** The state badge next to the view's title. */
  estadoEnLaVista(texto: string) {
    return this.pagina
      .getByRole('heading', { level: 2, name: /^Cotización / })
      .locator('xpath=..')
      .getByText(texto, { exact: true });
  }

  /** «Más acciones» → «Anular» (or «Solicitar anulación»), a reason, then the dialog's button. */
  async anular(motivo: string): Promise<void> {
    await this.pagina.getByRole('button', { name: 'Más acciones' }).click();
    await this.pagina.getByRole('menuitem', { name: /^(Anular|Solicitar anulación)$/ }).click();
    const dialogo = this.pagina.getByRole('dialog', { name: /^Anular la cotización / });
    await dialogo.waitFor();
    await dialogo.getByLabel('Motivo de anulación').fill(motivo);
    await dialogo.getByRole('button', { name: /^(Anular|Solicitar anulación)$/ }).click();
    await dialogo.waitFor({ state: 'hidden' });
  }
}
