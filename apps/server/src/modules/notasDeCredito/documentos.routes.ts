import { MENSAJE_ERROR_CORREO_NOTA_DE_CREDITO, notasDeCreditoApi } from '@pos/contract';
import { formatearFecha } from '@pos/domain';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { corto, dinero } from '../../documentos/pdf.ts';
import { rutasDePdfYCorreo } from '../../documentos/rutas.ts';
import { obtenerNotaDeCredito } from './lectura.ts';

// Spec 001 §1 "PDF / e-mail", §3 "Credit note": a credit note as the kit's PDF (GET
// /notas-de-credito/pdf/{id}, saved as NotaDeCredito-{comprobante}.pdf) and sent by e-mail (POST
// /notas-de-credito/correo/{id}); paths in docs/api.md. The page shows its B04 NCF, the NCF of the
// invoice it modifies (as the 607/608 and the e-CF reference it), the returned lines, the totals and
// where the total went: applied to an invoice, refunded, or left as a credit in favour.

export async function documentosDeNotaDeCreditoRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  await rutasDePdfYCorreo(
    app,
    db,
    {
      api: notasDeCreditoApi,
      modulo: 'notasDeCredito',
      nombre: 'la nota de crédito',
      mensajeDeError: MENSAJE_ERROR_CORREO_NOTA_DE_CREDITO,
      enviado: (para) => `Nota de crédito enviada a ${para}`,
      async leer(ctx, id) {
        const {
          notaDeCreditoDb: n,
          lineasNotasDeCredito,
          lineasDevoluciones,
          lineasCreditoFacturas,
        } = await obtenerNotaDeCredito(ctx, id);
        const destino: Array<[string, string]> = [
          ...lineasCreditoFacturas.map((v): [string, string] => [
            `Aplicado a la factura ${v.comprobante}`,
            dinero(v.monto),
          ]),
          ...lineasDevoluciones.map((d): [string, string] => [
            d.efectivo ? 'Devuelto en efectivo' : `Devuelto: ${corto(d.afectarCuenta.nombre)}`,
            dinero(d.importe),
          ]),
          ...(n.montoCredito > 0
            ? [['Crédito a favor del cliente', dinero(n.montoCredito)] as [string, string]]
            : []),
        ];
        return {
          titulo: 'Nota de crédito',
          prefijoDeArchivo: 'NotaDeCredito',
          femenino: true,
          cabecera: n,
          lineas: lineasNotasDeCredito,
          datos: [
            ['NCF modificado', n.ncfModificado],
            ['Fecha factura', formatearFecha(n.fechaFacturaModificada)],
          ],
          lateral: { titulo: 'DESTINO DEL TOTAL', filas: destino, vacio: 'Sin monto', resumen: [] },
        };
      },
    },
    carpetaDeArchivos,
  );
}
