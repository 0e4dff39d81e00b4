import { CrearEntradaDeDiario, CrearGastoMenor } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { cuentaAsignada, cuentasDeGastos } from '../contabilidad/service.ts';
import { crearEntradaDeDiario } from '../entradasDeDiario/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearGastoMenor } from './crear.ts';

// Demo minor expense (spec 001 §3 "Minor expense"): office supplies and fuel paid from the petty cash
// two days ago, so the list and the view show something on a fresh install. The petty cash is funded
// first, the day before, by a cheque on the main bank (a manual journal entry: Dr caja chica / Cr banco),
// so the demo's balance sheet never shows a negative petty cash.
export async function sembrarGastosMenoresDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const porCodigo = new Map((await cuentasDeGastos(ctx)).map((c) => [c.codigoDeCuenta, c.idCuenta]));
  const dia = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  dia.setUTCDate(dia.getUTCDate() - 2);
  const fecha = dia.toISOString().slice(0, 10);
  dia.setUTCDate(dia.getUTCDate() - 1);
  const cajaChica = await cuentaAsignada(ctx, 'cajaChica');
  const banco = await cuentaAsignada(ctx, 'bancos');
  await crearEntradaDeDiario(
    ctx,
    CrearEntradaDeDiario.parse({
      identificadorUnico: 'demo-fondo-caja-chica',
      camposGenerales: {
        fecha: dia.toISOString().slice(0, 10),
        descripcionGeneral: 'Fondo de caja chica (cheque del banco principal)',
      },
      lineas: [
        { cuentaContable: { idCuenta: cajaChica.idCuenta }, debito: 5000, credito: 0 },
        { cuentaContable: { idCuenta: banco.idCuenta }, debito: 0, credito: 5000 },
      ],
    }),
  );
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
