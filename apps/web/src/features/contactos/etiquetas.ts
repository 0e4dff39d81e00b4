import type { Contacto } from '@pos/contract';

export const TIPOS: Record<Contacto['tipoDeContacto'], string> = {
  cliente: 'Cliente',
  proveedor: 'Proveedor',
  ambos: 'Cliente y proveedor',
};

export const COLOR_DE_ESTADO: Record<Contacto['estado'], string> = {
  Activo: 'green',
  'Por-Anular': 'orange',
  Anulado: 'red',
};

export const ESTADOS: Record<Contacto['estado'], string> = {
  Activo: 'Activo',
  'Por-Anular': 'Por anular',
  Anulado: 'Anulado',
};

export function nombreCompleto(c: Pick<Contacto, 'nombre' | 'apellidos'>): string {
  return [c.nombre, c.apellidos].join(' ').trim();
}
