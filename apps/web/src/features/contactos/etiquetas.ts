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

/** The identification types of a contact, for its selector (spec 002 §3). */
export const OPCIONES_DE_IDENTIFICACION = [
  { value: '', label: 'Sin identificación' },
  { value: 'RNC', label: 'RNC' },
  { value: 'Cédula', label: 'Cédula' },
  { value: 'Pasaporte', label: 'Pasaporte' },
];

export function nombreCompleto(c: Pick<Contacto, 'nombre' | 'apellidos'>): string {
  return [c.nombre, c.apellidos].join(' ').trim();
}
