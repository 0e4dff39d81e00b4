import type { Page } from 'playwright-core';

/** Page model of the offline side of the POS: the pending-sync panel and selling with no network. */
export class PaginaSinConexion {
  constructor(private readonly pagina: Page) {}

  /** The POS menu's «Sincronización pendiente»: the panel. */
  async abrirPanel() {
    await this.pagina.getByRole('button', { name: 'POS' }).click();
    await this.pagina.getByRole('menuitem', { name: /Sincronización pendiente/ }).click();
    const panel = this.pagina.getByRole('dialog', { name: 'Sincronización sin conexión' });
    await panel.waitFor();
    return panel;
  }

  /** «Preparar modo sin conexión» and wait until products, contacts and receivables are stored. */
  async preparar(): Promise<void> {
    const panel = await this.abrirPanel();
    await panel.getByRole('button', { name: 'Preparar modo sin conexión' }).click();
    await panel.getByText(/^Preparado el .* productos$/).waitFor({ timeout: 60_000 });
    await this.pagina.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  }

  /** The badge of the POS bar while offline. */
  insignia() {
    return this.pagina.getByText('Facturar Sin conexión', { exact: true });
  }

  /** The POS bar's pending button («3 por sincronizar»). */
  pendientes() {
    return this.pagina.getByRole('button', { name: 'Abrir el panel de sincronización' });
  }

  /** A scan with no server: the line comes from the local catalogue. */
  async escanear(codigo: string): Promise<void> {
    await this.pagina.keyboard.type(codigo, { delay: 8 });
    await this.pagina.keyboard.press('Enter');
  }
}
