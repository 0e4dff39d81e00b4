import { rutaDeDetalles as rutaDelBanco } from '../bancos/rutas.ts';
import { VISTA_COMPRA } from '../compras/rutas.ts';
import { rutaDeEdicionDeEgreso } from '../egresos/rutas.ts';
import { rutaDeVista as rutaDeLaEntradaDeDiario } from '../entradasDeDiario/rutas.ts';
import { VISTA_FACTURA } from '../facturas/rutas.ts';
import { rutaDeVista as rutaDelGastoMenor } from '../gastosMenores/rutas.ts';
import { rutaDeEdicion as rutaDelIngreso } from '../ingresos/rutas.ts';
import { EDITAR_AJUSTE } from '../inventario/rutas.ts';
import { rutaDeLaNotaDeCredito } from '../notasDeCredito/rutas.ts';
import { rutaDeLaNotaDeDebito } from '../notasDeDebito/rutas.ts';
import { EDITAR_PRODUCTO } from '../productos/etiquetas.ts';

// The one map from a journal entry's source (tipoDocumento of the posting service) to the screen that
// shows that document. A kind without a screen (a credit in favour) has no link.
const VISTAS: Record<string, (id: string) => string> = {
  factura: (id) => `${VISTA_FACTURA}?id=${id}`,
  compra: (id) => `${VISTA_COMPRA}?id=${id}`,
  notaDeCredito: rutaDeLaNotaDeCredito,
  notaDeDebito: rutaDeLaNotaDeDebito,
  gastoMenor: rutaDelGastoMenor,
  ingreso: (id) => rutaDelIngreso(id, false),
  egreso: (id) => rutaDeEdicionDeEgreso(id, false),
  ajusteDeInventario: (id) => `${EDITAR_AJUSTE}?id=${id}`,
  // Manual journal entries open their view modal in the list (docs/accounting.md «Entradas de diario»); a
  // bank's opening balance opens the bank's detail (docs/accounting.md «Cuentas de banco y transferencias»).
  entradaDeDiario: rutaDeLaEntradaDeDiario,
  cuentaDeBanco: rutaDelBanco,
  // A product's opening stock opens the product (spec 000 §2: the id as `?id=`).
  inventarioInicial: (id) => `${EDITAR_PRODUCTO}?id=${id}`,
};

/** The web route of the document that posted an entry, or null when it has no screen. */
export function rutaDelDocumento(tipoDocumento: string, idDocumento: string): string | null {
  const vista = VISTAS[tipoDocumento];
  return vista ? vista(idDocumento) : null;
}
