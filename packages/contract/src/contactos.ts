import { validarIdentificacionFiscal } from '@pos/domain';
import { z } from 'zod';
import {
  DocumentoRechazado,
  IdentificadorUnico,
  Mensaje,
  Paginacion,
  ParamsId,
  SinParams,
  Vacio,
} from './comun.ts';
import { CuentaContableRef } from './contabilidad.ts';
import { endpoint } from './endpoint.ts';
import { PERFILES_DE_NUMERACION } from './numeracion.ts';
import { Texto } from './tipos.ts';

export const TIPOS_DE_CONTACTO = ['cliente', 'proveedor', 'ambos'] as const;
export type TipoDeContacto = (typeof TIPOS_DE_CONTACTO)[number];

export const TIPOS_DE_IDENTIFICACION = ['', 'RNC', 'Cédula', 'Pasaporte'] as const;

// Spec 002 §3 "Contact": contacts can be searched by role.
export const FUNCIONES_EN_LA_EMPRESA = ['Chofer', 'Operador', 'Responsable-De-Inventario'] as const;

export const ESTADOS_DE_CONTACTO = ['Activo', 'Por-Anular', 'Anulado'] as const;
export const AUTORIZACIONES = ['Pendiente', 'Aprobada', 'Rechazada'] as const;

/** The NCF types a contact may have as its default for sales (fiscal-do.md §1.3). */
export const NCF_PREDETERMINADOS = PERFILES_DE_NUMERACION.filter(
  (perfil) => perfil.fiscal && perfil.tiposDeDocumento.includes('ventas'),
).map((perfil) => perfil.perfilesDeTipos);

/** Maximum lengths of a contact's texts: the schema below and the form's fields read them here. */
export const LARGO_MAXIMO_CONTACTO = {
  nombre: 200,
  apellidos: 200,
  rnc: 30,
  direccion: 300,
  telefono: 15,
  correo: 200,
  nota: 1000,
} as const;

/**
 * A phone as it is kept: digits only. Spaces, dashes, dots and brackets only format the same number
 * («809-555-0101» is 8095550101), so they are dropped; anything else (a letter, «+», «ext.») is refused.
 */
export function limpiarTelefono(texto: string): string {
  return texto.replace(/[\s().-]/g, '');
}

const Telefono = (nombre: string) =>
  z
    .string()
    .transform(limpiarTelefono)
    .pipe(
      z
        .string()
        .regex(/^\d*$/, `${nombre} solo admite dígitos`)
        .max(
          LARGO_MAXIMO_CONTACTO.telefono,
          `${nombre} no puede tener más de ${LARGO_MAXIMO_CONTACTO.telefono} dígitos`,
        ),
    );

const Dinero = z
  .number({ error: 'Debe ser un número' })
  .min(0, 'No puede ser negativo')
  .max(99_999_999_999.99, 'El monto es demasiado grande');

// Only the id of a chosen account is read; the rest of a sent reference is ignored.
const CuentaElegida = z.object({ idCuenta: z.uuid({ error: 'La cuenta elegida no es válida' }) }).nullable();

