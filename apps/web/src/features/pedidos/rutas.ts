import type { Pantalla } from '../../app/registro.ts';

// Spec 001 §2: the POS order screens (/vistas_pos/lista_pedidos; an order opens in a POS tab).
export const LISTA_PEDIDOS_POS = '/vistas_pos/lista_pedidos';

export const pantallasDePedidos: Pantalla[] = [
  {
    path: LISTA_PEDIDOS_POS,
    diseno: 'pos',
    titulo: 'Lista de pedidos',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./ListaPedidosPage.tsx'),
  },
];
