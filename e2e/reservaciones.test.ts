import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { diaDeLaSemana, fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, describirPantalla, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/reservaciones');
const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

// The booking page (spec 002 §2 /reservaciones/reservar?lista=, §8; docs/reservaciones.md) and the
// staff's page (/reservaciones/servicios, POS dropdown «Reservaciones»), with the demo's «Corte de
// cabello» (30-minute slots, Monday to Friday 08:00–17:00; its one booking is at 10:00 of the next
// working day).

/** The second working day (Monday to Friday) after today: clear of the demo's booking and of "now". */
function diaDeLaPrueba(): string {
  const dia = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  let laborables = 0;
  while (laborables < 2) {
    dia.setUTCDate(dia.getUTCDate() + 1);
    const nombre = diaDeLaSemana(dia.toISOString().slice(0, 10));
    if (nombre !== 'Sábado' && nombre !== 'Domingo') {
      laborables += 1;
    }
  }
  return dia.toISOString().slice(0, 10);
}

/** How the page names a day button ('Martes 14 de ene'). */
function nombreDelDia(fecha: string): string {
  return `${diaDeLaSemana(fecha)} ${Number(fecha.slice(8, 10))} de ${MESES[Number(fecha.slice(5, 7)) - 1]}`;
}

describe.skipIf(motivoSinNavegador !== null)('reservaciones en el navegador', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  const fecha = diaDeLaPrueba();

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  /** The demo's «Corte de cabello», as the public page lists it. */
  async function idDelCorte(): Promise<string> {
    const servicios = (await (
      await fetch(`${servidor.url}/api/registro-productos/servcios-reservables/`, {
        method: 'POST',
        headers: { tenantId: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ input: 'Corte de cabello' }),
      })
    ).json()) as { res: { _id: string }[] };
    return servicios.res[0]?._id ?? '';
  }

  async function visitante(ancho = 390, alto = 844) {
    const contexto = await navegador.newContext({
      viewport: { width: ancho, height: alto },
      locale: 'es-DO',
    });
    const pagina = await contexto.newPage();
    await pagina.goto(`${servidor.url}/reservaciones/reservar?lista=1`);
    await pagina.getByRole('button', { name: /Corte de cabello/ }).click();
    const disponibilidad = pagina.waitForResponse((r) =>
      r.url().endsWith('/api/reservaciones/consultar-disponibilidad'),
    );
    await pagina.getByRole('button', { name: nombreDelDia(fecha) }).click();
    expect((await disponibilidad).status()).toBe(200);
    await pagina.getByLabel('Horarios').waitFor();
    return { contexto, pagina };
  }

  const hueco = (pagina: Page, hora: string) =>
    pagina.getByLabel('Horarios').getByRole('button', { name: hora, exact: true });

  async function llenarYReservar(pagina: Page, nombre: string) {
    await pagina.getByLabel('Nombre').fill(nombre);
    await pagina.getByLabel('Teléfono').fill('809-555-0123');
    const respuesta = pagina.waitForResponse((r) => r.url().endsWith('/api/reservaciones/'));
    await pagina.getByRole('button', { name: /^Reservar \d\d:\d\d/ }).click();
    return respuesta;
  }

  it('un visitante reserva un hueco desde el teléfono y el siguiente lo ve ocupado', async () => {
    const { contexto, pagina } = await visitante();
    try {
      // The demo's 30-minute slots from 08:00 to 17:00.
      await expect.poll(() => pagina.getByLabel('Horarios').getByRole('button').count()).toBe(18);
      await hueco(pagina, '11:00').click();
      await pagina.screenshot({ path: `${CAPTURAS}/390-reservar.png`, fullPage: true });
      // Nothing is wider than the phone.
      expect(await pagina.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect((await llenarYReservar(pagina, 'Visitante Uno')).status()).toBe(200);
      await pagina.getByText('¡Reservación enviada!').waitFor();
      await pagina.screenshot({ path: `${CAPTURAS}/390-enviada.png` });
    } catch (error) {
      throw new Error(`${String(error)}\n${await describirPantalla(pagina)}`);
    } finally {
      await contexto.close();
    }

    const siguiente = await visitante();
    try {
      await expect.poll(() => hueco(siguiente.pagina, '11:00').isDisabled()).toBe(true);
      expect(await hueco(siguiente.pagina, '11:30').isDisabled()).toBe(false);
    } finally {
      await siguiente.contexto.close();
    }
  });

  it('si otro reserva el mismo hueco antes, el visitante recibe «No se envió la reservación» con el motivo', async () => {
    const { contexto, pagina } = await visitante(1366, 768);
    try {
      await hueco(pagina, '14:00').click();
      // Someone else books 14:00 while this visitor fills in the form.
      const ganador = await fetch(`${servidor.url}/api/reservaciones/`, {
        method: 'POST',
        headers: { tenantId: '1', 'content-type': 'application/json' },
        body: JSON.stringify({
          idServicio: await idDelCorte(),
          fecha,
          horaDeInicio: '14:00',
          nombreCliente: 'Quien llegó primero',
          telefonoCliente: '829-555-0101',
          identificadorUnico: `e2e-${Date.now()}`,
        }),
      });
      expect(ganador.status).toBe(200);
      expect((await llenarYReservar(pagina, 'Visitante Dos')).status()).toBe(409);
      const dialogo = pagina.getByRole('dialog', { name: 'No se envió la reservación' });
      await dialogo.waitFor();
      expect(await dialogo.textContent()).toContain('Ese horario ya está reservado para este servicio.');
      expect(await dialogo.textContent()).toContain('Intente con una fecha distinta');
      await pagina.waitForTimeout(400);
      await pagina.screenshot({ path: `${CAPTURAS}/1366-no-enviada.png` });
      await dialogo.getByRole('button', { name: 'Entendido' }).click();
      // The slots were read again: 14:00 is no longer offered.
      await expect.poll(() => hueco(pagina, '14:00').isDisabled()).toBe(true);
      await pagina.screenshot({ path: `${CAPTURAS}/1366-reservar.png` });
    } catch (error) {
      throw new Error(`${String(error)}\n${await describirPantalla(pagina)}`);
    } finally {
      await contexto.close();
    }
  });

  it('el personal abre «Reservaciones» desde el POS y confirma una reserva con su motivo', async () => {
    const contexto = await navegador.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-DO' });
    const pagina = await contexto.newPage();
    try {
      await pagina.goto(`${servidor.url}/login?redirect=${encodeURIComponent('/inicio')}`);
      await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
      await pagina.waitForURL(`${servidor.url}/inicio`);
      // Spec 000 §2: the configuration tab links the company's booking page, opened as a new page.
      await pagina.getByRole('button', { name: 'Configuración' }).click();
      const enlace = pagina.getByRole('menuitem', { name: 'Página de reservaciones' });
      expect(await enlace.getAttribute('href')).toBe('/reservaciones/reservar?lista=1');
      expect(await enlace.getAttribute('target')).toBe('_blank');
      await pagina.keyboard.press('Escape');
      await pagina.goto(`${servidor.url}/vistas_pos/facturacion`);
      await pagina.getByRole('button', { name: 'POS', exact: true }).click();
      await pagina.getByRole('menuitem', { name: 'Reservaciones' }).click();
      await pagina.waitForURL(`${servidor.url}/reservaciones/servicios`);
      await pagina.getByLabel('Día').fill(fecha);
      const fila = pagina.getByRole('row', { name: /Visitante Uno/ });
      await fila.waitFor();
      expect(await fila.textContent()).toContain('11:00–11:30');
      await fila.getByRole('button', { name: 'Confirmar' }).click();
      const dialogo = pagina.getByRole('dialog', { name: 'Confirmar la reservación' });
      await dialogo.getByLabel('Motivo del cambio').fill('Confirmada por WhatsApp');
      const cambio = pagina.waitForResponse((r) => r.url().includes('/api/reservaciones/cambiar-estado/'));
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      expect((await cambio).status()).toBe(200);
      await expect.poll(async () => (await fila.textContent()) ?? '').toContain('Confirmada');
      await pagina.screenshot({ path: `${CAPTURAS}/1366-servicios.png` });
      await fila.getByRole('button', { name: 'Historial' }).click();
      const historial = pagina.getByRole('dialog', { name: 'Historial de la reservación' });
      await historial.getByText('Confirmada por WhatsApp').waitFor();
      await pagina.waitForTimeout(400);
      await pagina.screenshot({ path: `${CAPTURAS}/1366-historial.png` });
      await pagina.keyboard.press('Escape');
      await historial.waitFor({ state: 'hidden' });

      // The customer calls to come later: the staff move it to 15:30 of the same day, with the reason.
      await fila.getByRole('button', { name: 'Reprogramar la reservación de Visitante Uno' }).click();
      const reprogramar = pagina.getByRole('dialog', { name: 'Reprogramar la reservación' });
      await reprogramar.getByLabel('Nueva hora').click();
      await pagina.getByRole('option', { name: '15:30–16:00' }).click();
      await reprogramar.getByLabel('Motivo de la reprogramación').fill('Sale tarde del trabajo');
      await pagina.waitForTimeout(300);
      await pagina.screenshot({ path: `${CAPTURAS}/1366-reprogramar.png` });
      const movida = pagina.waitForResponse((r) => r.url().includes('/api/reservaciones/reprogramar/'));
      await reprogramar.getByRole('button', { name: 'Reprogramar' }).click();
      expect((await movida).status()).toBe(200);
      await expect.poll(async () => (await fila.textContent()) ?? '').toContain('15:30–16:00');
      expect(await fila.textContent()).toContain('Confirmada');
      // The 11:00 slot is free again on the public page.
      const libres = await (
        await fetch(`${servidor.url}/api/reservaciones/consultar-disponibilidad`, {
          method: 'POST',
          headers: { tenantId: '1', 'content-type': 'application/json' },
          body: JSON.stringify({ idServicio: await idDelCorte(), fecha }),
        })
      ).json();
      expect(libres.huecos.find((h: { horaDeInicio: string }) => h.horaDeInicio === '11:00')?.libre).toBe(
        true,
      );
    } catch (error) {
      throw new Error(`${String(error)}\n${await describirPantalla(pagina)}`);
    } finally {
      await contexto.close();
    }
  });
});