const CamposContacto = z.object({
  nombre: Texto(LARGO_MAXIMO_CONTACTO.nombre).min(1, 'Debes poner el nombre del cliente'),
  apellidos: Texto(LARGO_MAXIMO_CONTACTO.apellidos).default(''),
  avatar: Texto(300).nullable().default(null),
  tipoDeIdentificacion: z
    .enum(TIPOS_DE_IDENTIFICACION, { error: 'El tipo de identificación debe ser RNC, Cédula o Pasaporte' })
    .default(''),
  rnc: Texto(LARGO_MAXIMO_CONTACTO.rnc).default(''),
  ncfPredeterminado: z
    .string()
    .default('')
    .refine((codigo) => codigo === '' || NCF_PREDETERMINADOS.includes(codigo), 'El tipo de NCF no es válido'),
  // Spec 002 §9: contact type default cliente.
  tipoDeContacto: z
    .enum(TIPOS_DE_CONTACTO, { error: 'El tipo de contacto debe ser cliente, proveedor o ambos' })
    .default('cliente'),
  idListaDePrecio: z.uuid({ error: 'La lista de precio no es válida' }).nullable().default(null),
  idRuta: z.uuid({ error: 'La ruta no es válida' }).nullable().default(null),
  limiteCredito: Dinero.default(0),
  diasDeCredito: z
    .number()
    .int('Los días de crédito deben ser un número entero')
    .min(0, 'Los días de crédito no pueden ser negativos')
    .max(365, 'Los días de crédito no pueden pasar de 365')
    .default(0),
  socio: z.boolean().default(false),
  // Spec 000 §5, 002 §9: a percent (divided by 100 when applied to lines).
  descuentoParaSocios: z
    .number({ error: 'El descuento para socios debe ser un porcentaje de 0 a 100' })
    .min(0, 'El descuento para socios debe ser un porcentaje de 0 a 100')
    .max(100, 'El descuento para socios debe ser un porcentaje de 0 a 100')
    .default(0),
  revendedor: z.boolean().default(false),
  funcionEnLaEmpresa: z
    .union([z.literal(''), z.enum(FUNCIONES_EN_LA_EMPRESA)], {
      error: 'La función debe ser Chofer, Operador o Responsable-De-Inventario',
    })
    .default(''),
  direccion: Texto(LARGO_MAXIMO_CONTACTO.direccion).default(''),
  location: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .nullable()
    .default(null),
  telefono: Telefono('El teléfono').default(''),
  movil: Telefono('El móvil').default(''),
  correo: z
    .union([
      z.literal(''),
      z
        .email('El correo no tiene un formato válido')
        .max(
          LARGO_MAXIMO_CONTACTO.correo,
          `No puede tener más de ${LARGO_MAXIMO_CONTACTO.correo} caracteres`,
        ),
    ])
    .default(''),
  nota: Texto(LARGO_MAXIMO_CONTACTO.nota).default(''),
  cuentaPorCobrar: CuentaElegida.default(null),
  cuentaPorPagar: CuentaElegida.default(null),
});

// fiscal-do.md §2: RNC 9 digits, cédula 11 (dashes allowed); only the length blocks here, a failed
// check digit is a warning the server returns (§2.3).
function identificacionValida(
  c: { tipoDeIdentificacion: (typeof TIPOS_DE_IDENTIFICACION)[number]; rnc: string },
  ctx: z.RefinementCtx,
): void {
  if (c.rnc === '' || c.tipoDeIdentificacion === 'Pasaporte') {
    if (c.rnc !== '' && !/^[A-Za-z0-9-]{5,20}$/.test(c.rnc)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rnc'],
        message: 'El pasaporte solo admite letras, números y guiones',
      });
    }
    return;
  }
  const resultado = validarIdentificacionFiscal(c.rnc);
  if (!resultado.ok) {
    ctx.addIssue({ code: 'custom', path: ['rnc'], message: resultado.mensaje });
    return;
  }
  const esperado = resultado.valor.tipo === 'rnc' ? 'RNC' : 'Cédula';
  if (c.tipoDeIdentificacion !== '' && c.tipoDeIdentificacion !== esperado) {
    ctx.addIssue({
      code: 'custom',
      path: ['rnc'],
      message:
        c.tipoDeIdentificacion === 'RNC' ? 'El RNC debe tener 9 dígitos' : 'La cédula debe tener 11 dígitos',
    });
  }
}

/** POST /cliente/crear (and each contact of an offline sync). */
export const CrearContacto = CamposContacto.extend({ identificadorUnico: IdentificadorUnico }).superRefine(
  identificacionValida,
);
export type CrearContacto = z.infer<typeof CrearContacto>;

/**
 * PUT /cliente/{id}: the fields, or a cancellation step: `estado` 'Anulado' / 'Por-Anular' with
 * `notaAnular` asks to cancel (the server decides direct or request, spec 000 §4); `autorizacion`
 * 'Aprobada' / 'Rechazada' with `notaAutorizacion` settles a pending request.
 */
