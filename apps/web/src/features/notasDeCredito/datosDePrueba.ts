import type { DetalleNotaDeCredito, NotaDeCredito } from '@pos/contract';
import { conduceDePrueba } from '../conduces/datosDePrueba.ts';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json, servidorDePrueba } from '../facturas/servidorDePrueba.ts';

// Credit notes answered from memory for the component tests, on top of the invoice screens' fake API.

export function notaDePrueba(cambios: Partial<NotaDeCredito> = {}): NotaDeCredito {
  const {
    tipo: _t,
    idFactura: _f,
    totalGraltemRetirados: _r,
    ...cabecera
  } = conduceDePrueba({
    _id: idDe(950),
    comprobante: 'B0400000001',
    numeracionNombre: 'Notas de crédito',
  });
  return {
    ...cabecera,
    numeroNotaDeCredito: 1,
    tipoDeNotasDeCredito: 1,
    tipoDeNotasDeCreditoDgii: '',
    metodoDePago: '',
    idFactura: idDe(1001),
    ncfModificado: 'B0200000001',
    fechaFacturaModificada: '2026-11-20',
    CuentaContableDevolucionesDeClientes: {
      idCuenta: idDe(960),
      nombre: 'Devoluciones en ventas',
      codigoDeCuenta: '4.1.03',
      tipo: 'ingresos',
      naturaleza: 'deudora',
    },
    desdePos: false,
    idTerminal: null,
    idTurno: null,
    montoAplicado: 0,
    montoDevuelto: 0,
    montoCredito: 0,
    idCreditoAFavor: null,
    costoTotal: 0,
    ...cambios,
  };
}

/** A note that returned `cantidad` of one invoice line. */
export function detalleDeNotaDePrueba(
  nota: NotaDeCredito,
  lineas: Array<{ idLineaFactura: string; cantidad: number }>,
): DetalleNotaDeCredito {
  return {
    notaDeCreditoDb: nota,
    lineasNotasDeCredito: lineas.map((l, i) => ({
      _id: idDe(970 + i),
      orden: i,
      idNotaDeCredito: nota._id,
      idLineaFactura: l.idLineaFactura,
      idProducto: idDe(300),
      idCodigoDeBarra: '',
      descripcion: 'Arroz Selecto 5 lb',
      nota: '',
      cantidad: l.cantidad,
      precio: '207.627118644068',
      descuento: 0,
      descuentoParaSocios: 0,
      impuestos: [{ name: 'ITBIS 18%', tipoDeImpuesto: 'ITBIS', tasa: 0.18 }],
      paquete: false,
      variantes: [],
      importe: 207.63,
      montoDescuento: 0,
      subtotal: 207.63,
      totalImpuestos: 37.37,
      total: 245,
      costo: '150',
    })),
    lineasDevoluciones: [],
    lineasCreditoFacturas: [],
  };
}

/** Stubs `fetch` with the selling API plus the /notas-de-credito/ calls the screens make. */
export function servidorDeNotas({
  notas = [] as DetalleNotaDeCredito[],
  ...opciones
}: Parameters<typeof servidorDePrueba>[0] & { notas?: DetalleNotaDeCredito[] } = {}) {
  return servidorDePrueba({
    ...opciones,
    extra: (metodo, url, cuerpo) => {
      const propia = opciones.extra?.(metodo, url, cuerpo);
      if (propia) {
        return propia;
      }
      if (url.pathname === '/api/notas-de-credito/todas') {
        return json({ res: notas.map((n) => n.notaDeCreditoDb), totalRows: notas.length });
      }
      if (url.pathname === '/api/notas-de-credito/' && metodo === 'POST') {
        const nueva = notaDePrueba({ _id: idDe(951), comprobante: 'B0400000002' });
        return json({ ...detalleDeNotaDePrueba(nueva, []), solicitudDuplicada: false });
      }
      // What the notes in force (not the one being edited) returned of each line, as the server answers.
      const devuelto = /^\/api\/notas-de-credito\/devuelto\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (devuelto && metodo === 'GET') {
        const excepto = url.searchParams.get('excepto');
        const porLinea = new Map<string, number>();
        for (const n of notas) {
          const d = n.notaDeCreditoDb;
          if (d.idFactura === devuelto[1] && d.estado !== 'Anulado' && d._id !== excepto) {
            for (const l of n.lineasNotasDeCredito) {
              porLinea.set(l.idLineaFactura, (porLinea.get(l.idLineaFactura) ?? 0) + l.cantidad);
            }
          }
        }
        return json({
          // The test invoices were paid in full at the sale: all of it can go back in money.
          dineroDevolvible: 100_000,
          lineas: [...porLinea].map(([idLineaFactura, devuelta]) => ({
            idLineaFactura,
            vendida: 0,
            devuelta,
          })),
        });
      }
      const una = /^\/api\/notas-de-credito\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (una && metodo === 'GET') {
        const detalle = notas.find((n) => n.notaDeCreditoDb._id === una[1]) ?? {
          ...detalleDeNotaDePrueba(notaDePrueba({ _id: una[1] }), []),
        };
        return json(detalle);
      }
      return undefined;
    },
  });
}
