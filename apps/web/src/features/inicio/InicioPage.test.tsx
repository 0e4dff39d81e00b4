import type { Perfil, Tablero } from '@pos/contract';
import { Privilegios } from '@pos/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConProveedores, todosLosPrivilegios } from '../../testing/render.tsx';
import { dinero } from '../../ui/formato.ts';
import { json } from '../facturas/servidorDePrueba.ts';
import InicioPage from './InicioPage.tsx';

const DIAS = { desde: '2026-11-01', hasta: '2026-11-30' };

function comparacion(actual: number, anterior: number) {
  return {
    actual,
    anterior,
    variacion: anterior === 0 ? null : Math.round(((actual - anterior) / anterior) * 1000) / 10,
    dias: DIAS,
    diasAnteriores: DIAS,
  };
}

/** What POST /reportes/tablero answers to a user who may see everything. */
const COMPLETO: Tablero = {
  periodo: 4,
  dias: DIAS,
  ventas: {
    hoy: comparacion(12_500.5, 10_000),
    semana: comparacion(40_000, 50_000),
    mes: comparacion(150_000, 0),
    totalDelPeriodo: 150_000,
    cantidadDeFacturas: 42,
    agrupadoPor: 'dia',
    porDia: [
      { fecha: '2026-11-25', total: 137_499.5 },
      { fecha: '2026-11-26', total: 12_500.5 },
    ],
    porMetodo: [
      { metodo: 'Efectivo', total: 100_000 },
      { metodo: 'Tarjeta', total: 30_000 },
      { metodo: 'Crédito', total: 20_000 },
    ],
  },
  cuentasPorCobrar: { porVencer: 8_000, cantidadPorVencer: 3, vencido: 2_500, cantidadVencidos: 1 },
  cuentasPorPagar: { porVencer: 5_000, cantidadPorVencer: 2, vencido: 0, cantidadVencidos: 0 },
  existencia: { bajos: 4, agotados: 2 },
  turnos: {
    abiertos: [
      {
        _id: '00000000-0000-4000-8000-000000000071',
        nombreUsuario: 'cajera',
        nombreTerminal: 'Caja 1',
        fechaDeInicio: '2026-11-26T12:00:00.000Z',
      },
    ],
    cantidad: 1,
  },
  numeracion: [
    {
      _id: '00000000-0000-4000-8000-000000000081',
      nombre: 'Consumidor final',
      tipoDeDocumento: 'ventas',
      perfilesDeTipos: 'B02',
      seq: 489,
      hasta: 500,
      restantes: 12,
      fechaVencimiento: '2027-12-31',
      diasParaVencer: 400,
      alertas: ['porAgotarse'],
      mensaje: 'La numeración «Consumidor final» le quedan 12 números.',
    },
  ],
};

function servidor(perfil: Perfil, cifras: Tablero) {
  const rutas: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string) => {
      const url = new URL(entrada, 'http://localhost');
      rutas.push(url.pathname);
      if (url.pathname === '/api/profile') {
        return json(perfil);
      }
      if (url.pathname === '/api/reportes/tablero') {
        return json(cifras);
      }
      if (url.pathname === '/api/factura/productos-destacados/') {
        return json({
          productos: [{ idProducto: 'p1', nombre: 'Arroz Selecto 5 lb', cantidad: 30, total: 7_350 }],
          dias: DIAS,
        });
      }
      if (url.pathname === '/api/factura/lista-de-facturas') {
        return json({ res: [], totalRows: 0, totalGeneral: 0 });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return rutas;
}

describe('/inicio: el tablero', () => {
  beforeEach(() => {
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('muestra cada cifra con su comparación, gráficos, saldos, existencia, turnos y comprobantes', async () => {
    servidor(perfilDePrueba({ privilegios: todosLosPrivilegios() }), COMPLETO);
    renderConProveedores(<InicioPage />);
    expect(await screen.findByText('Ventas de hoy', {}, { timeout: 5000 })).toBeInTheDocument();
    const tablero = within(screen.getByRole('region', { name: 'Resumen del negocio' }));
    expect(tablero.getByText(dinero(12_500.5))).toBeInTheDocument();
    expect(tablero.getByText('+25 %')).toBeInTheDocument();
    expect(tablero.getByText('-20 %')).toBeInTheDocument();
    expect(tablero.getByText('Sin ventas vs. mismos días del mes pasado para comparar')).toBeInTheDocument();
    expect(tablero.getByText('Ventas por día · Este mes')).toBeInTheDocument();
    expect(tablero.getByText('Por forma de pago · Este mes')).toBeInTheDocument();
    expect(tablero.getByText('Cuentas por cobrar')).toBeInTheDocument();
    expect(tablero.getByText(dinero(2_500))).toBeInTheDocument();
    expect(tablero.getByText('Cuentas por pagar')).toBeInTheDocument();
    expect(tablero.getByText('Existencia baja')).toBeInTheDocument();
    expect(tablero.getByRole('link', { name: 'Ver existencia' })).toHaveAttribute(
      'href',
      '/reportes/r-existencia-inventario',
    );
    expect(tablero.getByText('Turnos abiertos')).toBeInTheDocument();
    expect(tablero.getByText(/Quedan 12 comprobantes B02/)).toBeInTheDocument();
    expect(await tablero.findByText('Arroz Selecto 5 lb', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await tablero.findByText('Todavía no hay facturas.')).toBeInTheDocument();
    // The shortcuts stay below the figures.
    expect(screen.getByText('Accesos directos')).toBeInTheDocument();
  });

  it('sin el privilegio de facturas no hay ventas: ni cifras, ni gráficos, ni destacados, ni últimas facturas', async () => {
    const privilegios = Privilegios.parse({ productos: { acceso: true, ver: true } });
    const rutas = servidor(perfilDePrueba({ privilegios }), {
      ...COMPLETO,
      ventas: null,
      cuentasPorCobrar: null,
      cuentasPorPagar: null,
      turnos: null,
      numeracion: null,
    });
    renderConProveedores(<InicioPage />);
    expect(await screen.findByText('Existencia baja', {}, { timeout: 5000 })).toBeInTheDocument();
    const tablero = within(screen.getByRole('region', { name: 'Resumen del negocio' }));
    for (const titulo of [
      'Ventas de hoy',
      'Ventas de esta semana',
      'Cuentas por cobrar',
      'Cuentas por pagar',
      'Turnos abiertos',
      'Comprobantes fiscales',
      'Productos más vendidos · Este mes',
      'Últimas 25 facturas',
    ]) {
      expect(tablero.queryByText(titulo), titulo).not.toBeInTheDocument();
    }
    expect(tablero.queryByText(/Ventas por día/)).not.toBeInTheDocument();
    expect(rutas).not.toContain('/api/factura/productos-destacados/');
    expect(rutas).not.toContain('/api/factura/lista-de-facturas');
  });
});
