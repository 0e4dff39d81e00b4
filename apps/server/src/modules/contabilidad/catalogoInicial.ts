import type { CategoriaDeCuenta, ClaveDeAsignacion, Naturaleza, TipoDeCuenta } from '@pos/contract';

/** One account of the starting chart; tipo, naturaleza and categoria default to the parent's. */
export type CuentaInicial = {
  codigo: string;
  nombre: string;
  tipo?: TipoDeCuenta;
  naturaleza?: Naturaleza;
  categoria?: CategoriaDeCuenta;
  hijas?: CuentaInicial[];
};

function c(
  codigo: string,
  nombre: string,
  extra: Omit<CuentaInicial, 'codigo' | 'nombre'> = {},
): CuentaInicial {
  return { codigo, nombre, ...extra };
}

// The chart a new Dominican small business starts with: the six groups with the usual
// accounts of a shop, restaurant or service company, coded 1, 1.1, 1.1.01 …; contra accounts
// (provisions, depreciation, returns and discounts) carry the opposite nature of their group.
export const CATALOGO_INICIAL: CuentaInicial[] = [
  c('1', 'Activos', {
    tipo: 'activo',
    naturaleza: 'deudora',
    categoria: 'otros',
    hijas: [
      c('1.1', 'Activos corrientes', {
        hijas: [
          c('1.1.01', 'Efectivo y equivalentes de efectivo', {
            categoria: 'efectivo',
            hijas: [
              c('1.1.01.01', 'Caja general'),
              c('1.1.01.02', 'Caja chica'),
              c('1.1.01.03', 'Bancos', {
                categoria: 'bancos',
                hijas: [c('1.1.01.03.01', 'Banco principal (cuenta corriente)')],
              }),
              c('1.1.01.04', 'Tarjetas de crédito por liquidar'),
              c('1.1.01.05', 'Tarjetas de débito por liquidar'),
              c('1.1.01.06', 'Transferencias por confirmar'),
              // The bridge of transfers between the company's banks (docs/accounting.md).
              c('1.1.01.07', 'Traspasos entre cuentas bancarias'),
            ],
          }),
          c('1.1.02', 'Cuentas por cobrar', {
            categoria: 'cuentasPorCobrar',
            hijas: [
              c('1.1.02.01', 'Cuentas por cobrar clientes'),
              c('1.1.02.02', 'Cuentas por cobrar empleados'),
              c('1.1.02.03', 'Otras cuentas por cobrar'),
              c('1.1.02.04', 'Provisión para cuentas incobrables', { naturaleza: 'acreedora' }),
            ],
          }),
          c('1.1.03', 'Inventarios', {
            categoria: 'inventario',
            hijas: [
              c('1.1.03.01', 'Inventario de mercancías'),
              c('1.1.03.02', 'Inventario de materia prima'),
            ],
          }),
          c('1.1.04', 'Impuestos adelantados', {
            categoria: 'impuestosAFavor',
            hijas: [
              c('1.1.04.01', 'ITBIS adelantado (pagado en compras)'),
              c('1.1.04.02', 'ITBIS retenido por terceros'),
              c('1.1.04.03', 'ISR retenido por terceros'),
              c('1.1.04.04', 'Anticipos del impuesto sobre la renta'),
            ],
          }),
          c('1.1.05', 'Anticipos y pagos por adelantado', {
            hijas: [
              c('1.1.05.01', 'Anticipos a proveedores'),
              c('1.1.05.02', 'Seguros pagados por adelantado'),
            ],
          }),
        ],
      }),
      c('1.2', 'Activos no corrientes', {
        hijas: [
          c('1.2.01', 'Propiedad, planta y equipo', {
            hijas: [
              c('1.2.01.01', 'Terrenos'),
              c('1.2.01.02', 'Edificaciones'),
              c('1.2.01.03', 'Mobiliario y equipo de oficina'),
              c('1.2.01.04', 'Equipo de cómputo'),
              c('1.2.01.05', 'Vehículos'),
            ],
          }),
          c('1.2.02', 'Depreciación acumulada', {
            naturaleza: 'acreedora',
            hijas: [
              c('1.2.02.01', 'Depreciación acumulada de edificaciones'),
              c('1.2.02.02', 'Depreciación acumulada de mobiliario y equipos'),
              c('1.2.02.03', 'Depreciación acumulada de vehículos'),
            ],
          }),
          c('1.2.03', 'Otros activos', { hijas: [c('1.2.03.01', 'Depósitos en garantía')] }),
        ],
      }),
    ],
  }),
  c('2', 'Pasivos', {
    tipo: 'pasivo',
    naturaleza: 'acreedora',
    categoria: 'otros',
    hijas: [
      c('2.1', 'Pasivos corrientes', {
        hijas: [
          c('2.1.01', 'Cuentas por pagar', {
            categoria: 'cuentasPorPagar',
            hijas: [
              c('2.1.01.01', 'Cuentas por pagar proveedores'),
              c('2.1.01.02', 'Otras cuentas por pagar'),
              c('2.1.01.03', 'Tarjetas de crédito por pagar'),
            ],
          }),
          c('2.1.02', 'Impuestos por pagar', {
            categoria: 'impuestosPorPagar',
            hijas: [
              c('2.1.02.01', 'ITBIS por pagar'),
              c('2.1.02.02', 'ITBIS retenido a terceros por pagar'),
              c('2.1.02.03', 'ISR retenido a terceros por pagar'),
              c('2.1.02.04', 'Impuesto selectivo al consumo por pagar'),
              c('2.1.02.05', 'Otros impuestos por pagar'),
              c('2.1.02.06', 'Impuesto sobre la renta por pagar'),
            ],
          }),
          c('2.1.03', 'Obligaciones laborales', {
            hijas: [
              c('2.1.03.01', 'Sueldos por pagar'),
              c('2.1.03.02', 'Propina legal por pagar'),
              c('2.1.03.03', 'Seguridad social (TSS) por pagar'),
              c('2.1.03.04', 'INFOTEP por pagar'),
            ],
          }),
          c('2.1.04', 'Anticipos de clientes', {
            hijas: [c('2.1.04.01', 'Anticipos recibidos de clientes')],
          }),
          c('2.1.05', 'Préstamos por pagar a corto plazo', {
            hijas: [c('2.1.05.01', 'Préstamos bancarios a corto plazo')],
          }),
        ],
      }),
      c('2.2', 'Pasivos no corrientes', {
        hijas: [
          c('2.2.01', 'Préstamos por pagar a largo plazo', {
            hijas: [c('2.2.01.01', 'Préstamos bancarios a largo plazo')],
          }),
        ],
      }),
    ],
  }),
  c('3', 'Capital', {
    tipo: 'capital',
    naturaleza: 'acreedora',
    categoria: 'capital',
    hijas: [
      c('3.1', 'Patrimonio', {
        hijas: [
          c('3.1.01', 'Capital social'),
          c('3.1.02', 'Reserva legal'),
          c('3.1.03', 'Resultados acumulados'),
          c('3.1.04', 'Resultado del ejercicio'),
          c('3.1.05', 'Ajustes por saldos iniciales'),
          c('3.1.06', 'Retiros del propietario', { naturaleza: 'deudora' }),
        ],
      }),
    ],
  }),
  c('4', 'Ingresos', {
    tipo: 'ingresos',
    naturaleza: 'acreedora',
    categoria: 'ingresos',
    hijas: [
      c('4.1', 'Ingresos operacionales', {
        hijas: [
          c('4.1.01', 'Ventas de mercancías'),
          c('4.1.02', 'Ventas de servicios'),
          c('4.1.03', 'Devoluciones en ventas', { naturaleza: 'deudora' }),
          c('4.1.04', 'Descuentos en ventas', { naturaleza: 'deudora' }),
        ],
      }),
      c('4.2', 'Otros ingresos', {
        hijas: [
          c('4.2.01', 'Ingresos financieros (intereses bancarios)'),
          c('4.2.02', 'Sobrantes de inventario'),
          c('4.2.03', 'Sobrantes de caja'),
          c('4.2.04', 'Otros ingresos'),
        ],
      }),
    ],
  }),
  c('5', 'Costos', {
    tipo: 'costos',
    naturaleza: 'deudora',
    categoria: 'costos',
    hijas: [
      c('5.1', 'Costo de ventas', {
        hijas: [
          c('5.1.01', 'Costo de ventas de mercancías'),
          c('5.1.02', 'Costo de servicios prestados'),
          c('5.1.03', 'Devoluciones en compras', { naturaleza: 'acreedora' }),
          c('5.1.04', 'Fletes y acarreos en compras'),
        ],
      }),
    ],
  }),
  c('6', 'Gastos', {
    tipo: 'gastos',
    naturaleza: 'deudora',
    categoria: 'gastos',
    hijas: [
      c('6.1', 'Gastos de personal', {
        hijas: [
          c('6.1.01', 'Sueldos y salarios'),
          c('6.1.02', 'Aportes a la seguridad social (TSS)'),
          c('6.1.03', 'Regalía pascual y bonificaciones'),
          c('6.1.04', 'INFOTEP'),
        ],
      }),
      c('6.2', 'Gastos generales y administrativos', {
        hijas: [
          c('6.2.01', 'Alquileres'),
          c('6.2.02', 'Energía eléctrica'),
          c('6.2.03', 'Agua'),
          c('6.2.04', 'Teléfono e internet'),
          c('6.2.05', 'Combustibles y lubricantes'),
          c('6.2.06', 'Materiales de oficina y limpieza'),
          c('6.2.07', 'Reparaciones y mantenimiento'),
          c('6.2.08', 'Honorarios profesionales'),
          c('6.2.09', 'Publicidad y promoción'),
          c('6.2.10', 'Seguros'),
          c('6.2.11', 'Depreciación'),
          c('6.2.12', 'Gastos menores (caja chica)'),
          c('6.2.13', 'Faltantes de inventario'),
          c('6.2.14', 'Faltantes de caja'),
          c('6.2.15', 'Cuentas incobrables'),
          c('6.2.16', 'Otros gastos generales'),
        ],
      }),
      c('6.3', 'Gastos financieros', {
        hijas: [
          c('6.3.01', 'Comisiones y cargos bancarios'),
          c('6.3.02', 'Intereses pagados'),
          c('6.3.03', 'Comisiones por cobros con tarjeta'),
        ],
      }),
      c('6.4', 'Otros gastos', {
        hijas: [c('6.4.01', 'Impuestos y tasas municipales'), c('6.4.02', 'Gastos no deducibles')],
      }),
    ],
  }),
];

