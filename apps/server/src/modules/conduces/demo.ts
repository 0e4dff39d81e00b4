import { FiltroFacturas, FiltroPorAlmacen } from '@pos/contract';
import type { Tx } from '../../db/client.ts';
import { todosLosContactos } from '../contactos/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { listarFacturas, obtenerFactura } from '../facturas/lectura.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { listarProductosPorAlmacen } from '../productos/listados.ts';
import { crearConduce } from './service.ts';

// Demo delivery notes (spec 001 §2, §3 "Delivery note (conduce)"): one pre-invoice conduce (goods sent
// to a wholesale customer before billing, out of stock) and one post-invoice conduce delivering part of
// a demo sale, so the list and the view show both kinds on a fresh install.
/** Seeds the demo conduces; answers the id of the pre-invoice one the conversions demo bills. */
export async function sembrarConducesDemo(tx: Tx, tenantId: number): Promise<string> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const idAlmacen = (await obtenerAlmacenPrincipal(ctx))._id;
  const { res } = await listarProductosPorAlmacen(ctx, FiltroPorAlmacen.parse({ limit: 500, idAlmacen }));
  const porCodigo = new Map(res.map((p) => [p.idCodigoDeBarra, p._id]));
  const contactos = new Map((await todosLosContactos(ctx)).map((c) => [c.nombre, c._id]));
  const linea = (codigo: string, cantidad: number) => {
    const idProducto = porCodigo.get(codigo);
    if (!idProducto) {
      throw new Error(`El producto demo ${codigo} no existe`);
    }
    return { idProducto, cantidad, nota: '', descuento: 0, paquete: false, variantes: [] };
  };
  const cabecera = {
    nombre: '',
    nombreOpcional: '',
    hora: '09:15',
    notaInformacionInterna: '',
    tipo: 'preFactura' as const,
  };
  await crearConduce(ctx, [
    {
      ...cabecera,
      identificadorUnico: 'demo-conduce-1',
      idCliente: contactos.get('Supermercado La Cosecha SRL') ?? null,
      notaPieDePagina: 'Mercancía enviada a consignación; se factura a fin de mes.',
    },
    [linea('7461000100015', 12), linea('7461000100039', 24)],
  ]);
  // The newest active demo sale, delivered in part.
  const { conduceDb: aFacturar } = await crearConduce(ctx, [
    {
      ...cabecera,
      identificadorUnico: 'demo-conduce-3',
      idCliente: contactos.get('Ferretería El Martillo SRL') ?? null,
      notaPieDePagina: 'Despacho semanal; se factura al cierre.',
    },
    [linea('7461000100053', 4)],
  ]);
  const { res: ventas } = await listarFacturas(ctx, FiltroFacturas.parse({ page: 1, limit: 10 }));
  const venta = ventas.find((f) => f.estado === 'Activo');
  const vendida = venta ? (await obtenerFactura(ctx, venta._id)).linea_facturasRef[0] : undefined;
  if (!venta || !vendida) {
    throw new Error('La empresa demo no tiene una factura activa para el conduce post-factura');
  }
  await crearConduce(ctx, [
    {
      ...cabecera,
      identificadorUnico: 'demo-conduce-2',
      tipo: 'postFactura',
      idFactura: venta._id,
      idCliente: venta.idCliente,
      notaPieDePagina: `Entrega de la factura ${venta.comprobante ?? ''}.`,
    },
    [
      {
        idProducto: vendida.idProducto,
        cantidad: vendida.unidades,
        nota: '',
        descuento: 0,
        paquete: false,
        variantes: [],
      },
    ],
  ]);
  return aFacturar._id;
}
