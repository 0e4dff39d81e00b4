import type { Locator, Page } from 'playwright-core';

/** Page model of /producto/* (the list and the product form in tabs) and of the inventory adjustment. */
export class PaginaProductos {
  constructor(private readonly pagina: Page) {}

  /** Opens a tab of the product form. */
  async pestana(titulo: string): Promise<void> {
    const tab = this.pagina.getByRole('tab', { name: titulo, exact: true });
    await tab.click();
    await this.pagina.getByRole('tabpanel', { name: titulo, exact: true }).waitFor();
  }

  /**
   * A field by its whole visible label, with or without the required asterisk («Nombre *»): «Precio sin
   * impuesto» is not «Precio sin impuesto exacto», nor «Nombre» «Nombre del empaque».
   */
  campo(etiqueta: string) {
    const escapada = etiqueta.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.pagina.getByLabel(new RegExp(`^${escapada}(\\s*\\*)?$`));
  }

  /** A figure of the form's grey summary boxes («Precio con impuesto» → «RD$118.00»). */
  dato(etiqueta: string) {
    return this.pagina.getByText(etiqueta, { exact: true }).locator('xpath=following-sibling::*[1]');
  }

  guardar(): Promise<void> {
    return this.pagina.getByRole('button', { name: 'Guardar', exact: true }).click();
  }

  buscar(texto: string): Promise<void> {
    return this.pagina.getByLabel('Buscar producto').fill(texto);
  }

  /** A table row (the product list, the form's warehouses) by a text it shows. */
  fila(nombre: string) {
    return this.pagina.getByRole('row').filter({ hasText: nombre });
  }

  /** The cell of a table row under a column header (the tables have no row headers, so by position). */
  async celda(fila: Locator, columna: string): Promise<Locator> {
    const encabezados = await fila
      .locator('xpath=ancestor::table[1]')
      .getByRole('columnheader')
      .allTextContents();
    const indice = encabezados.indexOf(columna);
    if (indice === -1) {
      throw new Error(`No hay columna «${columna}» (hay ${encabezados.join(', ')})`);
    }
    return fila.getByRole('cell').nth(indice);
  }

  /** Chooses an option of a Mantine select by its label. */
  async elegir(etiqueta: string, opcion: string): Promise<void> {
    await this.pagina.getByRole('combobox', { name: etiqueta, exact: true }).click();
    await this.pagina.getByRole('option', { name: opcion, exact: true }).click();
  }

  /** The adjustment's finder, as a scanner uses it: the code, then Enter. */
  async escanear(codigo: string): Promise<void> {
    const buscador = this.pagina.getByLabel('Escanear o buscar producto');
    await buscador.click();
    await buscador.pressSequentially(codigo);
    await buscador.press('Enter');
  }
}
