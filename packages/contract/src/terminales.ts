import { z } from 'zod';
import { IdentificadorUnico } from './comun.ts';
import {
  CuentaContableVinculada,
  endpointsDeMaestro,
  IdOpcional,
  nombreObligatorio,
  textoOpcional,
} from './maestros.ts';

const Cuenta = CuentaContableVinculada.nullable();

// Spec 002 §3 "Terminal", spellings kept. Numbering ids point at /numeracion/, almacenPorDefecto at
// /almacen/, usuariosViculados at /users/; the account fields are chart accounts like a tax's.
const CamposTerminal = z.object({
  nombre: nombreObligatorio('Debes poner el nombre del terminal'),
  descripcion: textoOpcional(500).optional(),
  numeracionFacturas: IdOpcional.optional(),
  numeracionDevoluciones: IdOpcional.optional(),
  numeracionReciboDeCaja: IdOpcional.optional(),
  almacenPorDefecto: IdOpcional.optional(),
  usuariosViculados: z
    .array(z.uuid({ error: 'El usuario vinculado no es válido' }))
    .max(200)
    .optional(), // sic
  cuentaDeTransferencias: Cuenta.optional(),
  cuentaDeTarjetaDeCredito: Cuenta.optional(),
  cuentaDeTarjetaDeDebitos: Cuenta.optional(),
  bancoInicioDeTurno: Cuenta.optional(),
  bancoCierreDeTurno: Cuenta.optional(),
  predeterminado: z.boolean().optional(),
  cuentaPagoAnticiposClientes: Cuenta.optional(),
  /** The default cash box's account id (spec 002 §4: Efectivo, Cheque and others post to it). */
  cajaDefectvoIdRef: z.string().trim().max(100).nullable().optional(), // sic
  cuentaContableBanco: Cuenta.optional(),
});

export const CrearTerminal = CamposTerminal.extend({ identificadorUnico: IdentificadorUnico });
export type CrearTerminal = z.infer<typeof CrearTerminal>;

export const CambiarTerminal = CamposTerminal.partial().extend({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
});
export type CambiarTerminal = z.infer<typeof CambiarTerminal>;

export const Terminal = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  numeracionFacturas: z.string().nullable(),
  numeracionDevoluciones: z.string().nullable(),
  numeracionReciboDeCaja: z.string().nullable(),
  almacenPorDefecto: z.string().nullable(),
  usuariosViculados: z.array(z.string()), // sic
  cuentaDeTransferencias: Cuenta,
  cuentaDeTarjetaDeCredito: Cuenta,
  cuentaDeTarjetaDeDebitos: Cuenta,
  bancoInicioDeTurno: Cuenta,
  bancoCierreDeTurno: Cuenta,
  predeterminado: z.boolean(),
  cuentaPagoAnticiposClientes: Cuenta,
  cajaDefectvoIdRef: z.string().nullable(), // sic
  cuentaContableBanco: Cuenta,
});
export type Terminal = z.infer<typeof Terminal>;

export const terminales = endpointsDeMaestro({
  base: '/terminales/',
  entidad: Terminal,
  crear: CrearTerminal,
  cambiar: CambiarTerminal,
  metodoDeCambio: 'PATCH',
});
