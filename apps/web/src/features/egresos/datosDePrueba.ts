import {
  CATEGORIAS_DE_CUENTA,
  type CompraPendiente,
  type DetalleEgreso,
  type Egreso,
  type LineaEgreso,
  type NodoCuenta,
} from '@pos/contract';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json, servidorDePrueba } from '../facturas/servidorDePrueba.ts';

// Payments out as the API answers them, for the payment-out and withdrawal screens' tests.

export const CAJA = {
  idCuenta: idDe(11),
  nombre: 'Caja general',
  codigoDeCuenta: '1.1.01',
  tipo: 'activo',
  naturaleza: 'deudora',
} as const;
export const DEPOSITOS = {
  idCuenta: idDe(12),
  nombre: 'Banco Popular',
  codigoDeCuenta: '1.1.02',
  tipo: 'activo',
  naturaleza: 'deudora',
} as const;
export const GASTOS_VARIOS = {
  idCuenta: idDe(13),
  nombre: 'Gastos varios',
  codigoDeCuenta: '6.1.09',
  tipo: 'gastos',
  naturaleza: 'deudora',
} as const;

function hoja(c: typeof CAJA | typeof DEPOSITOS | typeof GASTOS_VARIOS): NodoCuenta {
  const { idCuenta, ...resto } = c;
  return { id: idCuenta, ...resto, categoria: 'efectivo', children: [] };
}

/** A small chart: assets with the cash box and a bank, and one expense account. */
export const CATALOGO_DE_PRUEBA = {
  _id: '1',
  treeData: [
    {
      id: idDe(20),
      nombre: 'Activos',
      codigoDeCuenta: '1',
      tipo: 'activo',
      naturaleza: 'deudora',
      categoria: 'efectivo',
      children: [hoja(CAJA), hoja(DEPOSITOS)],
    },
    {
      id: idDe(21),
      nombre: 'Gastos',
      codigoDeCuenta: '6',
      tipo: 'gastos',
      naturaleza: 'deudora',
      categoria: 'efectivo',
      children: [hoja(GASTOS_VARIOS)],
    },
  ] satisfies NodoCuenta[],
  // Every list is present (the contract's record is keyed by every category).
  listas: Object.fromEntries(CATEGORIAS_DE_CUENTA.map((c) => [c, []])),
};

export function egresoDePrueba(cambios: Partial<Egreso> = {}): Egreso {
  return {
    _id: idDe(800),
    identificadorUnico: 'egreso-1',
    idNumeracion: idDe(3),
    numeracionNombre: 'Egresos',
    numero: 4,
    comprobante: 'EGR00000004',
    tipoDeEgreso: false,
    idCliente: null,
    nombreProveedor: '',
    fechaDeEmision: '2026-11-22',
    formaDePago: 'Efectivo',
    cuentaContableCredito: CAJA,
    cuentaPorPagarProveedores: null,
    idCentroDeCosto: null,
    centroDeCosto: '',
    desdeElpos: { desdePos: true, idTerminalRef: idDe(70), idUsuarioDelTurno: idDe(90) },
    idTurnoRef: idDe(80),
    total: 500,
    detalles: '',
    estado: 'Activo',
    autorizacion: null,
    notaAnular: '',
    notaAutorizacion: '',
    idUsuarioCreador: idDe(90),
    creadoPor: 'maria',
    creadoEn: '2026-11-22T15:00:00.000Z',
    ...cambios,
  };
}

export function lineaDeEgresoDePrueba(cambios: Partial<LineaEgreso> = {}): LineaEgreso {
  return {
    _id: idDe(801),
    idEgresosRef: idDe(800),
    idCompra: null,
    comprobanteCompra: '',
    ncfCompra: '',
    numeroCompra: null,
    total: 0,
    balancePendiente: 0,
    cobrado: 0,
    montoNotaDeDebitoRef: 0,
    cuentaContableDebito: DEPOSITOS,
    importe: 500,
    nota: 'Depósito al banco',
    ...cambios,
  };
}

export function compraPendienteDePrueba(cambios: Partial<CompraPendiente> = {}): CompraPendiente {
  return {
    _id: idDe(900),
    idCliente: idDe(600),
    nombre: 'Distribuidora Caribe',
    rnc: '130000001',
    comprobante: 'CMP00000012',
    ncf: 'B0100000345',
    numeroCompra: 12,
    fechaEmision: '2026-11-10',
    vencimiento: '2026-12-10',
    total: 11_800,
    montoAPagar: 11_800,
    cobrado: 1_800,
    montoNotaDeDebitoRef: 0,
    pendiente: 10_000,
    estadoDePago: 'Por Pagar',
    ...cambios,
  };
}

type Opciones = Parameters<typeof servidorDePrueba>[0] & {
  /** The payment GET /recibos-egresos/{id} answers (a withdrawal of RD$500 when absent). */
  detalle?: DetalleEgreso;
  pendientes?: CompraPendiente[];
};

/** The selling API of servidorDePrueba plus the payments-out calls and the chart of accounts. */
export function servidorDeEgresos({ detalle, pendientes = [], ...opciones }: Opciones = {}) {
  const guardado = detalle ?? { res: [lineaDeEgresoDePrueba()], egresoReferenciadoGral: egresoDePrueba() };
  return servidorDePrueba({
    ...opciones,
    extra: (metodo, url, cuerpo) => {
      const propia = opciones.extra?.(metodo, url, cuerpo);
      if (propia) {
        return propia;
      }
      if (url.pathname === '/api/catalogo-de-cuentas/') {
        return json(CATALOGO_DE_PRUEBA);
      }
      if (url.pathname === '/api/recibos-egresos/pendientes/') {
        return json({ res: pendientes });
      }
      if (url.pathname === '/api/recibos-egresos/' && metodo === 'POST') {
        return json(guardado.res.map((l) => ({ ...l, solicitudDuplicada: false })));
      }
      if (url.pathname === '/api/recibos-egresos/update/' && metodo === 'PUT') {
        return json(guardado);
      }
      if (
        url.pathname === `/api/recibos-egresos/${guardado.egresoReferenciadoGral._id}` &&
        metodo === 'GET'
      ) {
        return json(guardado);
      }
      return undefined;
    },
  });
}
