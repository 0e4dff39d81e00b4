import { CompraEntrada, CrearNumeracion, FiltroPorAlmacen, LineaDeVentaEntrada } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { filas, type Tx } from '../../db/client.ts';
import { todosLosContactos } from '../contactos/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { crearNumeracion } from '../numeracion/service.ts';
import { listarProductosPorAlmacen } from '../productos/listados.ts';
import { crearCompra } from './service.ts';

// Demo purchases (spec 001 §3 "Purchase"; fiscal-do.md §1.2): the food distributor's, which receives
// the open purchase order on credit (the payments-out demo then pays part of it); a cash purchase from
// the bottler; one from an informal supplier (a person with a cédula) under our own B11 with the ITBIS
// withheld in full (fiscal-do.md §4).

function haceDias(dias: number): string {
  const fecha = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  fecha.setUTCDate(fecha.getUTCDate() - dias);
  return fecha.toISOString().slice(0, 10);
}

/** Seeds the demo purchases; `idOrdenDeCompra` is the order the first one receives. */
export async function sembrarComprasDemo(tx: Tx, tenantId: number, idOrdenDeCompra: string): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const idAlmacen = (await obtenerAlmacenPrincipal(ctx))._id;
  const { res } = await listarProductosPorAlmacen(ctx, FiltroPorAlmacen.parse({ limit: 500, idAlmacen }));
  const porCodigo = new Map(res.map((p) => [p.idCodigoDeBarra, p._id]));
  const conItbis = new Set(
    res
      .filter((p) => p.impuestos.some((i) => i.tipoDeImpuesto.startsWith('itbis')))
      .map((p) => p.idCodigoDeBarra),
  );
  const contactos = new Map(
    (await todosLosContactos(ctx)).map((c) => [`${c.nombre} ${c.apellidos}`.trim(), c._id]),
  );
  const proveedor = (nombre: string) => {
    const id = contactos.get(nombre);
    if (!id) {
      throw new Error(`El proveedor demo ${nombre} no existe`);
    }
    return id;
  };
  const lineas = (l: { codigo: string; cantidad: number; precio?: number }[]) =>
    l.map(({ codigo, cantidad, precio }) => {
      const idProducto = porCodigo.get(codigo);
      if (!idProducto) {
        throw new Error(`El producto demo ${codigo} no existe`);
      }
      return LineaDeVentaEntrada.parse({ idProducto, cantidad, ...(precio === undefined ? {} : { precio }) });
    });
  const b11 = await crearNumeracion(
    ctx,
    CrearNumeracion.parse({
      identificadorUnico: 'demo-numeracion-b11',
      nombre: 'Compras a proveedores informales (B11)',
      tipoDeDocumento: 'compras',
      perfilesDeTipos: 'B11',
      hasta: 100,
      fechaVencimiento: `${Number(haceDias(0).slice(0, 4)) + 1}-12-31`,
    }),
  );
  const [retencion] = await filas<{ id: string }>(
    tx,
    sql`select id from tipos_de_retencion where tenant_id = ${tenantId} and identificador_unico = 'demo-retencion-2'`,
  );

  // On credit, 30 days: the open order's goods (the food distributor's, purchase orders demo).
  await crearCompra(ctx, [
    CompraEntrada.parse({
      idProveedor: proveedor('Distribuidora Caribe de Alimentos SRL'),
      fechaEmision: haceDias(3),
      hora: '10:30',
      ncf: 'B0100004521',
      plazoPagos: 30,
      tiposBienesServicios: '09',
      notaPieDePagina: 'Mercancía recibida según la orden de compra.',
    }),
    lineas([
      { codigo: '7461000100015', cantidad: 40 },
      { codigo: '7461000100039', cantidad: 96 },
    ]),
    [],
    idOrdenDeCompra ? [idOrdenDeCompra] : [],
    null,
    'demo-compra-1',
  ]);
  // Part paid in cash at the purchase, the rest owed.
  await crearCompra(ctx, [
    CompraEntrada.parse({
      idProveedor: proveedor('Embotelladora del Cibao SRL'),
      fechaEmision: haceDias(2),
      hora: '15:10',
      ncf: 'B0100000877',
      metodoDePago: 'Efectivo',
      efectivoRecibido: 1500,
      tiposBienesServicios: '09',
    }),
    lineas([{ codigo: '7461000400054', cantidad: 48, precio: 38 }]),
    [],
    [],
    null,
    'demo-compra-2',
  ]);
  // An informal supplier: our own B11 and the ITBIS withheld in full (fiscal-do.md §1.2, §4).
  await crearCompra(ctx, [
    CompraEntrada.parse({
      idProveedor: proveedor('Rafael Antonio Díaz Hernández'),
      idNumeracion: b11._id,
      fechaEmision: haceDias(1),
      hora: '08:45',
      plazoPagos: 15,
      tiposBienesServicios: '09',
      notaPieDePagina: 'Hielo del productor, sin comprobante propio.',
    }),
    lineas([{ codigo: '2004', cantidad: 50, precio: 20 }]),
    retencion && conItbis.has('2004') ? [{ idRetencionSeleccionada: retencion.id }] : [],
    [],
    null,
    'demo-compra-3',
  ]);
}
