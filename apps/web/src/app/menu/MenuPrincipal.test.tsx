import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { perfilDePrueba, renderConRutas } from '../../testing/render.tsx';
import type { EntradaMenu } from '../registro.ts';
import { MenuPrincipal } from './MenuPrincipal.tsx';

const MENU: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Clientes',
    ruta: '/cliente/lista',
    rutaNueva: '/cliente/nuevocliente',
    modulo: 'clientes',
  },
  { pestana: 'inicio', titulo: 'Facturas', ruta: '/factura/lista_factura', modulo: 'facturas' },
  {
    pestana: 'configuracion',
    titulo: 'Impuestos',
    ruta: '/configuraciones/impuestos/lista_impuesto',
    modulo: 'impuestos',
  },
  {
    pestana: 'configuracion',
    titulo: 'Planes',
    ruta: '/configuraciones/planes/lista_planes',
    modulo: 'planes',
    soloOperador: true,
  },
  {
    pestana: 'configuracion',
    titulo: 'Registro de empresa',
    ruta: '/configuraciones/registro-de-empresa/nueva_empresa',
    modulo: 'registroDeEmpresa',
    soloOperador: true,
    bandera: 'crearInstanciaDelSistema',
  },
];

function conAcceso(
  modulos: Array<'clientes' | 'facturas' | 'impuestos' | 'planes' | 'registroDeEmpresa'>,
  tenantId = 1,
) {
  const perfil = perfilDePrueba({ tenantId });
  for (const modulo of modulos) {
    perfil.privilegios[modulo] = { ...perfil.privilegios[modulo], acceso: true };
  }
  return perfil;
}

function renderMenu(perfil = conAcceso(['clientes']), alCerrarSesion = vi.fn()) {
  const rutas = [
    { path: '*', element: <MenuPrincipal perfil={perfil} alCerrarSesion={alCerrarSesion} menu={MENU} /> },
  ];
  return { ...renderConRutas(rutas, '/'), alCerrarSesion };
}

describe('menú principal', () => {
  it('muestra solo las pestañas y entradas de los módulos con acceso', async () => {
    renderMenu(conAcceso(['clientes']));
    expect(screen.getByRole('button', { name: 'Inicio' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Configuración' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Inicio' }));
    expect(await screen.findByRole('menuitem', { name: /Clientes/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Facturas/ })).not.toBeInTheDocument();
  });

  it('clic izquierdo abre la lista; clic derecho abre el documento nuevo', async () => {
    const { router } = renderMenu(conAcceso(['clientes']));
    await userEvent.click(screen.getByRole('button', { name: 'Inicio' }));
    const entrada = await screen.findByRole('menuitem', { name: /Clientes/ });
    fireEvent.contextMenu(entrada);
    expect(router.state.location.pathname).toBe('/cliente/nuevocliente');
    await userEvent.click(screen.getByRole('button', { name: 'Inicio' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Clientes/ }));
    expect(router.state.location.pathname).toBe('/cliente/lista');
  });

  it('las entradas del operador solo en la empresa 2, y el registro de empresas solo con crearInstanciaDelSistema', async () => {
    renderMenu(conAcceso(['impuestos', 'planes', 'registroDeEmpresa'], 1));
    await userEvent.click(screen.getByRole('button', { name: 'Configuración' }));
    expect(await screen.findByRole('menuitem', { name: /Impuestos/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Planes/ })).not.toBeInTheDocument();
  });

  it('en la empresa 2: planes visibles; registro de empresa solo con la bandera', async () => {
    const operador = conAcceso(['planes', 'registroDeEmpresa'], 2);
    renderMenu(operador);
    await userEvent.click(screen.getByRole('button', { name: 'Configuración' }));
    expect(await screen.findByRole('menuitem', { name: /Planes/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Registro de empresa/ })).not.toBeInTheDocument();
  });

  it('con crearInstanciaDelSistema en la empresa 2 aparece el registro de empresa', async () => {
    renderMenu({ ...conAcceso(['registroDeEmpresa'], 2), crearInstanciaDelSistema: true });
    await userEvent.click(screen.getByRole('button', { name: 'Configuración' }));
    expect(await screen.findByRole('menuitem', { name: /Registro de empresa/ })).toBeInTheDocument();
  });

  it('si el perfil no trae la bandera de acceso de clientes, cierra la sesión', () => {
    const perfil = conAcceso([]);
    // @ts-expect-error: the broken profile the spec guards against.
    perfil.privilegios.clientes = {};
    const { alCerrarSesion } = renderMenu(perfil);
    expect(alCerrarSesion).toHaveBeenCalledTimes(1);
  });

  it('el botón Salir cierra la sesión', async () => {
    const { alCerrarSesion } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    expect(alCerrarSesion).toHaveBeenCalledTimes(1);
  });
});