export const ActualizarContacto = CamposContacto.extend({
  estado: z.enum(ESTADOS_DE_CONTACTO).optional(),
  notaAnular: Texto(500).optional(),
  autorizacion: z.enum(AUTORIZACIONES).nullable().optional(),
  notaAutorizacion: Texto(500).optional(),
}).superRefine(identificacionValida);
export type ActualizarContacto = z.infer<typeof ActualizarContacto>;

export const Contacto = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idUsuarioCreador: z.string().nullable(),
  nombre: z.string(),
  apellidos: z.string(),
  avatar: z.string().nullable(),
  tipoDeIdentificacion: z.enum(TIPOS_DE_IDENTIFICACION),
  rnc: z.string(),
  ncfPredeterminado: z.string(),
  tipoDeContacto: z.enum(TIPOS_DE_CONTACTO),
  idListaDePrecio: z.string().nullable(),
  idRuta: z.string().nullable(),
  limiteCredito: z.number(),
  diasDeCredito: z.number().int(),
  socio: z.boolean(),
  descuentoParaSocios: z.number(),
  revendedor: z.boolean(),
  funcionEnLaEmpresa: z.string(),
  direccion: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  telefono: z.string(),
  movil: z.string(),
  correo: z.string(),
  nota: z.string(),
  estado: z.enum(ESTADOS_DE_CONTACTO),
  autorizacion: z.enum(AUTORIZACIONES).nullable(),
  activo: z.boolean(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  cuentaPorCobrar: CuentaContableRef.nullable(),
  cuentaPorPagar: CuentaContableRef.nullable(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type Contacto = z.infer<typeof Contacto>;

/** A saved contact; `advertencias` holds the check-digit warning (fiscal-do.md §2.3), never a block. */
export const ContactoGuardado = z.object({
  clientedb: Contacto,
  solicitudDuplicada: z.boolean(),
  advertencias: z.array(z.string()),
});
export type ContactoGuardado = z.infer<typeof ContactoGuardado>;

// Spec 002 §9: contacts page 25.
export const FiltroContactos = Paginacion.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500, 'No se pueden pedir más de 500 filas por página')
    .default(25),
  buscarPorEstado: z.union([z.literal(''), z.enum(ESTADOS_DE_CONTACTO)]).default(''),
  tipoDeContacto: z.union([z.literal(''), z.enum(TIPOS_DE_CONTACTO)]).default(''),
  idRuta: z
    .union([z.literal(''), z.uuid({ error: 'La ruta no es válida' })])
    .nullable()
    .default(null),
  input: Texto(200).default(''),
  idUsuarioCreador: z
    .union([z.literal(''), z.uuid({ error: 'El usuario no es válido' })])
    .nullable()
    .default(null),
  revendedor: z.boolean().default(false),
});
export type FiltroContactos = z.infer<typeof FiltroContactos>;

export const ListaContactos = z.object({ res: z.array(Contacto), totalRows: z.number().int() });

export const BuscarPorFuncion = z.object({
  funcion: z.enum(FUNCIONES_EN_LA_EMPRESA, {
    error: 'La función debe ser Chofer, Operador o Responsable-De-Inventario',
  }),
});

/** Each pending contact is checked on its own, so one bad record does not hold back the others. */
export const SincronizarContactos = z
  .array(z.looseObject({ identificadorUnico: IdentificadorUnico }), {
    error: 'Se esperaba la lista de contactos pendientes',
  })
  .max(500, 'No se pueden sincronizar más de 500 contactos a la vez');

export const ContactosSincronizados = z.object({
  contactoCreados: z.array(Contacto),
  rechazados: z.array(DocumentoRechazado),
});

export const ValidacionExistencia = z.object({
  validacion: z.tuple([z.object({ tieneDocumentos: z.boolean() })]),
});

/** One taxpayer of the DGII registry (fiscal-do.md §5). */
export const ContribuyenteDgii = z.object({
  rnc: z.string(),
  nombre: z.string(),
  nombreComercial: z.string(),
  actividadEconomica: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  fechaInicio: z.string().nullable(),
  estado: z.string(),
  regimenDePagos: z.string(),
});
export type ContribuyenteDgii = z.infer<typeof ContribuyenteDgii>;

