import type { Page } from 'playwright-core';

/** Page model of /configuraciones/numeraciones/*. */
export class PaginaNumeraciones {
  constructor(private readonly pagina: Page) {}

  async elegir(etiqueta: string, opcion: string): Promise<void> {
    await this.pagina.getByLabel(etiqueta).first().click();
    await this.pagina.getByRole('option', { name: opcion }).click();
  }

  async llenar(datos: {
    nombre: string;
    comprobante: string;
    desde: string;
    hasta: string;
    proximo?: string;
    vence: string;
  }): Promise<void> {
    await this.pagina.getByLabel('Nombre').fill(datos.nombre);
    await this.elegir('Tipo de comprobante', datos.comprobante);
    await this.pagina.getByLabel('Desde').fill(datos.desde);
    await this.pagina.getByLabel('Hasta').fill(datos.hasta);
    if (datos.proximo) {
      await this.pagina.getByLabel('Próximo número').fill(datos.proximo);
    }
    const vence = this.pagina.getByLabel('Fecha de vencimiento');
    await vence.fill(datos.vence);
    await vence.press('Tab');
  }

  guardar(): Promise<void> {
    return this.pagina.getByRole('button', { name: 'Guardar' }).click();
  }

  fila(nombre: string) {
    return this.pagina.getByRole('row').filter({ hasText: nombre });
  }
}
