import { CrearProducto } from '@pos/contract';
import { OPCIONES_DE_IMPUESTO } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { crearPlan } from '../configuracion/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearProducto } from '../productos/escritura.ts';

// Demo of the operator company (docs/empresas.md): a plan and the subscription service it bills, so the
// operator can register a company with its recurring subscription invoice on a fresh install.
export async function sembrarOperadorDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  await crearPlan(ctx, {
    identificadorUnico: 'demo-plan-emprendedor',
    descripcion: 'Plan Emprendedor',
    precio: 1500,
    frecuencia: 30,
    vigencia: 5,
    cantidadDeUsuarios: 3,
  });
  const [itbis] = OPCIONES_DE_IMPUESTO;
  await crearProducto(
    ctx,
    CrearProducto.parse([
      {
        nombre: 'Suscripción mensual, Plan Emprendedor',
        tipo: 'servicio',
        descripcion: 'Uso de la plataforma por un mes: hasta 3 usuarios.',
        productoInventariable: false,
        precioDeVenta: 1500,
        impuesto: itbis.name,
        impuestos: [itbis],
        excluirDelCatalogo: true,
      },
      [],
      'demo-producto-suscripcion-mensual',
    ]),
  );
}
