import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 000 §2, 002 §2: the three public catalogue pages, with the company in `?lista={tenantId}`.
export const CATALOGO = '/catalogo';
export const CATALOGO_CATEGORIAS = '/catalogo-categorias';
export const CATALOGO_PRODUCTOS = '/catalogo-productos';

export const pantallasDeCatalogo: Pantalla[] = [
  {
    path: CATALOGO,
    diseno: 'catalogo',
    titulo: 'Catálogo',
    publica: true,
    cargar: () => import('./CatalogoPage.tsx'),
  },
  {
    path: CATALOGO_CATEGORIAS,
    diseno: 'catalogo',
    titulo: 'Categorías del catálogo',
    publica: true,
    cargar: () => import('./CatalogoCategoriasPage.tsx'),
  },
  {
    path: CATALOGO_PRODUCTOS,
    diseno: 'catalogo',
    titulo: 'Productos del catálogo',
    publica: true,
    cargar: () => import('./CatalogoProductosPage.tsx'),
  },
];

// Spec 000 §2 "Configuration tab": /catalogo?lista={tenantId}, opened in a new page.
export const menuDeCatalogo: EntradaMenu[] = [
  {
    pestana: 'configuracion',
    titulo: 'Catálogo en línea',
    ruta: CATALOGO,
    modulo: 'configuracionGeneral',
    conLista: true,
  },
];
