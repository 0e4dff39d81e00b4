import { z } from 'zod';
import { ParamsId, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Privilegios } from './privilegios.ts';

const texto = z.string().trim().max(200);

export const ImpresoraIp = z.object({
  nombre: texto.min(1, 'El nombre de la impresora es obligatorio'),
  ip: z.string().trim().max(100),
  puerto: z.number().int().min(1).max(65535).default(9100),
});

// Spec 002 §3 "User" and §9 "User defaults" (limiteDescuento 100, limitePedidosAsignados 5, IP port 9100,
// two Bluetooth printer names).
export const Impresion = z.object({
  impresorasBluetooth: z.array(texto).max(2).default(['', '']),
  impresorasIp: z.array(ImpresoraIp).max(20).default([]),
  formatoDePagina: z.enum(['80mm', '58mm', 'carta', 'media-carta']).default('80mm'),
  impresionSilenciosaEscritorio: z.boolean().default(false),
  impresionSilenciosaMovil: z.boolean().default(false),
});

/** The editable fields of a user, with the spec's defaults. */
export const DatosUsuario = z.object({
  avatar: z.string().max(300).nullable().default(null),
  perfilSeleccionado: texto.default(''),
  impresion: Impresion.prefault({}),
  revendedor: z.boolean().default(false),
  crearInstanciaDelSistema: z.boolean().default(false),
  moduloPredeterminado: texto.default(''),
  buscadorPredeterminado: z.number().int().min(0).max(9).default(1),
  vistaPreviaDelProducto: z.boolean().default(false),
  ubicacionGps: z.boolean().default(false),
  bloquearPrecio: z.boolean().default(false),
  bloquearImpuesto: z.boolean().default(false),
  limitePedidosAsignados: z.number().int().min(0).max(1000).default(5),
  limiteDescuento: z
    .number({ error: 'El límite de descuento debe ser un número entero de 0 a 100' })
    .int('El límite de descuento debe ser un número entero de 0 a 100')
    .min(0, 'El límite de descuento debe ser un número entero de 0 a 100')
    .max(100, 'El límite de descuento debe ser un número entero de 0 a 100')
    .default(100),
  anularYEliminarDocumentos: z.boolean().default(false),
  autoAbrirEditarProducto: z.boolean().default(false),
  bancoPredeterminado: z.string().max(100).nullable().default(null),
  poderEditarPedidosImpresionPreventa: z.boolean().default(false),
  activo: z.boolean().default(true),
  privilegios: Privilegios.prefault({}),
});
export type DatosUsuario = z.infer<typeof DatosUsuario>;

const NombreDeUsuario = z
  .string({ error: 'El nombre de usuario es obligatorio' })
  .trim()
  .min(3, 'El nombre de usuario debe tener al menos 3 caracteres')
  .max(60, 'El nombre de usuario no puede tener más de 60 caracteres')
  .regex(
    /^[\p{L}\p{N}._@-]+$/u,
    'El nombre de usuario solo admite letras, números, punto, guion, guion bajo y @',
  );

const Contrasena = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(200, 'La contraseña no puede tener más de 200 caracteres');

export const CrearUsuario = DatosUsuario.extend({ username: NombreDeUsuario, password: Contrasena });
export type CrearUsuario = z.infer<typeof CrearUsuario>;

/** PUT replaces the editable fields; the password changes only when sent. */
export const ActualizarUsuario = DatosUsuario.extend({
  username: NombreDeUsuario,
  password: Contrasena.optional(),
});
export type ActualizarUsuario = z.infer<typeof ActualizarUsuario>;

export const Usuario = DatosUsuario.extend({
  _id: z.string(),
  username: z.string(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type Usuario = z.infer<typeof Usuario>;

export const Perfil = Usuario.extend({ tenantId: z.number().int(), scope: z.array(z.string()) });
export type Perfil = z.infer<typeof Perfil>;

export const usuarios = {
  perfil: endpoint({ method: 'GET', path: '/profile', body: Vacio, params: SinParams, respuesta: Perfil }),
  listar: endpoint({
    method: 'GET',
    path: '/users/',
    body: Vacio,
    params: SinParams,
    respuesta: z.array(Usuario),
  }),
  crear: endpoint({
    method: 'POST',
    path: '/users/',
    body: CrearUsuario,
    params: SinParams,
    respuesta: Usuario,
  }),
  obtener: endpoint({ method: 'GET', path: '/users/:id', body: Vacio, params: ParamsId, respuesta: Usuario }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/users/:id',
    body: ActualizarUsuario,
    params: ParamsId,
    respuesta: Usuario,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/users/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
};
