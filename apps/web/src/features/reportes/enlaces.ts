import type { DocumentoEnlazable } from '@pos/contract';
import { VISTA_COMPRA } from '../compras/rutas.ts';
import { rutaDelConduce } from '../conduces/rutas.ts';
import { rutaDeEdicionDeEgreso } from '../egresos/rutas.ts';
import { VISTA_FACTURA } from '../facturas/rutas.ts';
import { rutaDeVista as rutaDelGastoMenor } from '../gastosMenores/rutas.ts';
import { rutaDeEdicion as rutaDelIngreso } from '../ingresos/rutas.ts';
import { EDITAR_AJUSTE } from '../inventario/rutas.ts';
import { rutaDeLaNotaDeCredito } from '../notasDeCredito/rutas.ts';
import { rutaDeLaNotaDeDebito } from '../notasDeDebito/rutas.ts';
import { EDITAR_PRODUCTO } from '../productos/etiquetas.ts';
import { DETALLES_TURNOS } from '../turnos/rutas.ts';

// The screen each document a report row links to (contract `enlace: { documento, campo }`) opens on:
// each family's own view route (ids as `?id=`, spec 000 §2). Customers and suppliers are contacts.
const VISTA_CONTACTO = '/cliente/vista_cliente';

export const ENLACES: Record<DocumentoEnlazable, (id: string) => string> = {
  factura: (id) => `${VISTA_FACTURA}?id=${id}`,
  notaDeCredito: rutaDeLaNotaDeCredito,
  notaDeDebito: rutaDeLaNotaDeDebito,
  compra: (id) => `${VISTA_COMPRA}?id=${id}`,
  gastoMenor: rutaDelGastoMenor,
  ingreso: (id) => rutaDelIngreso(id, false),
  egreso: (id) => rutaDeEdicionDeEgreso(id, false),
  conduce: rutaDelConduce,
  producto: (id) => `${EDITAR_PRODUCTO}?id=${id}`,
  ajusteDeInventario: (id) => `${EDITAR_AJUSTE}?id=${id}`,
  cliente: (id) => `${VISTA_CONTACTO}?id=${id}`,
  proveedor: (id) => `${VISTA_CONTACTO}?id=${id}`,
  turno: (id) => `${DETALLES_TURNOS}?id=${id}`,
};

/** The screen of a linked document. */
export function enlaceDe(documento: DocumentoEnlazable, id: string): string {
  return ENLACES[documento](id);
}
