import type { Page } from 'playwright-core';

/** Page model of /login. */
export class PaginaLogin {
  constructor(private readonly pagina: Page) {}

  async entrar(empresa: string, usuario: string, password: string): Promise<void> {
    await this.pagina.getByLabel('Empresa').fill(empresa);
    await this.pagina.getByLabel('Usuario').fill(usuario);
    await this.pagina.getByLabel('Contraseña').fill(password);
    await this.pagina.getByRole('button', { name: 'Entrar' }).click();
  }

  alerta() {
    return this.pagina.getByRole('alert');
  }
}
