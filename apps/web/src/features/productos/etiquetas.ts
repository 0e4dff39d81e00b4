import type { PerfilBarcode, Producto } from '@pos/contract';

export const COLOR_DE_ESTADO: Record<Producto['estado'], string> = {
  Activo: 'green',
  'Por-Anular': 'orange',
  Anulado: 'red',
};

export const ESTADOS: Record<Producto['estado'], string> = {
  Activo: 'Activo',
  'Por-Anular': 'Por anular',
  Anulado: 'Anulado',
};

export const LISTA_DE_PRODUCTOS = '/producto/lista_producto';
export const NUEVO_PRODUCTO = '/producto/nuevo_producto';
export const EDITAR_PRODUCTO = '/producto/editar_producto';

/** A product chosen for labels: enough to list it and to tell whether it has a code to print. */
export type ElegidoParaEtiqueta = { _id: string; nombre: string; idCodigoDeBarra: string };

/** Spec 002 §5: a code of 2 or fewer characters is stored as 0, which prints no barcode. */
export function tieneCodigo(p: Pick<ElegidoParaEtiqueta, 'idCodigoDeBarra'>): boolean {
  const codigo = p.idCodigoDeBarra.trim();
  return codigo.length >= 3 && codigo !== '0';
}

/** A profile in a few words: size and what the label shows. */
export function resumenDePerfil(p: PerfilBarcode): string {
  const partes = [`${p.anchoPaginaBarcode} × ${p.alturaPaginaBarcode} mm`];
  if (p.incluirPrecioBarcode) {
    partes.push('precio');
  }
  if (p.incluirDescripcionBarcode) {
    partes.push('nombre del producto');
  }
  if (p.incluirNombreEmpresaBarcode) {
    partes.push('nombre de la empresa');
  }
  return partes.join(' · ');
}
