import type { Page } from 'playwright-core';

/** Page model of the master-data screens (one generic list and form for every family). */
export class PaginaMaestro {
  constructor(private readonly pagina: Page) {}

  /** Opens a menu entry: its list with a left click, its new screen with a right click. */
  async abrirDesdeMenu(pestana: string, entrada: string, boton: 'left' | 'right' = 'left'): Promise<void> {
    await this.pagina.getByRole('button', { name: pestana }).click();
    await this.pagina.getByRole('menuitem', { name: entrada }).click({ button: boton });
  }

  async guardar(): Promise<void> {
    await this.pagina.getByRole('button', { name: 'Guardar' }).click();
  }

  fila(nombre: string) {
    return this.pagina
      .getByRole('row')
      .filter({ has: this.pagina.getByRole('cell', { name: nombre, exact: true }) });
  }

  async desactivar(nombre: string, motivo: string): Promise<void> {
    await this.pagina.getByRole('button', { name: `Desactivar «${nombre}»` }).click();
    const dialogo = this.pagina.getByRole('dialog', { name: `Desactivar «${nombre}»` });
    await dialogo.getByLabel('Motivo de la desactivación').fill(motivo);
    await dialogo.getByRole('button', { name: 'Desactivar' }).click();
    await dialogo.waitFor({ state: 'detached' });
  }

  /** The options a select of the form offers. */
  async opcionesDe(etiqueta: string): Promise<string[]> {
    await this.pagina.getByRole('combobox', { name: etiqueta }).click();
    const lista = this.pagina.getByRole('listbox');
    await lista.waitFor();
    const opciones = await lista.getByRole('option').allTextContents();
    await this.pagina.keyboard.press('Escape');
    return opciones;
  }
}
