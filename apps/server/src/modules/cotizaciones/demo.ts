import { FiltroPorAlmacen } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { todosLosContactos } from '../contactos/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { listarProductosPorAlmacen } from '../productos/listados.ts';
import { anularCotizacion, crearCotizacion } from './service.ts';

// Demo quotations (spec 001 §3 "Quotation"): two open ones for wholesale customers and one cancelled,
// so the list, the view and the audit view show something on a fresh install.
const COTIZACIONES = [
  {
    cliente: 'Supermercado La Cosecha SRL',
    diasAtras: 6,
    nota: 'Precios válidos por 15 días. Entrega en 48 horas.',
    lineas: [
      { codigo: '7461000100015', cantidad: 50 },
      { codigo: '7461000100039', cantidad: 120 },
    ],
  },
  {
    cliente: 'Ferretería El Martillo SRL',
    diasAtras: 2,
    nota: 'Cotización para el comedor de empleados.',
    lineas: [
      { codigo: '7461000100022', cantidad: 3 },
      { codigo: '7461000100046', cantidad: 6 },
    ],
  },
  {
    cliente: 'Supermercado La Cosecha SRL',
    diasAtras: 1,
    nota: '',
    lineas: [{ codigo: '7461000100015', cantidad: 5 }],
    anulada: 'El cliente pidió otra cantidad; se hizo una cotización nueva.',
  },
];

function haceDias(dias: number): string {
  const fecha = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  fecha.setUTCDate(fecha.getUTCDate() - dias);
  return fecha.toISOString().slice(0, 10);
}

/** Seeds the demo quotations; answers the id of the one the conversions demo bills. */
export async function sembrarCotizacionesDemo(tx: Tx, tenantId: number): Promise<string> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const idAlmacen = (await obtenerAlmacenPrincipal(ctx))._id;
  const { res } = await listarProductosPorAlmacen(ctx, FiltroPorAlmacen.parse({ limit: 500, idAlmacen }));
  const porCodigo = new Map(res.map((p) => [p.idCodigoDeBarra, p._id]));
  const contactos = new Map((await todosLosContactos(ctx)).map((c) => [c.nombre, c._id]));
  const ids: string[] = [];
  for (const [indice, demo] of COTIZACIONES.entries()) {
    const { cotizacionDb } = await crearCotizacion(ctx, [
      {
        idCliente: contactos.get(demo.cliente) ?? null,
        nombre: '',
        nombreOpcional: '',
        fechaEmision: haceDias(demo.diasAtras),
        hora: '10:30',
        vencimiento: haceDias(demo.diasAtras - 15),
        notaPieDePagina: demo.nota,
        notaInformacionInterna: '',
      },
      demo.lineas.map((l) => {
        const idProducto = porCodigo.get(l.codigo);
        if (!idProducto) {
          throw new Error(`El producto demo ${l.codigo} no existe`);
        }
        return { idProducto, cantidad: l.cantidad, nota: '', descuento: 0, paquete: false, variantes: [] };
      }),
      `demo-cotizacion-${indice + 1}`,
    ]);
    ids.push(cotizacionDb._id);
    if (demo.anulada) {
      await anularCotizacion(ctx, cotizacionDb._id, { tipoDeAnulacion: '', notaAnular: demo.anulada });
    }
  }
  // The hardware store's: billed on credit by the conversions demo.
  return ids[1] ?? '';
}
