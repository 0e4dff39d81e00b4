import { CrearEntradaDeDiario, type NodoCuenta } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { listarCentrosDeCosto } from '../centrosDeCosto/service.ts';
import { obtenerCatalogo } from '../contabilidad/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearEntradaDeDiario } from './service.ts';

function codigos(nodos: readonly NodoCuenta[], mapa = new Map<string, string>()): Map<string, string> {
  for (const nodo of nodos) {
    mapa.set(nodo.codigoDeCuenta, nodo.id);
    codigos(nodo.children, mapa);
  }
  return mapa;
}

/**
 * Demo manual journal entries (spec 002 §3 "Accounting"): the month's depreciation, a payroll split
 * between two cost centres and an insurance amortisation, dated the last few days, so the list, the view
 * and the journal show manual entries on a fresh install. None touches a bank account (the
 * reconciliation demo runs after this one).
 */
export async function sembrarEntradasDeDiarioDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const cuenta = codigos((await obtenerCatalogo(ctx)).treeData);
  const centros = new Map(
    (await listarCentrosDeCosto(ctx, { limit: 500, input: '', activos: false })).res.map((c) => [
      c.identificadorUnico,
      c._id,
    ]),
  );
  const hace = (dias: number) => {
    const dia = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
    dia.setUTCDate(dia.getUTCDate() - dias);
    return dia.toISOString().slice(0, 10);
  };
  const linea = (codigo: string, debito: number, credito: number, extra: Record<string, unknown> = {}) => ({
    cuentaContable: { idCuenta: cuenta.get(codigo) },
    debito,
    credito,
    ...extra,
  });
  const entradas = [
    {
      clave: 'depreciacion',
      fecha: hace(5),
      descripcion: 'Depreciación mensual',
      lineas: [
        linea('6.2.11', 2500, 0, {
          idCentroDeCosto: centros.get('demo-centro-administracion'),
          nota: 'Depreciación de mobiliario y equipos',
        }),
        linea('1.2.02.02', 0, 2500, { nota: 'Depreciación de mobiliario y equipos' }),
      ],
    },
    {
      clave: 'nomina',
      fecha: hace(3),
      descripcion: 'Nómina de la primera quincena',
      lineas: [
        linea('6.1.01', 30000, 0, {
          idCentroDeCosto: centros.get('demo-centro-tienda'),
          nota: 'Personal de la tienda',
        }),
        linea('6.1.01', 15000, 0, {
          idCentroDeCosto: centros.get('demo-centro-santiago'),
          nota: 'Personal de Santiago',
        }),
        linea('2.1.03.01', 0, 45000, { nota: 'Quincena por pagar' }),
      ],
    },
    {
      clave: 'seguro',
      fecha: hace(1),
      descripcion: 'Amortización del seguro del local',
      lineas: [
        linea('6.2.10', 1800, 0, { idCentroDeCosto: centros.get('demo-centro-tienda') }),
        linea('1.1.05.02', 0, 1800),
      ],
    },
  ];
  for (const e of entradas) {
    await crearEntradaDeDiario(
      ctx,
      CrearEntradaDeDiario.parse({
        identificadorUnico: `demo-entrada-de-diario-${e.clave}`,
        camposGenerales: { fecha: e.fecha, descripcionGeneral: e.descripcion },
        lineas: e.lineas,
      }),
    );
  }
}
