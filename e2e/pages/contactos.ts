import type { Page } from 'playwright-core';

/** Page model of /cliente/* and the client form (page or modal). */
export class PaginaContactos {
  constructor(private readonly pagina: Page) {}

  async elegir(etiqueta: string, opcion: string): Promise<void> {
    await this.pagina.getByLabel(etiqueta, { exact: true }).first().click();
    await this.pagina.getByRole('option', { name: opcion, exact: true }).click();
  }

  async llenar(datos: { nombre: string; rnc?: string; telefono?: string; limite?: string }): Promise<void> {
    await this.pagina.getByLabel('Nombre o razón social').fill(datos.nombre);
    if (datos.rnc) {
      await this.elegir('Tipo de identificación', 'RNC');
      await this.pagina.getByLabel('RNC / Cédula').fill(datos.rnc);
    }
    if (datos.telefono) {
      await this.pagina.getByLabel('Teléfono').fill(datos.telefono);
    }
    if (datos.limite) {
      await this.pagina.getByLabel('Límite de crédito (RD$)').fill(datos.limite);
    }
  }

  /** Creates a route from the form's «+» (the small route modal) and leaves it selected. */
  async crearRuta(nombre: string): Promise<void> {
    await this.pagina.getByRole('button', { name: 'Nueva ruta' }).click();
    const modal = this.pagina.getByRole('dialog', { name: 'Nueva ruta' });
    await modal.getByLabel('Nombre').fill(nombre);
    await modal.getByRole('button', { name: 'Crear ruta' }).click();
    await modal.waitFor({ state: 'hidden' });
  }

  buscar(texto: string): Promise<void> {
    return this.pagina.getByLabel('Buscar contacto').fill(texto);
  }

  fila(texto: string) {
    return this.pagina.getByRole('row').filter({ hasText: texto });
  }
}
