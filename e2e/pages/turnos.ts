import type { Page } from 'playwright-core';

/** Page model of /vistas_pos/detalles_turnos: open and close the user's shift with a cash count. */
export class PaginaTurnos {
  constructor(private readonly pagina: Page) {}

  /** The shift state badge: «Abierto» or «Sin turno abierto». */
  estado(texto: 'Abierto' | 'Sin turno abierto') {
    return this.pagina.getByText(texto, { exact: true });
  }

  /** Types how many of each denomination are in the drawer ({ 1000: 2 } is two 1,000 notes). */
  async contar(conteo: Record<number, number>): Promise<void> {
    for (const [monto, cantidad] of Object.entries(conteo)) {
      const nombre =
        Number(monto) < 1 ? Number(monto).toFixed(2) : new Intl.NumberFormat('es-DO').format(Number(monto));
      await this.pagina.getByLabel(`Cantidad de ${nombre}`, { exact: true }).fill(String(cantidad));
    }
  }

  totalContado() {
    return this.pagina.getByTestId('total-contado');
  }

  /** «Abrir turno con RD$…»: opens the shift with the count typed. */
  async abrir(): Promise<void> {
    await this.pagina.getByRole('button', { name: /^Abrir turno con RD\$/ }).click();
  }

  /** The expected cash of the closing form. */
  esperado() {
    return this.pagina.getByTestId('esperado');
  }

  /** The counted − expected figure (the closing form's, or the closed shift's once closed). */
  diferencia() {
    return this.pagina.getByTestId('diferencia');
  }

  /** «Cerrar turno» and its confirmation. */
  async cerrar(notas: string): Promise<void> {
    await this.pagina.getByLabel('Notas de cierre').fill(notas);
    await this.pagina.getByRole('button', { name: 'Cerrar turno', exact: true }).click();
    const dialogo = this.pagina.getByRole('dialog', { name: 'Cerrar el turno' });
    await dialogo.getByRole('button', { name: 'Cerrar turno', exact: true }).click();
  }
}
