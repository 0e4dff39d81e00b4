import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConProveedores } from '../../testing/render.tsx';
import { detalleDePrueba, EMPRESA_DE_PRUEBA, pagoDePrueba } from './datosDePrueba.ts';
import { alCargarLasImagenes, nombreDelRecibo, ReciboFactura } from './Recibo.tsx';
import { servidorDePrueba } from './servidorDePrueba.ts';

function fila(recibo: HTMLElement, etiqueta: string): string {
  const celda = within(recibo).getByText(etiqueta, { selector: '.recibo-fila > span' });
  return celda.parentElement?.textContent ?? '';
}

describe('ReciboFactura', () => {
  it('shows the company, the NCF with its type and expiry, the ITBIS and the change', () => {
    renderConProveedores(
      <ReciboFactura detalle={detalleDePrueba()} formato="80mm" empresa={EMPRESA_DE_PRUEBA} />,
    );
    const recibo = screen.getByRole('article', { name: 'Recibo de la factura' });
    expect(recibo).toHaveClass('recibo-80mm');
    expect(recibo).toHaveTextContent('Colmado La Esquina');
    expect(recibo).toHaveTextContent('RNC: 101234567');
    expect(recibo).toHaveTextContent('Tel.: 809-555-0199');
    expect(recibo).toHaveTextContent('Factura de Consumo');
    expect(recibo).toHaveTextContent('NCF: B0200000128');
    expect(recibo).toHaveTextContent('Válido hasta: 31/12/2027');
    expect(recibo).toHaveTextContent('Cliente: Comercial Rodríguez SRL');
    expect(fila(recibo, 'Itbis 18%')).toMatch(/RD\$163\.99$/);
    expect(fila(recibo, 'TOTAL')).toMatch(/RD\$1,360\.00$/);
    expect(fila(recibo, 'Efectivo recibido')).toMatch(/RD\$2,000\.00$/);
    expect(fila(recibo, 'Cambio')).toMatch(/RD\$640\.00$/);
    expect(recibo).toHaveTextContent('Le atendió: maria');
    expect(recibo).not.toHaveTextContent('ANULADA');
    // An exempt line is marked and no 0.00 tax row is printed.
    expect(recibo).toHaveTextContent('1 x RD$285.00 E');
    expect(recibo).not.toHaveTextContent('Exento 0%');
    // The print frame's title, offered by browsers as the PDF's name.
    expect(nombreDelRecibo(detalleDePrueba())).toBe('Factura-B0200000128');
  });

  it('marks a cancelled credit invoice and shows what is pending', () => {
    const detalle = detalleDePrueba(
      {
        estado: 'Anulado',
        plazoPagos: 30,
        vencimiento: '2026-12-22T12:00:00',
        efectivoRecibido: 0,
        cambioDeDinero: 0,
        cobrado: 500,
        pendiente: 860,
      },
      [pagoDePrueba({ metodo: 'Tarjeta', monto: 500 })],
    );
    renderConProveedores(
      <ReciboFactura detalle={{ ...detalle, pendiente: 860 }} formato="58mm" empresa={EMPRESA_DE_PRUEBA} />,
    );
    const recibo = screen.getByRole('article', { name: 'Recibo de la factura' });
    expect(recibo).toHaveClass('recibo-58mm');
    expect(within(recibo).getAllByText('ANULADA')).toHaveLength(2);
    expect(fila(recibo, 'Condición')).toContain('Crédito (30 días)');
    expect(fila(recibo, 'Tarjeta de crédito')).toMatch(/RD\$500\.00$/);
    expect(fila(recibo, 'Pendiente por cobrar')).toMatch(/RD\$860\.00$/);
    expect(recibo).not.toHaveTextContent('Cambio');
  });

  it('shows the cash handed over, not everything received, in a mixed or card payment', () => {
    // Mixto of 2,010: 1,000 by card and 2,000 in cash; the server's efectivoRecibido is all 3,000.
    const mixto = detalleDePrueba(
      { metodoDePago: 'Mixto', total: 2010, efectivoRecibido: 3000, cambioDeDinero: 990, cobrado: 2010 },
      [
        pagoDePrueba({ metodo: 'Tarjeta', monto: 1000, numeroDeAprobacion: 'AP-1' }),
        pagoDePrueba({ metodo: 'Efectivo', monto: 1010 }),
      ],
    );
    const { unmount } = renderConProveedores(
      <ReciboFactura detalle={mixto} formato="80mm" empresa={EMPRESA_DE_PRUEBA} />,
    );
    const recibo = screen.getByRole('article', { name: 'Recibo de la factura' });
    expect(fila(recibo, 'Efectivo recibido')).toMatch(/RD\$2,000\.00$/);
    expect(fila(recibo, 'Cambio')).toMatch(/RD\$990\.00$/);
    unmount();
    // A card sale hands over no cash.
    const tarjeta = detalleDePrueba(
      { metodoDePago: 'Tarjeta', efectivoRecibido: 1360, cambioDeDinero: 0, cobrado: 1360 },
      [pagoDePrueba({ metodo: 'Tarjeta', monto: 1360 })],
    );
    renderConProveedores(<ReciboFactura detalle={tarjeta} formato="80mm" empresa={EMPRESA_DE_PRUEBA} />);
    expect(screen.getByRole('article', { name: 'Recibo de la factura' })).not.toHaveTextContent(
      'Efectivo recibido',
    );
  });

  it('says when a line is sold by the package, with its units', () => {
    const detalle = detalleDePrueba();
    const [primera, ...resto] = detalle.linea_facturasRef;
    if (!primera) {
      throw new Error('sin líneas de prueba');
    }
    const conPaquete = {
      ...detalle,
      linea_facturasRef: [{ ...primera, paquete: true, unidades: 24 }, ...resto],
    };
    renderConProveedores(<ReciboFactura detalle={conPaquete} formato="80mm" empresa={EMPRESA_DE_PRUEBA} />);
    expect(screen.getByRole('article', { name: 'Recibo de la factura' })).toHaveTextContent(
      `${primera.cantidad} paq. (24 u.) x`,
    );
  });

  describe('logo of the company', () => {
    afterEach(() => {
      cleanup();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('shows the configured logo centred above the company name', async () => {
      iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
      servidorDePrueba({ avatar: 'logo colmado.png' });
      renderConProveedores(<ReciboFactura detalle={detalleDePrueba()} formato="58mm" />);
      const logo = await screen.findByRole('img', { name: 'Logo de Colmado La Esquina' });
      expect(logo.getAttribute('src')).toMatch(/\/api\/archivos\/tenant_1\/logo%20colmado\.png$/);
      expect(logo).toHaveClass('recibo-logo');
      const encabezado = logo.closest('header') as HTMLElement;
      expect(encabezado).toHaveClass('recibo-centro');
      expect(encabezado.firstElementChild).toBe(logo);
      expect(within(encabezado).getByText('Colmado La Esquina')).toBeInTheDocument();
    });

    it('shows no image when the configuration has no logo', async () => {
      iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
      servidorDePrueba({ avatar: null });
      renderConProveedores(<ReciboFactura detalle={detalleDePrueba()} formato="80mm" />);
      await screen.findByText('Colmado La Esquina');
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    });

    it('the print waits for the logo to load or fail, and not forever', () => {
      vi.useFakeTimers();
      try {
        const marco = document.createElement('div');
        marco.innerHTML = '<img src="/api/archivos/tenant_1/a.png"><img src="/api/archivos/tenant_1/b.png">';
        document.body.appendChild(marco);
        const [a, b] = Array.from(marco.querySelectorAll('img'));
        for (const imagen of [a, b]) {
          Object.defineProperty(imagen, 'complete', { configurable: true, value: false });
        }
        const listo = vi.fn();
        alCargarLasImagenes(marco, listo);
        a?.dispatchEvent(new Event('load'));
        vi.advanceTimersByTime(10);
        expect(listo).not.toHaveBeenCalled();
        b?.dispatchEvent(new Event('error'));
        vi.advanceTimersByTime(10);
        expect(listo).toHaveBeenCalledTimes(1);
        vi.advanceTimersByTime(5000);
        expect(listo).toHaveBeenCalledTimes(1);

        // An image that never answers: printed after 3 s anyway.
        const lento = vi.fn();
        const otro = document.createElement('div');
        otro.innerHTML = '<img src="/api/archivos/tenant_1/c.png">';
        Object.defineProperty(otro.firstChild, 'complete', { configurable: true, value: false });
        alCargarLasImagenes(otro, lento);
        vi.advanceTimersByTime(2999);
        expect(lento).not.toHaveBeenCalled();
        vi.advanceTimersByTime(1);
        expect(lento).toHaveBeenCalledTimes(1);

        // Nothing pending: at once.
        const inmediato = vi.fn();
        alCargarLasImagenes(document.createElement('div'), inmediato);
        expect(inmediato).toHaveBeenCalledTimes(1);
        marco.remove();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
