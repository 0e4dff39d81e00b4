import type {
  Contacto,
  DetalleFactura,
  DocumentosDelTurno,
  Factura,
  ListaDePrecio,
  Perfil,
  ProductoAgregado,
  SolicitudDeAnulacion,
  Turno,
} from '@pos/contract';
import { vi } from 'vitest';
import type { z } from 'zod';
import { perfilDePrueba, todosLosPrivilegios } from '../../testing/render.tsx';
import {
  contactoDePrueba,
  detalleDePrueba,
  EMPRESA_DE_PRUEBA,
  facturaDePrueba,
  ID_ALMACEN_PRINCIPAL,
  idDe,
  LISTAS_DE_PRUEBA,
  productosDePrueba,
} from './datosDePrueba.ts';

// A fake API for the invoice, shift and audit screens' component tests: the calls they make, answered
// from memory (in the style of features/productos/servidorDePrueba.ts).

export type Llamada = { metodo: string; url: URL; cuerpo: unknown };

export function json(cuerpo: unknown, status = 200): Response {
  return new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
}

export function respuestaDeError(
  status: number,
  message: string,
  datos: Record<string, unknown> = {},
): Response {
  return json({ statusCode: status, error: 'Error', message, errores: [], ...datos }, status);
}

/** `n` invoices with varied states, numbers B0200000001… and totals. */
export function facturasDePrueba(n: number): Factura[] {
  return Array.from({ length: n }, (_, i) => {
    const numero = i + 1;
    const estados: Array<Partial<Factura>> = [
      { estadoDelCobro: 'Cobrada' },
      { estadoDelCobro: 'Por Cobrar', pendiente: 500, cobrado: 860, plazoPagos: 30 },
      { estado: 'Anulado', estadoDelCobro: 'Anulado', activo: false },
      { estado: 'Por-Anular', estadoDelCobro: 'Por-Anular', autorizacion: 'Pendiente' },
    ];
    return facturaDePrueba({
      _id: idDe(1000 + numero),
      numeroFactura: numero,
      comprobante: `B02${String(numero).padStart(8, '0')}`,
      nombre: `Cliente ${String(numero).padStart(2, '0')}`,
      ...estados[i % 4],
    });
  });
}

export function turnoDePrueba(cambios: Partial<Turno> = {}): Turno {
  return {
    _id: idDe(80),
    idTerminalRef: idDe(70),
    nombreTerminal: 'Caja 1',
    idUserRef: idDe(90),
    nombreUsuario: 'maria',
    estadoDelTurno: true,
    fechaDeInicio: '2026-11-22T12:00:00.000Z',
    fechaDeCierre: null,
    montoDeInicio: 2000,
    montoDeCierre: null,
    desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 2 }],
    desgloseDeEfectivo: [],
    descripcion: '',
    detallesDeCierre: '',
    efectivo: 1360,
    tarjetaCredito: 500,
    tarjetaDebito: 0,
    transferencia: 0,
    cheque: 0,
    credito: 0,
    ingresoDeEfectivo: 0,
    retiroDeEfectivo: 0,
    devolucionesDeEfectvo: 0,
    totalGral: 1860,
    totalEnCaja: 3360,
    diferencia: null,
    cantidadDeFacturas: 2,
    ...cambios,
  };
}

export function solicitudDePrueba(cambios: Partial<SolicitudDeAnulacion> = {}): SolicitudDeAnulacion {
  return {
    _id: idDe(600),
    tipoDocumento: 'factura',
    idDocumento: idDe(1),
    numeracioDocumento: 'B0200000128',
    estado: 'Por-Anular',
    autorizacion: 'Pendiente',
    tipoDeAnulacion: '4',
    notaAnular: 'El cliente pidió otro RNC',
    notaAutorizacion: '',
    idUsuario: idDe(90),
    nombreUsuario: 'maria',
    idSupervisor: null,
    nombreSupervisor: '',
    total: 1360,
    fecha: '2026-11-22T19:00:00.000Z',
    resueltaEn: null,
    ...cambios,
  };
}

