import type { Modulo } from '@pos/contract';
import { matchPath } from 'react-router';
import type { EntradaMenu, Pantalla, Pestana } from '../../app/registro.ts';

export type ClaveDeFamilia =
  | 'impuestos'
  | 'listasDePrecio'
  | 'retenciones'
  | 'terminales'
  | 'almacenes'
  | 'categorias'
  | 'secciones'
  | 'areasDeProduccion'
  | 'lugaresDeAsignacion'
  | 'planes'
  | 'centrosDeCosto'
  | 'opcionesEntradaDeDiario';

/** Where a master-data family lives: its three screens, its module and its menu entry. */
export type RutasDeFamilia = {
  lista: string;
  nuevo: string;
  /**
   * The edit screen; the item comes as `?id=` (spec 000 §2: no path parameters), or as the path's `:id` when
   * the route ends in `/:id` (the accounting screens' `editar/:id`, docs/web.md).
   */
  editar: string;
  titulo: string;
  tituloNuevo: string;
  tituloEditar: string;
  modulo: Modulo;
  pestana: Pestana;
  soloOperador?: boolean;
};

// Spec 002 §2 (Configuration; Inventory, warehouses and classification) names the list and new routes;
// the edit routes it does not name follow the family's pattern (docs/web.md).
export const RUTAS_DE_MAESTROS: Record<ClaveDeFamilia, RutasDeFamilia> = {
  impuestos: {
    lista: '/configuraciones/impuestos/lista_impuesto',
    nuevo: '/configuraciones/impuestos/nuevo_impuesto',
    editar: '/configuraciones/impuestos/editar_impuesto',
    titulo: 'Impuestos',
    tituloNuevo: 'Nuevo impuesto',
    tituloEditar: 'Editar impuesto',
    modulo: 'impuestos',
    pestana: 'configuracion',
  },
  listasDePrecio: {
    lista: '/configuraciones/lista-precios/lista_precios/',
    nuevo: '/configuraciones/lista-precios/nuevo_precio/',
    editar: '/configuraciones/lista-precios/editar_precio/',
    titulo: 'Listas de precios',
    tituloNuevo: 'Nueva lista de precios',
    tituloEditar: 'Editar lista de precios',
    modulo: 'listasDePrecio',
    pestana: 'inventario',
  },
  retenciones: {
    lista: '/configuraciones/lista-retenciones/lista_retencion',
    nuevo: '/configuraciones/lista-retenciones/nueva_retencion',
    editar: '/configuraciones/lista-retenciones/editar_retencion',
    titulo: 'Retenciones',
    tituloNuevo: 'Nueva retención',
    tituloEditar: 'Editar retención',
    modulo: 'retenciones',
    pestana: 'configuracion',
  },
  terminales: {
    lista: '/configuraciones/terminales/lista_terminales',
    nuevo: '/configuraciones/terminales/nueva_terminal',
    editar: '/configuraciones/terminales/editar_terminal',
    titulo: 'Terminales',
    tituloNuevo: 'Nuevo terminal',
    tituloEditar: 'Editar terminal',
    modulo: 'terminales',
    pestana: 'configuracion',
  },
  almacenes: {
    lista: '/configuraciones/almacen/lista_almacen/',
    nuevo: '/configuraciones/almacen/nuevo_almacen/',
    editar: '/configuraciones/almacen/editar_almacen',
    titulo: 'Almacenes',
    tituloNuevo: 'Nuevo almacén',
    tituloEditar: 'Editar almacén',
    modulo: 'almacenes',
    pestana: 'inventario',
  },
  categorias: {
    lista: '/configuraciones/categoria_producto/lista_categoria_producto/',
    nuevo: '/configuraciones/categoria_producto/nueva_categoria_producto/',
    editar: '/configuraciones/categoria_producto/editar_categoria_producto/',
    titulo: 'Categorías de productos',
    tituloNuevo: 'Nueva categoría',
    tituloEditar: 'Editar categoría',
    modulo: 'categorias',
    pestana: 'inventario',
  },
  secciones: {
    lista: '/configuraciones/secciones/lista_secciones/',
    nuevo: '/configuraciones/secciones/nueva_seccion/',
    editar: '/configuraciones/secciones/editar_seccion/',
    titulo: 'Secciones',
    tituloNuevo: 'Nueva sección',
    tituloEditar: 'Editar sección',
    modulo: 'secciones',
    pestana: 'inventario',
  },
  areasDeProduccion: {
    lista: '/configuraciones/areas_de_produccion/lista_area_de_produccion',
    nuevo: '/configuraciones/areas_de_produccion/nueva_area_de_produccion/',
    editar: '/configuraciones/areas_de_produccion/editar_area_de_produccion/',
    titulo: 'Áreas de producción',
    tituloNuevo: 'Nueva área de producción',
    tituloEditar: 'Editar área de producción',
    modulo: 'areasDeProduccion',
    pestana: 'inventario',
  },
  lugaresDeAsignacion: {
    lista: '/lugarDeAsignacion/lista_LugarAsignacion/',
    nuevo: '/lugarDeAsignacion/nuevo_LugarAsignacion/',
    editar: '/lugarDeAsignacion/editar_LugarAsignacion/',
    titulo: 'Lugares de asignación',
    tituloNuevo: 'Nuevo lugar de asignación',
    tituloEditar: 'Editar lugar de asignación',
    modulo: 'lugarDeAsignacion',
    pestana: 'configuracion',
  },
  planes: {
    lista: '/configuraciones/planes/lista_planes',
    nuevo: '/configuraciones/planes/nuevo_plan',
    editar: '/configuraciones/planes/editar_plan',
    titulo: 'Planes',
    tituloNuevo: 'Nuevo plan',
    tituloEditar: 'Editar plan',
    modulo: 'planes',
    pestana: 'configuracion',
    soloOperador: true,
  },
  // Spec 002 §2 "Accounting" names lista_centro_de_costo, nuevo_centro_de_costo and editar.
  centrosDeCosto: {
    lista: '/contabilidad/centro-de-costo/lista_centro_de_costo',
    nuevo: '/contabilidad/centro-de-costo/nuevo_centro_de_costo',
    editar: '/contabilidad/centro-de-costo/editar/:id',
    titulo: 'Centros de costo',
    tituloNuevo: 'Nuevo centro de costo',
    tituloEditar: 'Editar centro de costo',
    modulo: 'centroDeCosto',
    pestana: 'contabilidad',
  },
  // Spec 002 §3 "Accounting" journal options (§7 /opciones-entrada-de-diario/); the spec names no screen, so
  // they follow the cost centres' pattern.
  opcionesEntradaDeDiario: {
    lista: '/contabilidad/opciones-entrada-de-diario/lista',
    nuevo: '/contabilidad/opciones-entrada-de-diario/nuevo',
    editar: '/contabilidad/opciones-entrada-de-diario/editar/:id',
    titulo: 'Opciones de entrada de diario',
    tituloNuevo: 'Nueva opción de entrada de diario',
    tituloEditar: 'Editar opción de entrada de diario',
    modulo: 'entradaDeDiario',
    pestana: 'contabilidad',
  },
};

