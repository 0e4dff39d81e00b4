import { MENSAJE_ERROR_CORREO_NOTA_DE_DEBITO, notasDeDebitoApi } from '@pos/contract';
import { formatearFecha } from '@pos/domain';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { corto, dinero } from '../../documentos/pdf.ts';
import { rutasDePdfYCorreo } from '../../documentos/rutas.ts';
import { obtenerNotaDeDebito } from './lectura.ts';

// Spec 001 §1 "PDF / e-mail", §3 "Debit note": a debit note as the kit's PDF (GET
// /notas-de-debito/pdf/{id}, saved as NotaDeDebito-{comprobante}.pdf) and sent by e-mail (POST
// /notas-de-debito/correo/{id}), as credit notes do. The page shows its number, the NCF of the purchase
// it modifies (as the 606 reports it), the returned lines, the totals and where the total went: applied
// to a purchase, paid back by the supplier, or owed by the supplier.

export async function documentosDeNotaDeDebitoRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  await rutasDePdfYCorreo(
    app,
    db,
    {
      api: notasDeDebitoApi,
      modulo: 'notasDeDebito',
      nombre: 'la nota de débito',
      mensajeDeError: MENSAJE_ERROR_CORREO_NOTA_DE_DEBITO,
      enviado: (para) => `Nota de débito enviada a ${para}`,
      async leer(ctx, id) {
        const {
          notaDeDebitoDb: n,
          lineasNotasDeDebito,
          lineasDevoluciones,
          lineasDebitoCompras,
        } = await obtenerNotaDeDebito(ctx, id);
        const destino: Array<[string, string]> = [
          ...lineasDebitoCompras.map((v): [string, string] => [
            `Aplicado a la compra ${v.comprobante}`,
            dinero(v.monto),
          ]),
          ...lineasDevoluciones.map((d): [string, string] => [
            `Devuelto: ${corto(d.cuentaContableDebito.nombre)}`,
            dinero(d.importe),
          ]),
          ...(n.montoPorCobrar > 0
            ? [['Por cobrar al proveedor', dinero(n.montoPorCobrar)] as [string, string]]
            : []),
        ];
        return {
          titulo: 'Nota de débito',
          prefijoDeArchivo: 'NotaDeDebito',
          femenino: true,
          lado: 'compra' as const,
          cabecera: n,
          lineas: lineasNotasDeDebito,
          datos: [
            ['NCF modificado', n.ncfModificado],
            ['Fecha compra', formatearFecha(n.fechaCompraModificada)],
          ],
          lateral: { titulo: 'DESTINO DEL TOTAL', filas: destino, vacio: 'Sin monto', resumen: [] },
        };
      },
    },
    carpetaDeArchivos,
  );
}
