import { CrearProducto } from '@pos/contract';
import { fechaYHoraEnSantoDomingo, jornadaDelDia, OPCIONES_DE_IMPUESTO } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearProducto } from '../productos/escritura.ts';
import { hayServiciosReservables, servicioReservable } from '../productos/reservables.ts';
import { cambiarEstadoDeReservacion, crearReservacion } from './service.ts';

// Demo of the booking page (docs/reservaciones.md): a bookable service when the company has none, with
// the default week (Monday to Friday, 08:00 to 17:00) in 30-minute slots, and one confirmed booking at
// 10:00 of the next working day, so /reservaciones/servicios shows something on a fresh install.
export async function sembrarReservacionesDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  if (await hayServiciosReservables(ctx)) {
    return;
  }
  const [itbis] = OPCIONES_DE_IMPUESTO;
  const { producto } = await crearProducto(
    ctx,
    CrearProducto.parse([
      {
        nombre: 'Corte de cabello',
        tipo: 'servicio',
        descripcion: 'Corte y peinado con cita previa.',
        productoInventariable: false,
        precioDeVenta: 350,
        impuesto: itbis.name,
        impuestos: [itbis],
        reservable: true,
        duracionReserva: 30,
        excluirDelCatalogo: true,
      },
      [],
      'demo-servicio-reservable-1',
    ]),
  );
  const servicio = await servicioReservable(ctx, producto._id);
  const dia = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  do {
    dia.setUTCDate(dia.getUTCDate() + 1);
  } while (jornadaDelDia(servicio, dia.toISOString().slice(0, 10)) === null);
  const { reservacion } = await crearReservacion(ctx, {
    idServicio: servicio._id,
    fecha: dia.toISOString().slice(0, 10),
    horaDeInicio: '10:00',
    nombreCliente: 'María Rodríguez',
    telefonoCliente: '809-555-0142',
    nota: 'Primera visita',
    identificadorUnico: 'demo-reservacion-1',
  });
  await cambiarEstadoDeReservacion(ctx, reservacion._id, {
    nuevoEstado: 'Confirmada',
    motivoCambio: 'Confirmada por teléfono',
  });
}
