import { CrearGastoMenor } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { cuentasDeGastos } from '../contabilidad/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearGastoMenor } from './crear.ts';

// Demo minor expense (spec 001 §3 "Minor expense"): office supplies and fuel paid from the petty cash
// two days ago, so the list and the view show something on a fresh install.
export async function sembrarGastosMenoresDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const porCodigo = new Map((await cuentasDeGastos(ctx)).map((c) => [c.codigoDeCuenta, c.idCuenta]));
  const dia = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  dia.setUTCDate(dia.getUTCDate() - 2);
  const fecha = dia.toISOString().slice(0, 10);
  await crearGastoMenor(
    ctx,
    CrearGastoMenor.parse({
      identificadorUnico: 'demo-gasto-menor-1',
      fechaDeEmision: fecha,
      descripcion: 'Caja chica de la semana',
      listaDeGastos: [
        {
          cuentaContable: { idCuenta: porCodigo.get('6.2.06') },
          importe: 850,
          impuestos: 153,
          nota: 'Papel, tinta y artículos de limpieza',
        },
        {
          cuentaContable: { idCuenta: porCodigo.get('6.2.05') },
          importe: 1500,
          nota: 'Combustible para la motocicleta de entregas',
        },
      ],
    }),
  );
}
