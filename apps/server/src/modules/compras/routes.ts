import { comprasApi, TIPOS_BIENES_SERVICIOS, type TipoBienesServicios } from '@pos/contract';
import { aCentavos, formatearDinero } from '@pos/domain';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import {
  documentoDeVentaEnPdf,
  empresaDelPdf,
  nombreDelPdfDeVenta,
  renderizarDocumentoPdf,
} from '../../documentos/pdf.ts';
import { rutasDeArchivos, TIPO_PDF } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarCompra,
  anularCompra,
  crearCompra,
  eliminarCompra,
  listarCompras,
  obtenerCompra,
} from './service.ts';

// Spec 001 §7 "Purchases"; privileges of the 'compras' module.
export function comprasRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = comprasApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'compras', accion }) as const;
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearCompra(ctx, body));
  ruta(app, db, api.actualizar, permiso('modificar'), (ctx, { params, body }) =>
    actualizarCompra(ctx, params.id, body),
  );
  ruta(app, db, api.lista, permiso('ver'), (ctx, { body }) => listarCompras(ctx, body));
  ruta(app, db, api.una, permiso('ver'), (ctx, { params }) => obtenerCompra(ctx, params.id));
  // Any user who sees purchases may ask for a cancellation; the kit decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) => anularCompra(ctx, params.id, body));
  ruta(app, db, api.eliminar, permiso('modificar'), (ctx, { params }) => eliminarCompra(ctx, params.id));
}

/** GET /compras-proveedores/pdf/{id}: the purchase on the kit's page, saved as Compra-{comprobante}.pdf. */
export async function documentosDeCompraRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, comprasApi.pdf, { modulo: 'compras', accion: 'ver' }, async (ctx, { params }) => {
      const { compraDb: c, lineasCompraDb, retenciones } = await obtenerCompra(ctx, params.id);
      const pdf = {
        titulo: 'Compra',
        prefijoDeArchivo: 'Compra',
        femenino: true,
        lado: 'compra' as const,
        cabecera: c,
        lineas: lineasCompraDb,
        vencimiento: 'Vence',
        datos: [
          ['NCF', c.ncf],
          [
            'Bienes y servicios',
            `${c.tiposBienesServicios} ${TIPOS_BIENES_SERVICIOS[c.tiposBienesServicios as TipoBienesServicios] ?? ''}`.trim(),
          ],
        ] as Array<[string, string]>,
      };
      const documento = documentoDeVentaEnPdf(pdf);
      const totales = [
        ...documento.totales,
        ...retenciones.map((r) => ({
          etiqueta: r.nombreDetallado,
          valor: `-${formatearDinero(aCentavos(r.monto))}`,
        })),
        ...(retenciones.length > 0
          ? [{ etiqueta: 'Monto a pagar', valor: formatearDinero(aCentavos(c.montoAPagar)), fuerte: true }]
          : []),
        { etiqueta: 'Pagado', valor: formatearDinero(aCentavos(c.cobrado)) },
        { etiqueta: 'Pendiente', valor: formatearDinero(aCentavos(c.pendiente)), fuerte: true },
      ];
      return {
        archivo: await renderizarDocumentoPdf(
          {
            ...documento,
            condiciones: [
              ['Método de pago', c.metodoDePago],
              ['Plazo', `${c.plazoPagos} días`],
              ...(c.creadaPor ? ([['Registrada por', c.creadaPor]] as Array<[string, string]>) : []),
            ],
            totales,
          },
          await empresaDelPdf(ctx, carpetaDeArchivos),
        ),
        tipo: TIPO_PDF,
        nombre: nombreDelPdfDeVenta(pdf),
        disposicion: 'attachment' as const,
      };
    });
  });
}
