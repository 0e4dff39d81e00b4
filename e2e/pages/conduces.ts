import type { Page } from 'playwright-core';

/** Page model of the delivery note screens: /conduce/lista_conduce, nuevo_conduce(_post_factura), ver_conduce. */
export class PaginaConduces {
  constructor(private readonly pagina: Page) {}

  /** «Nuevo conduce» on the list, then the dialog's choice (spec 001 §2). */
  async nuevo(tipo: 'Pre-Factura' | 'Post-Factura'): Promise<void> {
    await this.pagina.getByRole('button', { name: 'Nuevo conduce' }).click();
    const dialogo = this.pagina.getByRole('dialog', { name: 'Nuevo conduce' });
    await dialogo.getByRole('button', { name: tipo }).click();
    await dialogo.waitFor({ state: 'hidden' });
  }

  async elegirCliente(busqueda: string, nombre: string): Promise<void> {
    await this.pagina.getByRole('combobox', { name: 'Cliente' }).fill(busqueda);
    await this.pagina.getByRole('option', { name: new RegExp(nombre) }).click();
  }

  /** Searches an invoice by its number and picks it; waits for its lines. */
  async elegirFactura(comprobante: string): Promise<void> {
    await this.pagina.getByRole('combobox', { name: 'Factura' }).fill(comprobante);
    await this.pagina.getByRole('option', { name: new RegExp(`^${comprobante} · `) }).click();
    await this.pagina
      .getByLabel(/^Cantidad de /)
      .first()
      .waitFor();
  }

  async escanear(codigo: string, nombre: string): Promise<void> {
    const buscador = this.pagina.getByLabel(/Escanear o buscar producto/);
    await buscador.fill(codigo);
    await buscador.press('Enter');
    await this.pagina.getByLabel(`Precio de ${nombre}`).waitFor();
  }

  async cantidad(nombre: string, valor: string): Promise<void> {
    await this.pagina.getByLabel(`Cantidad de ${nombre}`).fill(valor);
  }

  /** «Guardar conduce», then the view it goes to; resolves with the conduce's id. */
  async guardar(): Promise<string> {
    await this.pagina.getByRole('button', { name: 'Guardar conduce' }).click();
    await this.pagina.waitForURL((u) => u.pathname === '/conduce/ver_conduce');
    return new URL(this.pagina.url()).searchParams.get('id') ?? '';
  }

  async buscar(texto: string): Promise<void> {
    const respuesta = this.pagina.waitForResponse(
      (r) =>
        r.url().endsWith('/api/conduce/todos') &&
        (r.request().postData() ?? '').includes(`"input":"${texto}"`),
    );
    await this.pagina.getByLabel('Buscar conduce').fill(texto);
    await respuesta;
  }

  fila(texto: string) {
    return this.pagina.getByRole('row').filter({ hasText: texto });
  }

  /** The state badge next to the view's title. */
  estadoEnLaVista(texto: string) {
    return this.pagina
      .getByRole('heading', { level: 2, name: /^Conduce / })
      .locator('xpath=..')
      .getByText(texto, { exact: true });
  }

  /** «Más acciones» → «Anular» (or «Solicitar anulación»), a reason, then the dialog's button. */
  async anular(motivo: string): Promise<void> {
    await this.pagina.getByRole('button', { name: 'Más acciones' }).click();
    await this.pagina.getByRole('menuitem', { name: /^(Anular|Solicitar anulación)$/ }).click();
    const dialogo = this.pagina.getByRole('dialog', { name: /^Anular el conduce / });
    await dialogo.waitFor();
    await dialogo.getByLabel('Motivo de anulación').fill(motivo);
    await dialogo.getByRole('button', { name: /^(Anular|Solicitar anulación)$/ }).click();
    await dialogo.waitFor({ state: 'hidden' });
  }
}
