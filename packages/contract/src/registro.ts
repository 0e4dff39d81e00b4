import { z } from 'zod';
import { SinParams, Vacio } from './comun.ts';
import { EstadoDelPlan } from './empresa.ts';
import { endpoint } from './endpoint.ts';
import { MENSAJE_CARACTER_NULO, sinNulo, TextoObligatorio } from './tipos.ts';
import { Contrasena } from './usuarios.ts';

/** The trial a company that signs itself up starts with (docs/empresas.md «Prueba»). */
export const DIAS_DE_PRUEBA_AUTORREGISTRO = 15;

/** Registrations one address may make per minute (POST /tenant/, with or without a session). */
export const REGISTROS_POR_MINUTO = 5;

/** Spec 001 §8: the dialog of a company that was not created (the server's reason follows it). */
export const ALERTA_EMPRESA_NO_CREADA = 'Alerta la empresa no se creo!';

// The e-mail is the first user's username (spec 001 §3 "Recurring invoice": nombreCompania, nombre,
// correo, password), so it must also be a valid username: up to 60 characters of letters, digits, . _ - @.
const CorreoDeUsuario = z
  .string({ error: 'Debes poner el correo' })
  .trim()
  .toLowerCase()
  .min(1, 'Debes poner el correo')
  .max(60, 'El correo no puede tener más de 60 caracteres (será tu usuario)')
  .pipe(z.email('El correo no tiene un formato válido'))
  .refine(
    (correo) => /^[\p{L}\p{N}._@-]+$/u.test(correo),
    'El correo solo puede tener letras, números, punto, guion, guion bajo y @ (será tu usuario)',
  );

// Spec 002 §3 "Company settings and registration" and §7 POST /tenant/. The plan and the trial are
// chosen only by the operator (tenant 2 with crearInstanciaDelSistema); a self sign-up sending them is refused.
export const RegistroDeEmpresa = z.object({
  nombreCompania: TextoObligatorio('Debes poner el nombre de la empresa', 120),
  nombre: TextoObligatorio('Debes poner tu nombre', 120),
  correo: CorreoDeUsuario,
  password: Contrasena.refine(sinNulo, MENSAJE_CARACTER_NULO),
  /** A plan of the operator company (GET /planes/); absent: no plan (Activo). Operator only. */
  idPlan: z.uuid({ error: 'El plan no es válido' }).nullable().optional(),
  /** Trial days (0 to 365). Operator only; a self sign-up gets DIAS_DE_PRUEBA_AUTORREGISTRO. */
  diasDePrueba: z
    .number({ error: 'Los días de prueba deben ser un número entero de 0 a 365' })
    .int('Los días de prueba deben ser un número entero de 0 a 365')
    .min(0, 'Los días de prueba deben ser un número entero de 0 a 365')
    .max(365, 'Los días de prueba deben ser un número entero de 0 a 365')
    .optional(),
});
export type RegistroDeEmpresa = z.infer<typeof RegistroDeEmpresa>;

export const EmpresaRegistrada = z.object({
  tenantId: z.number().int(),
  /** The first user's username (the e-mail). */
  username: z.string(),
  diasDePruebaDisponibles: z.number().int(),
  message: z.string(),
});
export type EmpresaRegistrada = z.infer<typeof EmpresaRegistrada>;

/** POST /tenant/actualizar-costos: every registered company, or only those of one plan. */
export const ActualizarCostos = z
  .object({ idPlan: z.uuid({ error: 'El plan no es válido' }).optional() })
  .strict()
  .optional()
  .nullable();
export type ActualizarCostos = z.infer<typeof ActualizarCostos>;

export const CostosActualizados = z.object({
  empresas: z.number().int(),
  empresasActualizadas: z.number().int(),
});

export const CuentasAgregadas = z.object({
  empresas: z.number().int(),
  empresasConCambios: z.number().int(),
  cuentasAgregadas: z.number().int(),
});

/**
 * A registered company as the operator sees it (docs/empresas.md «Empresas registradas»): its row of
 * empresas_registradas and its plan status as the company itself has it.
 */
export const EmpresaDelOperador = EstadoDelPlan.extend({
  tenantId: z.number().int(),
  nombreCompania: z.string(),
  nombreContacto: z.string(),
  correo: z.string(),
  origen: z.enum(['operador', 'autoregistro']),
  /** Its customer in the operator company (the subscription invoices are made out to it). */
  idCliente: z.string(),
  plan: z.object({ _id: z.string(), descripcion: z.string() }).nullable(),
  /** When it was registered (ISO instant). */
  creadaEn: z.string(),
});
export type EmpresaDelOperador = z.infer<typeof EmpresaDelOperador>;

export const EmpresasDelOperador = z.object({ empresas: z.array(EmpresaDelOperador) });
export type EmpresasDelOperador = z.infer<typeof EmpresasDelOperador>;

// Spec 002 §7 "Configuration": the /tenant/ calls of the operator company.
export const registro = {
  registrar: endpoint({
    method: 'POST',
    path: '/tenant/',
    body: RegistroDeEmpresa,
    params: SinParams,
    respuesta: EmpresaRegistrada,
  }),
  actualizarCostos: endpoint({
    method: 'POST',
    path: '/tenant/actualizar-costos',
    body: ActualizarCostos,
    params: SinParams,
    respuesta: CostosActualizados,
  }),
  // Beyond the spec (docs/empresas.md): the operator's list of the companies it registered.
  empresasRegistradas: endpoint({
    method: 'GET',
    path: '/tenant/empresas-registradas',
    body: Vacio,
    params: SinParams,
    respuesta: EmpresasDelOperador,
  }),
  agregarCuentas: endpoint({
    method: 'POST',
    path: '/tenant/agregar-nuevos-hijos-cuentas-contables',
    body: Vacio,
    params: SinParams,
    respuesta: CuentasAgregadas,
  }),
};
