import { type Contacto, CrearContacto } from '@pos/contract';
import { normalizarBusqueda } from '@pos/domain';
import { type ClienteDelBorrador, clienteDesdeContacto } from '../pos/borrador.ts';
import type { BaseLocal } from './baseLocal.ts';
import { guardarPendiente } from './cola.ts';
import type { ContactoPendiente } from './facturaSinConexion.ts';

// Spec 002 §4, §8: offline, contacts are read from the local store (the downloaded ones and those
// created offline) and a new contact is kept in contactosPendientes ('Contacto creado sin conexión').

export const AVISO_CONTACTO_SIN_CONEXION = 'Contacto creado sin conexión';

export type ClienteLocal = { cliente: ClienteDelBorrador; detalle: string };

function deContacto(contacto: Contacto): ClienteLocal {
  return {
    cliente: clienteDesdeContacto(contacto),
    detalle: [contacto.rnc || 'Sin RNC', contacto.telefono].filter(Boolean).join(' · '),
  };
}

function dePendiente(cuerpo: ContactoPendiente): ClienteLocal {
  return {
    cliente: {
      _id: cuerpo.identificadorUnico,
      nombre: [cuerpo.nombre, cuerpo.apellidos].filter(Boolean).join(' '),
      rnc: cuerpo.rnc ?? '',
      socio: cuerpo.socio ?? false,
      idListaDePrecio: cuerpo.idListaDePrecio ?? null,
      limiteCredito: cuerpo.limiteCredito ?? 0,
      sinSincronizar: true,
    },
    detalle: [cuerpo.rnc || 'Sin RNC', cuerpo.telefono, 'pendiente de sincronizar']
      .filter(Boolean)
      .join(' · '),
  };
}

/** Customers whose name, RNC or phone contains the text: those created offline first. */
export async function buscarClientesLocales(
  base: BaseLocal,
  texto: string,
  limite = 12,
): Promise<ClienteLocal[]> {
  const buscado = normalizarBusqueda(texto);
  const coincide = (...campos: (string | undefined)[]) =>
    normalizarBusqueda(campos.filter(Boolean).join(' ')).includes(buscado);
  const pendientes = (await base.contactosPendientes.toArray())
    .filter((p) => p.estado !== 'Por-Anular')
    .map((p) => p.cuerpo as ContactoPendiente)
    .filter((c) => coincide(c.nombre, c.apellidos, c.rnc, c.telefono))
    .map(dePendiente);
  const descargados = await base.contactos
    .filter(
      (c) =>
        c.estado !== 'Anulado' &&
        c.tipoDeContacto !== 'proveedor' &&
        coincide(c.nombre, c.apellidos, c.rnc, c.telefono),
    )
    .limit(limite)
    .toArray();
  return [...pendientes, ...descargados.map(deContacto)].slice(0, limite);
}

/**
 * Checks a new customer by the same contract as /cliente/crear and queues it. Throws the first Spanish
 * message of the check when it fails: nothing is kept then.
 */
export async function guardarContactoSinConexion(
  base: BaseLocal,
  datos: { nombre: string; tipoDeIdentificacion: string; rnc: string; telefono: string },
): Promise<ClienteLocal> {
  const cuerpo = { ...datos, tipoDeContacto: 'cliente', identificadorUnico: crypto.randomUUID() };
  const revision = CrearContacto.safeParse(cuerpo);
  if (!revision.success) {
    throw new Error(revision.error.issues[0]?.message ?? 'Revise los datos del cliente.');
  }
  await guardarPendiente(base, 'contactos', cuerpo.identificadorUnico, cuerpo);
  return dePendiente(cuerpo as ContactoPendiente);
}

/**
 * The offline contact a sale or order names, still waiting in its queue: it travels inside the document
 * (`contactoPendiente`). Null when the customer is a downloaded one, or the contact already synced (then
 * its identificadorUnico, the draft's customer id, is enough for the server).
 */
export async function contactoPendienteDelBorrador(
  base: BaseLocal,
  cliente: ClienteDelBorrador | null,
): Promise<ContactoPendiente | null> {
  if (!cliente?.sinSincronizar) {
    return null;
  }
  const pendiente = await base.contactosPendientes.get(cliente._id);
  return (pendiente?.cuerpo as ContactoPendiente | undefined) ?? null;
}