export const CLAVES_DE_FAMILIA = Object.keys(RUTAS_DE_MAESTROS) as ClaveDeFamilia[];

function sinBarraFinal(ruta: string): string {
  return ruta.length > 1 ? ruta.replace(/\/+$/, '') : ruta;
}

/** The address that edits one item: `editar/<id>` for an `editar/:id` route, else `editar?id=<id>`. */
export function rutaDeEdicion(rutas: RutasDeFamilia, id: string): string {
  return rutas.editar.endsWith('/:id')
    ? rutas.editar.replace(/:id$/, encodeURIComponent(id))
    : `${rutas.editar}?id=${encodeURIComponent(id)}`;
}

/** The family and screen kind of a path (the routes match with or without the trailing slash). */
export function familiaDeRuta(
  ruta: string,
): { clave: ClaveDeFamilia; pantalla: 'lista' | 'nuevo' | 'editar' } | null {
  const buscada = sinBarraFinal(ruta);
  for (const clave of CLAVES_DE_FAMILIA) {
    const rutas = RUTAS_DE_MAESTROS[clave];
    for (const pantalla of ['lista', 'nuevo', 'editar'] as const) {
      if (matchPath({ path: sinBarraFinal(rutas[pantalla]), caseSensitive: true }, buscada)) {
        return { clave, pantalla };
      }
    }
  }
  return null;
}

// One list page and one form page serve every family; each finds its family from the address.
const cargarLista = () => import('./MaestroListaPage.tsx');
const cargarFormulario = () => import('./MaestroFormularioPage.tsx');

function pantallasDe(rutas: RutasDeFamilia): Pantalla[] {
  const operador = rutas.soloOperador ? { soloOperador: true } : {};
  return [
    {
      path: rutas.lista,
      diseno: 'principal',
      titulo: rutas.titulo,
      permiso: { modulo: rutas.modulo, accion: 'ver' },
      ...operador,
      cargar: cargarLista,
    },
    {
      path: rutas.nuevo,
      diseno: 'principal',
      titulo: rutas.tituloNuevo,
      permiso: { modulo: rutas.modulo, accion: 'crear' },
      ...operador,
      cargar: cargarFormulario,
    },
    {
      path: rutas.editar,
      diseno: 'principal',
      titulo: rutas.tituloEditar,
      permiso: { modulo: rutas.modulo, accion: 'ver' },
      ...operador,
      cargar: cargarFormulario,
    },
  ];
}

export const pantallasDeMaestros: Pantalla[] = CLAVES_DE_FAMILIA.flatMap((clave) =>
  pantallasDe(RUTAS_DE_MAESTROS[clave]),
);

export const menuDeMaestros: EntradaMenu[] = CLAVES_DE_FAMILIA.map((clave) => {
  const rutas = RUTAS_DE_MAESTROS[clave];
  return {
    pestana: rutas.pestana,
    titulo: rutas.titulo,
    ruta: rutas.lista,
    rutaNueva: rutas.nuevo,
    modulo: rutas.modulo,
    ...(rutas.soloOperador ? { soloOperador: true } : {}),
  };
});
