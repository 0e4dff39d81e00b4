import type { Tx } from '../../db/client.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearCentroDeCosto, crearOpcionEntradaDeDiario } from './service.ts';

// Demo cost centres and journal-entry options (spec 002 §3 "Accounting"), seeded before the documents so
// their forms offer them on a fresh install.
export async function sembrarCentrosDeCostoDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  for (const [clave, nombre, descripcion] of [
    ['tienda', 'Tienda principal', 'Ventas y gastos del local de Santo Domingo'],
    ['santiago', 'Sucursal Santiago', 'La sucursal del Cibao'],
    ['administracion', 'Administración', 'Oficina, contabilidad y gastos generales'],
  ] as const) {
    await crearCentroDeCosto(ctx, { identificadorUnico: `demo-centro-${clave}`, nombre, descripcion });
  }
  for (const [clave, nombre, codigo, nota] of [
    ['depreciacion', 'Depreciación mensual', 'DEP', 'Depreciación de mobiliario y equipos'],
    ['ajuste', 'Ajuste de cierre', 'AJ', 'Ajustes contables de fin de mes'],
  ] as const) {
    await crearOpcionEntradaDeDiario(ctx, {
      identificadorUnico: `demo-opcion-${clave}`,
      nombre,
      codigo,
      nota,
    });
  }
}
