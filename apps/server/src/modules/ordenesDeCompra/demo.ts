import { FiltroPorAlmacen } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { todosLosContactos } from '../contactos/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { listarProductosPorAlmacen } from '../productos/listados.ts';
import { crearOrdenDeCompra } from './service.ts';

// Demo purchase orders (spec 001 §3 "Purchase order"): one the purchases demo takes (linked to a
// purchase) and one still open, so the list, the view and «Convertir en compra» show something.
// Each line is at the product's cost (no precio sent).
const ORDENES = [
  {
    proveedor: 'Distribuidora Caribe de Alimentos SRL',
    diasAtras: 5,
    nota: 'Entregar en el almacén principal, de 8:00 a 12:00.',
    lineas: [
      { codigo: '7461000100015', cantidad: 40 },
      { codigo: '7461000100039', cantidad: 96 },
    ],
  },
  {
    proveedor: 'Importadora Quisqueya SRL',
    diasAtras: 1,
    nota: 'Confirmar precios antes de despachar.',
    lineas: [
      { codigo: '7461000100022', cantidad: 20 },
      { codigo: '7461000100046', cantidad: 48 },
    ],
  },
];

function haceDias(dias: number): string {
  const fecha = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  fecha.setUTCDate(fecha.getUTCDate() - dias);
  return fecha.toISOString().slice(0, 10);
}

/** Seeds the demo purchase orders; answers the id of the one the purchases demo links to a purchase. */
export async function sembrarOrdenesDeCompraDemo(tx: Tx, tenantId: number): Promise<string> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const idAlmacen = (await obtenerAlmacenPrincipal(ctx))._id;
  const { res } = await listarProductosPorAlmacen(ctx, FiltroPorAlmacen.parse({ limit: 500, idAlmacen }));
  const porCodigo = new Map(res.map((p) => [p.idCodigoDeBarra, p._id]));
  const contactos = new Map((await todosLosContactos(ctx)).map((c) => [c.nombre, c._id]));
  const ids: string[] = [];
  for (const [indice, demo] of ORDENES.entries()) {
    const { ordenCompraDb } = await crearOrdenDeCompra(ctx, {
      idCliente: contactos.get(demo.proveedor) ?? null,
      nombre: '',
      nombreOpcional: '',
      fechaEmision: haceDias(demo.diasAtras),
      hora: '09:15',
      vencimiento: haceDias(demo.diasAtras - 7),
      notaPieDePagina: demo.nota,
      notaInformacionInterna: '',
      lineasDeCompraDto: demo.lineas.map((l) => {
        const idProducto = porCodigo.get(l.codigo);
        if (!idProducto) {
          throw new Error(`El producto demo ${l.codigo} no existe`);
        }
        return { idProducto, cantidad: l.cantidad, nota: '', descuento: 0, paquete: false, variantes: [] };
      }),
      identificadorUnico: `demo-orden-de-compra-${indice + 1}`,
    });
    ids.push(ordenCompraDb._id);
  }
  // The food distributor's: the purchases demo receives it.
  return ids[0] ?? '';
}
