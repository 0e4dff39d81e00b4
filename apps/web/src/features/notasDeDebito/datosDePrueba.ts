import type { DetalleCompra, DetalleNotaDeDebito, NotaDeDebito } from '@pos/contract';
import {
  compraDePrueba,
  detalleDeCompra,
  detalleDeOrden,
  proveedorDePrueba,
} from '../compras/datosDePrueba.ts';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json, servidorDePrueba } from '../facturas/servidorDePrueba.ts';

// Debit notes answered from memory for the component tests, on top of the invoice screens' fake API and
// the purchases' test data (a supplier, a purchase of 10 bags of rice at RD$200.00 before tax).

export const ID_COMPRA = compraDePrueba()._id;
export const ID_LINEA_COMPRA = idDe(760);

/** The purchase with its one line: 10 × Arroz Selecto 5 lb at 200 + ITBIS, owing RD$2,360.00. */
export function compraConLinea(): DetalleCompra {
  const [linea] = detalleDeOrden().lineaOrdenDeCompra;
  if (!linea) {
    throw new Error('La orden de prueba no tiene línea');
  }
  const { idOrdenDeCompra: _orden, ...resto } = linea;
  const compra = compraDePrueba({ totalGral: 2360, montoAPagar: 2360, pendiente: 2360 });
  return {
    ...detalleDeCompra(compra),
    lineasCompraDb: [{ ...resto, _id: ID_LINEA_COMPRA, idCompra: ID_COMPRA }],
  };
}

export function notaDeDebitoDePrueba(cambios: Partial<NotaDeDebito> = {}): NotaDeDebito {
  const compra = compraDePrueba();
  return {
    ...compra,
    _id: idDe(900),
    identificadorUnico: 'nota-debito-900',
    numeracionNombre: 'Notas de débito',
    comprobante: 'ND00000002',
    numeroNotaDeDebito: 2,
    tipoDeNotasDeDebito: 2,
    tipoDeNotasDeDebitoDgii: '',
    metodoDePago: '',
    idCompra: ID_COMPRA,
    ncfModificado: compra.ncf,
    fechaCompraModificada: compra.fechaEmision,
    CuentaContableDevolucionesAProveedores: {
      nombre: 'Devoluciones en compras',
      tipo: 'costos',
      idCuenta: idDe(950),
      codigoDeCuenta: '5102',
      naturaleza: 'acreedora',
    },
    idTurno: null,
    montoAplicado: 472,
    montoDevuelto: 0,
    montoPorCobrar: 0,
    costoTotal: 400,
    costoDeSalida: 400,
    subtotal: 400,
    impuestos: 72,
    totalGral: 472,
    ...cambios,
  };
}

/** Stubs `fetch` with the selling API plus the supplier, its purchase and the debit-note calls. */
export function servidorDeNotasDeDebito({
  notas = [notaDeDebitoDePrueba()],
  devuelta = 3,
  ...opciones
}: Parameters<typeof servidorDePrueba>[0] & { notas?: NotaDeDebito[]; devuelta?: number } = {}) {
  const detalle = (nota: NotaDeDebito): DetalleNotaDeDebito => ({
    notaDeDebitoDb: nota,
    lineasNotasDeDebito: [],
    lineasDevoluciones: [],
    lineasDebitoCompras: [],
  });
  return servidorDePrueba({
    contactos: [proveedorDePrueba()],
    ...opciones,
    extra: (metodo, url) => {
      if (url.pathname === '/api/compras-proveedores/lista-de-compras') {
        const compra = compraConLinea().compraDb;
        return json({ res: [compra], totalRows: 1 });
      }
      if (url.pathname === `/api/compras-proveedores/una/${ID_COMPRA}`) {
        return json(compraConLinea());
      }
      if (url.pathname === `/api/notas-de-debito/devuelto/${ID_COMPRA}`) {
        return json({
          pendiente: 2360,
          lineas: [{ idLineaCompra: ID_LINEA_COMPRA, comprada: 10, devuelta }],
        });
      }
      if (url.pathname === '/api/notas-de-debito/' && metodo === 'POST') {
        return json({ ...detalle(notaDeDebitoDePrueba()), solicitudDuplicada: false });
      }
      if (url.pathname === '/api/notas-de-debito/todas') {
        return json({ res: notas, totalRows: notas.length });
      }
      return undefined;
    },
  });
}
