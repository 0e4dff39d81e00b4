import type { Page } from 'playwright-core';

/** Page model of /vistas_pos/facturacion: the barcode field, the name search, the lines and the charge. */
export class PaginaPos {
  constructor(private readonly pagina: Page) {}

  campoDeCodigo() {
    return this.pagina.getByRole('textbox', { name: 'Código de barras', exact: true });
  }

  /** Waits until the field is enabled (the warehouse is known) and has the focus, as the spec wants. */
  async esperarListo(): Promise<void> {
    const campo = this.campoDeCodigo();
    await campo.waitFor();
    await this.pagina.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Código de barras',
    );
    if (await campo.isDisabled()) {
      throw new Error('El campo de código sigue deshabilitado');
    }
  }

  /**
   * As a barcode scanner: the characters a few milliseconds apart into the focused field, then Enter.
   * Resolves with the answer of POST /registro-productos/agregarproducto.
   */
  async escanear(codigo: string): Promise<void> {
    const respuesta = this.pagina.waitForResponse((r) =>
      r.url().endsWith('/api/registro-productos/agregarproducto'),
    );
    await this.pagina.keyboard.type(codigo, { delay: 8 });
    await this.pagina.keyboard.press('Enter');
    const r = await respuesta;
    if (!r.ok()) {
      throw new Error(`agregarproducto ${codigo}: ${r.status()} ${await r.text()}`);
    }
  }

  /** F8 to the name search, the text and Enter: the product list opens; Enter adds the marked one. */
  async agregarPorNombre(texto: string, nombre: string): Promise<void> {
    await this.pagina.keyboard.press('F8');
    const campo = this.pagina.getByRole('textbox', { name: 'Buscar producto por nombre' });
    await campo.waitFor();
    await this.pagina.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Buscar producto por nombre',
    );
    await this.pagina.keyboard.type(texto);
    await this.pagina.keyboard.press('Enter');
    const dialogo = this.pagina.getByRole('dialog', { name: 'Buscar producto' });
    // The list is marked on its first row once the search answered with only that product.
    const opcion = dialogo.getByRole('option', { name: new RegExp(nombre) });
    await opcion.and(this.pagina.locator('[aria-selected="true"]')).waitFor();
    const respuesta = this.pagina.waitForResponse((r) =>
      r.url().endsWith('/api/registro-productos/agregarproducto'),
    );
    await dialogo.getByRole('textbox', { name: 'Buscar producto por nombre' }).press('Enter');
    await respuesta;
    await dialogo.waitFor({ state: 'hidden' });
    // Back to the barcode field for the next scan.
    await this.pagina.keyboard.press('F8');
    await this.esperarListo();
  }

  /** The rows of the sale's lines (without the header). */
  lineas() {
    return this.pagina.getByRole('table', { name: 'Artículos de la venta' }).locator('tbody tr');
  }

  linea(descripcion: string) {
    return this.lineas().filter({ hasText: descripcion });
  }

  /** The sale's total in the right panel («RD$2,010.00»). */
  total() {
    return this.pagina.getByLabel('Total de la venta');
  }

  /** F12: the charge dialog. */
  async abrirCobro() {
    await this.pagina.keyboard.press('F12');
    const dialogo = this.pagina.getByRole('dialog', { name: 'Cobrar' });
    await dialogo.waitFor();
    return dialogo;
  }
}