/** The account of the starting chart each posting uses until the company changes it. */
export const ASIGNACION_INICIAL: Record<ClaveDeAsignacion, string> = {
  cajaGeneral: '1.1.01.01',
  cajaChica: '1.1.01.02',
  bancos: '1.1.01.03.01',
  tarjetasDeCredito: '1.1.01.04',
  tarjetasDeDebito: '1.1.01.05',
  transferencias: '1.1.01.06',
  cuentasPorCobrarClientes: '1.1.02.01',
  inventario: '1.1.03.01',
  itbisAdelantado: '1.1.04.01',
  itbisRetenidoPorTerceros: '1.1.04.02',
  isrRetenidoPorTerceros: '1.1.04.03',
  anticiposAProveedores: '1.1.05.01',
  cuentasPorPagarProveedores: '2.1.01.01',
  itbisPorPagar: '2.1.02.01',
  itbisRetenidoPorPagar: '2.1.02.02',
  isrRetenidoPorPagar: '2.1.02.03',
  iscPorPagar: '2.1.02.04',
  otrosImpuestosPorPagar: '2.1.02.05',
  propinaLegalPorPagar: '2.1.03.02',
  anticiposDeClientes: '2.1.04.01',
  ajustesPorSaldosIniciales: '3.1.05',
  ventasDeMercancias: '4.1.01',
  ventasDeServicios: '4.1.02',
  devolucionesEnVentas: '4.1.03',
  descuentosEnVentas: '4.1.04',
  ingresosFinancieros: '4.2.01',
  sobrantesDeInventario: '4.2.02',
  sobrantesDeCaja: '4.2.03',
  costoDeVentas: '5.1.01',
  devolucionesEnCompras: '5.1.03',
  gastosMenores: '6.2.12',
  faltantesDeInventario: '6.2.13',
  faltantesDeCaja: '6.2.14',
  gastosBancarios: '6.3.01',
  transferenciasBancarias: '1.1.01.07',
};