/** What an import of the DGII registry loaded: lines read, loaded, discarded (bad or repeated), seconds. */
export const ResultadoImportacionRnc = z.object({
  lineas: z.number().int(),
  importadas: z.number().int(),
  descartadas: z.number().int(),
  segundos: z.number(),
});
export type ResultadoImportacionRnc = z.infer<typeof ResultadoImportacionRnc>;

/** Largest DGII_RNC.TXT the upload accepts (the real file is about 100 MB). */
export const TAMANO_MAXIMO_REGISTRO_RNC = 400 * 1024 * 1024;

export const ParamsRnc = z.object({
  rnc: z
    .string()
    .transform((valor) => valor.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\d{9}|\d{11})$/, 'El RNC debe tener 9 dígitos y la cédula 11 dígitos')),
});

export const contactos = {
  listar: endpoint({
    method: 'POST',
    path: '/cliente/contactos',
    efecto: 'lee',
    body: FiltroContactos,
    params: SinParams,
    respuesta: ListaContactos,
  }),
  // Spec 000 §7: every active contact, for the offline download.
  todos: endpoint({
    method: 'GET',
    path: '/cliente/',
    body: Vacio,
    params: SinParams,
    respuesta: z.array(Contacto),
  }),
  obtener: endpoint({
    method: 'GET',
    path: '/cliente/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: Contacto,
  }),
  crear: endpoint({
    method: 'POST',
    path: '/cliente/crear',
    body: CrearContacto,
    params: SinParams,
    respuesta: ContactoGuardado,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/cliente/:id',
    body: ActualizarContacto,
    params: ParamsId,
    respuesta: ContactoGuardado,
  }),
  validarExistencia: endpoint({
    method: 'GET',
    path: '/cliente/validar-existencia/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: ValidacionExistencia,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/cliente/eliminar/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: Mensaje,
  }),
  buscarPorFuncion: endpoint({
    method: 'POST',
    path: '/cliente/buscar-contacto-por-funcion',
    efecto: 'lee',
    body: BuscarPorFuncion,
    params: SinParams,
    respuesta: z.array(Contacto),
  }),
  sincronizar: endpoint({
    method: 'POST',
    path: '/cliente/sincronizar-contactos-offline',
    body: SincronizarContactos,
    params: SinParams,
    respuesta: ContactosSincronizados,
  }),
  rncInfo: endpoint({
    method: 'GET',
    path: '/rnc-info/:rnc',
    body: Vacio,
    params: ParamsRnc,
    respuesta: ContribuyenteDgii,
  }),
  // Multipart with the DGII_RNC.TXT file in field `archivo`, streamed into the global registry (the
  // body is read by the route, not parsed as JSON); only the operator company (tenant 2).
  importarRnc: endpoint({
    method: 'POST',
    path: '/rnc-info/importar',
    body: z.unknown(),
    params: SinParams,
    respuesta: ResultadoImportacionRnc,
  }),
};

/** Names the upload gives files: a random id and the image's extension, nothing a client chooses. */
export const NOMBRE_DE_ARCHIVO =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

export const archivos = {
  // Multipart with the image in field `avatar` (spec 002 §7 "Images"); the server reads it into bytes.
  subir: endpoint({
    method: 'POST',
    path: '/cliente/upload',
    body: z.object({
      avatar: z.instanceof(Uint8Array, { error: 'Debes adjuntar la imagen en el campo avatar' }),
    }),
    params: SinParams,
    respuesta: z.object({ nombre: z.string() }),
  }),
  // sic: the spec spells it "crearte"; it removes an image no longer used.
  eliminar: endpoint({
    method: 'POST',
    path: '/cliente/crearte/:avatar',
    body: Vacio,
    params: z.object({ avatar: z.string().regex(NOMBRE_DE_ARCHIVO, 'El nombre de la imagen no es válido') }),
    respuesta: Mensaje,
  }),
};