type Opciones = {
  facturas?: Factura[];
  perfil?: Perfil;
  turno?: Turno | null;
  solicitudes?: SolicitudDeAnulacion[];
  /** The active price lists (LISTAS_DE_PRUEBA when absent). */
  listas?: ListaDePrecio[];
  /** What agregarproducto finds, by code or _id (productosDePrueba() when absent). */
  productos?: Array<z.infer<typeof ProductoAgregado>>;
  /** The customers the invoice's customer search finds. */
  contactos?: Contacto[];
  /** Replaces parts of every GET /factura/una answer (credit notes, credits in favour, payments). */
  detalle?: Partial<DetalleFactura>;
  /** The shift summary's credit notes and credit-in-favour transactions (none when absent). */
  devolucionesDelTurno?: Pick<DocumentosDelTurno, 'notasDeCredito' | 'creditosAFavor'>;
  /** The general configuration's logo (its stored file name). */
  avatar?: string | null;
  /** Answers first; return undefined to fall through to the default answers. */
  extra?: (metodo: string, url: URL, cuerpo: unknown) => Response | undefined;
};

/** Stubs `fetch` with the selling API. Returns the calls made. */
export function servidorDePrueba(opciones: Opciones = {}): Llamada[] {
  const llamadas: Llamada[] = [];
  const facturas = opciones.facturas ?? facturasDePrueba(30);
  const perfil = opciones.perfil ?? perfilDePrueba({ _id: idDe(90), privilegios: todosLosPrivilegios() });
  let turno = opciones.turno === undefined ? turnoDePrueba() : opciones.turno;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      llamadas.push({ metodo, url, cuerpo });
      const propia = opciones.extra?.(metodo, url, cuerpo);
      if (propia) {
        return propia;
      }
      const ruta = url.pathname;
      if (ruta === '/api/profile') {
        return json(perfil);
      }
      if (ruta === '/api/general/1001') {
        return json({
          _id: 1001,
          avatar: opciones.avatar ?? null,
          imagenDePortada: null,
          bannerPublicitario: null,
          usoCodigoDeBalanza: false,
          colorLinkCatalogo: '#1c7ed6',
          habilitarSecciones: false,
          configGeneral: [{ ...EMPRESA_DE_PRUEBA, correo: '' }],
        });
      }
      // The invoice form: warehouses, numberings, price lists, the product finder, the customer search.
      if (ruta === '/api/almacen/principal' || ruta === '/api/almacen/') {
        const principal = {
          _id: ID_ALMACEN_PRINCIPAL,
          identificadorUnico: 'almacen-principal-1',
          nombre: 'Almacén Principal',
          numeroAlmacen: 1,
          estado: 'Activo',
          autorizacion: null,
          notaAnular: '',
        };
        return json(ruta === '/api/almacen/' ? { res: [principal], totalRows: 1 } : principal);
      }
      if (ruta === '/api/numeracion/') {
        return json([]);
      }
      if (ruta === '/api/listas-precio/') {
        const listas = opciones.listas ?? LISTAS_DE_PRUEBA;
        return json({ res: listas, totalRows: listas.length });
      }
      if (ruta === '/api/registro-productos/agregarproducto') {
        const { idCodigoDeBarra } = cuerpo as { idCodigoDeBarra: string };
        const producto = (opciones.productos ?? productosDePrueba()).find(
          (p) => p.idCodigoDeBarra === idCodigoDeBarra || p._id === idCodigoDeBarra,
        );
        return producto
          ? json(producto)
          : respuestaDeError(404, 'Producto no disponible en el almacén seleccionado.');
      }
      if (ruta === '/api/cliente/contactos') {
        const texto = ((cuerpo as { input?: string }).input ?? '').toLowerCase();
        const encontrados = (opciones.contactos ?? [contactoDePrueba()]).filter((c) =>
          `${c.nombre} ${c.rnc}`.toLowerCase().includes(texto),
        );
        return json({ res: encontrados, totalRows: encontrados.length });
      }
      if (ruta === '/api/factura/lista-de-facturas') {
        const filtro = cuerpo as { input?: string; page?: number; limit?: number; buscarPorEstado?: boolean };
        const texto = (filtro.input ?? '').toLowerCase();
        const encontradas = facturas.filter(
          (f) =>
            (filtro.buscarPorEstado ? f.estado !== 'Activo' : f.activo) &&
            `${f.comprobante} ${f.nombre}`.toLowerCase().includes(texto),
        );
        const pagina = filtro.page ?? 1;
        const limite = filtro.limit ?? 25;
        return json({
          res: encontradas.slice((pagina - 1) * limite, pagina * limite),
          totalRows: encontradas.length,
          totalGeneral: Math.round(encontradas.reduce((s, f) => s + f.total * 100, 0)) / 100,
        });
      }
      const una = /^\/api\/factura\/una\/([0-9a-f-]{36})$/.exec(ruta);
      if (una) {
        const factura = facturas.find((f) => f._id === una[1]);
        return factura
          ? json({ ...detalleDePrueba(factura), ...opciones.detalle })
          : respuestaDeError(404, 'La factura no existe.');
      }
      const anular = /^\/api\/factura\/anular\/([0-9a-f-]{36})$/.exec(ruta);
      if (anular && metodo === 'PUT') {
        const factura = facturas.find((f) => f._id === anular[1]) ?? facturaDePrueba({ _id: anular[1] });
        return json({ facturadb: { ...factura, estado: 'Por-Anular' }, resultado: 'solicitada' });
      }
      if (/^\/api\/email\/factura\//.test(ruta) && metodo === 'POST') {
        return json({ message: 'Factura enviada por correo.' });
      }
      if (/^\/api\/turno\/actual\//.test(ruta)) {
        return json({ turnoEnCurso: turno, estadoDelTurno: turno !== null });
      }
      if (ruta === '/api/terminales/') {
        return json({
          res: [
            {
              _id: idDe(70),
              identificadorUnico: 'terminal-1-xxxx',
              nombre: 'Caja 1',
              descripcion: '',
              numeracionFacturas: null,
              numeracionDevoluciones: null,
              numeracionReciboDeCaja: null,
              almacenPorDefecto: null,
              usuariosViculados: [],
              cuentaDeTransferencias: null,
              cuentaDeTarjetaDeCredito: null,
              cuentaDeTarjetaDeDebitos: null,
              bancoInicioDeTurno: null,
              bancoCierreDeTurno: null,
              predeterminado: true,
              cuentaPagoAnticiposClientes: null,
              cajaDefectvoIdRef: null,
              cuentaContableBanco: null,
            },
          ],
          totalRows: 1,
        });
      }
      if (ruta === '/api/turno/' && metodo === 'POST') {
        const entradaTurno = cuerpo as {
          desgloseDeEfectivoApertura: Array<{ monto: number; cantidad: number }>;
        };
        const monto = entradaTurno.desgloseDeEfectivoApertura.reduce((s, l) => s + l.monto * l.cantidad, 0);
        turno = turnoDePrueba({
          montoDeInicio: monto,
          totalEnCaja: monto,
          efectivo: 0,
          tarjetaCredito: 0,
          totalGral: 0,
        });
        return json(turno);
      }
      if (/^\/api\/turno\/[0-9a-f-]{36}$/.test(ruta) && metodo === 'PATCH') {
        const cierre = cuerpo as { desgloseDeEfectivo: Array<{ monto: number; cantidad: number }> };
        const contado = cierre.desgloseDeEfectivo.reduce((s, l) => s + l.monto * l.cantidad, 0);
        const cerrado = turnoDePrueba({
          ...turno,
          estadoDelTurno: false,
          fechaDeCierre: '2026-11-22T22:00:00.000Z',
          montoDeCierre: contado,
          diferencia: contado - (turno?.totalEnCaja ?? 0),
        });
        turno = null;
        return json(cerrado);
      }
      if (ruta === '/api/factura/r-documentos-del-turno') {
        // The one whose cancellation waits for approval still counts with the cash ones.
        const [contado, credito, anulada, porAnular] = facturasDePrueba(4);
        return json({
          turno: turno ?? turnoDePrueba(),
          facturasAlContado: [contado, porAnular],
          facturasACredito: [credito],
          facturasAnuladas: [anulada],
          notasDeCredito: opciones.devolucionesDelTurno?.notasDeCredito ?? [],
          creditosAFavor: opciones.devolucionesDelTurno?.creditosAFavor ?? [],
          porMetodoDePago: [
            { metodo: 'Efectivo', cantidad: 1, monto: 1360 },
            { metodo: 'Tarjeta', cantidad: 1, monto: 500 },
          ],
          totalFacturado: 2720,
          totalItbis: 327.98,
        });
      }
      if (ruta === '/api/factura/productos-vendidos-del-turno') {
        return json({
          res: [{ idProducto: idDe(301), descripcion: 'Arroz Selecto 5 lb', cantidad: 4, total: 980 }],
        });
      }
      if (ruta === '/api/users/solicitud-Anulacion/') {
        const filtro = cuerpo as { estado?: string };
        const lista = (opciones.solicitudes ?? [solicitudDePrueba()]).filter(
          (s) => !filtro.estado || filtro.estado === 'Todas' || s.autorizacion === filtro.estado,
        );
        return json({ data: lista, total: lista.length });
      }
      return respuestaDeError(404, `No existe ${metodo} ${ruta}`);
    }),
  );
  return llamadas;
}
