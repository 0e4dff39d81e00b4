import { CrearExpediente } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { filas, type Tx } from '../../db/client.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearExpediente } from './escritura.ts';

// Demo case file (spec 002 §3 "Case file"): the sale of a used car to one of the demo clients, with two
// processes (the registration transfer and the delivery), tasks in each state, the sale contract written
// from its template and a note in the timeline, so the list and the view show something on a fresh install.
export async function sembrarExpedientesDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const [cliente] = await filas<{ id: string }>(
    tx,
    sql`select id from contactos where tenant_id = ${tenantId} and estado = 'Activo'
          and tipo_de_contacto <> 'proveedor' and rnc <> '' order by nombre limit 1`,
  );
  if (!cliente) {
    return;
  }
  const dia = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  dia.setUTCDate(dia.getUTCDate() - 3);
  const fechaEmision = dia.toISOString().slice(0, 10);
  await crearExpediente(
    ctx,
    CrearExpediente.parse({
      identificadorUnico: 'demo-expediente-1',
      expedienteCabecera: {
        idCliente: cliente.id,
        fechaEmision,
        hora: '10:30',
        nota: 'Venta de Toyota Corolla 2018 usado; traspaso a cargo de la empresa.',
      },
      lineasExpediente: [
        {
          nombre: 'Traspaso de matrícula',
          descripcion: 'Traspaso en la DGII a nombre del comprador',
          estado: 'EnProceso',
          tareas: [
            { nombre: 'Recibir la matrícula original', estado: 'Finalizado' },
            { nombre: 'Pagar el impuesto de traspaso', estado: 'EnProceso' },
            { nombre: 'Retirar la nueva matrícula', estado: 'Pendiente' },
          ],
          documentContent: [{ nombre: 'Contrato de venta de vehículo', file: 'contratoVentaVehiculo' }],
          eventos: [{ descripcion: 'El cliente firmó el contrato de venta', fecha: fechaEmision }],
        },
        {
          nombre: 'Entrega del vehículo',
          tareas: [
            { nombre: 'Revisión mecánica', estado: 'Finalizado' },
            { nombre: 'Entregar llaves y placa', estado: 'Pendiente' },
          ],
          documentContent: [{ nombre: 'Certificación de vehículo', file: 'certificacionVehiculo' }],
        },
      ],
    }),
    undefined,
  );
}
