import type { Page } from 'playwright-core';

/** Page model of /auditorias/auditorias: cancellation requests, approved or rejected by a supervisor. */
export class PaginaAuditoria {
  constructor(private readonly pagina: Page) {}

  /** A request's row by its document number (the invoice's NCF). */
  fila(numero: string) {
    return this.pagina.getByRole('row').filter({ hasText: numero });
  }

  async pestana(titulo: 'Pendientes' | 'Aprobadas' | 'Rechazadas'): Promise<void> {
    await this.pagina.getByRole('tab', { name: titulo }).click();
  }

  /** «Aprobar» on the request's row, a note, and «Aprobar anulación». */
  async aprobar(numero: string, nota: string): Promise<void> {
    await this.fila(numero).getByRole('button', { name: 'Aprobar' }).click();
    const dialogo = this.pagina.getByRole('dialog', { name: `Aprobar la anulación de ${numero}` });
    await dialogo.getByLabel('Nota de autorización').fill(nota);
    await dialogo.getByRole('button', { name: 'Aprobar anulación' }).click();
    await dialogo.waitFor({ state: 'hidden' });
  }
}
