import { z } from 'zod';
import { ParamsId, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { ETIQUETAS_DE_MODULO, MODULOS, type Modulo, Privilegios } from './privilegios.ts';

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

export const Contrasena = z
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

/** GET /users/{id} also tells whether the user has recent failed sign-ins (the «Desbloquear» button). */
export const AccesosFallidos = z.object({
  fallos: z.number().int(),
  /** Until when some address must wait before trying again; null when none waits now. */
  esperaHasta: z.string().nullable(),
});
export type AccesosFallidos = z.infer<typeof AccesosFallidos>;

export const UsuarioDetalle = Usuario.extend({ accesosFallidos: AccesosFallidos });
export type UsuarioDetalle = z.infer<typeof UsuarioDetalle>;

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
  obtener: endpoint({
    method: 'GET',
    path: '/users/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: UsuarioDetalle,
  }),
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
  /** Clears the user's failed sign-ins, so no address has to wait any more (docs/api.md «Fuerza bruta»). */
  desbloquear: endpoint({
    method: 'PUT',
    path: '/users/desbloquear/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
};

// ---------------------------------------------------------------- Who may grant what
// Nobody grants a right they do not hold (spec 002 §3 lists the rights: the module flags, and the
// user-level grants below). The server refuses it; the user screen disables what cannot be granted.

/** The fields of a user that carry rights. */
export type ConDerechos = Pick<
  DatosUsuario,
  | 'privilegios'
  | 'anularYEliminarDocumentos'
  | 'crearInstanciaDelSistema'
  | 'poderEditarPedidosImpresionPreventa'
  | 'limiteDescuento'
>;

/** User-level rights besides the module flags, as the user screen names them. */
export const DERECHOS_DE_USUARIO = {
  anularYEliminarDocumentos: 'Anular y eliminar sin aprobación',
  crearInstanciaDelSistema: 'Registrar empresas',
  poderEditarPedidosImpresionPreventa: 'Editar pedidos ya impresos',
} as const;
type DerechoDeUsuario = keyof typeof DERECHOS_DE_USUARIO;

/** Modules used only by the platform's operator company (spec 000 §2, §6): not needed to be a full administrator. */
export const MODULOS_DEL_OPERADOR: readonly Modulo[] = ['planes', 'registroDeEmpresa'];

// Flags that take something away rather than grant it (spec 000 §2): never a right.
const RESTRICCIONES_DE_MODULO: ReadonlySet<string> = new Set(['verSoloPedidos']);

/** The key of a module flag as a right: `modulo.bandera`. */
export function derechoDeModulo(modulo: Modulo, bandera: string): string {
  return `${modulo}.${bandera}`;
}

/**
 * The rights a user holds, as keys (`clientes.ver`, `anularYEliminarDocumentos`…). A module flag
 * counts only with the module's `acceso`, as the server's checks read it.
 */
export function derechosDe(usuario: ConDerechos): Set<string> {
  const derechos = new Set<string>();
  for (const modulo of MODULOS) {
    const bloque = usuario.privilegios[modulo] as Record<string, boolean | undefined>;
    if (bloque.acceso !== true) {
      continue;
    }
    for (const [bandera, valor] of Object.entries(bloque)) {
      if (valor === true && !RESTRICCIONES_DE_MODULO.has(bandera)) {
        derechos.add(derechoDeModulo(modulo, bandera));
      }
    }
  }
  for (const clave of Object.keys(DERECHOS_DE_USUARIO) as DerechoDeUsuario[]) {
    if (usuario[clave]) {
      derechos.add(clave);
    }
  }
  return derechos;
}

/**
 * A full administrator holds every right of a company: every flag of every module (those of the
 * operator company aside), `anularYEliminarDocumentos` and a 100 % discount limit, like the `admin`
 * each company starts with. Only a full administrator changes another user's password or edits a
 * user who holds rights the editor lacks.
 */
export function esAdministradorCompleto(usuario: ConDerechos): boolean {
  if (!usuario.anularYEliminarDocumentos || usuario.limiteDescuento < 100) {
    return false;
  }
  const derechos = derechosDe(usuario);
  return MODULOS.every(
    (modulo) =>
      MODULOS_DEL_OPERADOR.includes(modulo) ||
      Object.keys(usuario.privilegios[modulo]).every(
        (bandera) => RESTRICCIONES_DE_MODULO.has(bandera) || derechos.has(derechoDeModulo(modulo, bandera)),
      ),
  );
}

/**
 * What `editor` may grant: the rights they hold, or any right of the company for a full administrator
 * (the operator company's rights need holding them too).
 */
export function concedibles(editor: ConDerechos): (derecho: string) => boolean {
  const propios = derechosDe(editor);
  const completo = esAdministradorCompleto(editor);
  return (derecho) =>
    propios.has(derecho) ||
    (completo &&
      derecho !== 'crearInstanciaDelSistema' &&
      !MODULOS_DEL_OPERADOR.some((modulo) => derecho.startsWith(`${modulo}.`)));
}

/** The highest discount limit `editor` may give: their own, or any for a full administrator. */
export function descuentoMaximoQueConcede(editor: ConDerechos): number {
  return esAdministradorCompleto(editor) ? 100 : editor.limiteDescuento;
}

/** The rights `usuario` holds that `editor` could not grant (with the discount limit as `limiteDescuento`). */
export function derechosQueNoConcede(editor: ConDerechos, usuario: ConDerechos): string[] {
  const puede = concedibles(editor);
  const faltan = [...derechosDe(usuario)].filter((derecho) => !puede(derecho));
  if (usuario.limiteDescuento > descuentoMaximoQueConcede(editor)) {
    faltan.push('limiteDescuento');
  }
  return faltan;
}

/** How a right is named to the user (403 messages, the user screen). */
export function nombreDelDerecho(derecho: string): string {
  if (derecho === 'limiteDescuento') {
    return 'Descuento máximo mayor que el tuyo';
  }
  if (derecho in DERECHOS_DE_USUARIO) {
    return DERECHOS_DE_USUARIO[derecho as DerechoDeUsuario];
  }
  const [modulo, bandera = ''] = derecho.split('.');
  const etiqueta = ETIQUETAS_DE_MODULO[modulo as Modulo] ?? modulo;
  return `${etiqueta}: ${ETIQUETAS_DE_BANDERA[bandera] ?? bandera}`;
}

/** The module flags as the permission grid names them. */
export const ETIQUETAS_DE_BANDERA: Record<string, string> = {
  acceso: 'Acceso',
  ver: 'Ver',
  crear: 'Crear',
  modificar: 'Modificar',
  emitirRecibo: 'Emitir recibo',
  verSoloPedidos: 'Solo pedidos',
  verExistenciaDelInventario: 'Ver existencia',
  gestorDeEnvios: 'Gestor de envíos',
};
