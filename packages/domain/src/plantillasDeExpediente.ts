import type { EstadoDeExpediente } from './expedientes.ts';

// Spec 002 §3 "Case file": a line's documentContent[] are documents written from templates, and "two
// sample templates exist: a vehicle sale contract and a vehicle certificate". A template is plain text
// with {{campo}} marks; filling puts the case file's client, company and dates in them, and leaves a
// blank to complete by hand wherever the case file has no value (the vehicle's data, the price). The
// browser fills the editor with it and the server fills a document created without text, so both say
// the same.

/** The fields a template may name, and how the editor lists them. */
export const CAMPOS_DE_PLANTILLA = {
  'cliente.nombre': 'Nombre del cliente',
  'cliente.identificacion': 'Cédula o RNC del cliente',
  'cliente.direccion': 'Dirección del cliente',
  'cliente.telefono': 'Teléfono del cliente',
  'cliente.correo': 'Correo del cliente',
  'empresa.nombre': 'Nombre de la empresa',
  'empresa.rnc': 'RNC de la empresa',
  'empresa.direccion': 'Dirección de la empresa',
  'expediente.numero': 'Número del expediente',
  fecha: 'Fecha de emisión (dd/mm/aaaa)',
  'fecha.letras': 'Fecha de emisión en letras',
} as const;
export type CampoDePlantilla = keyof typeof CAMPOS_DE_PLANTILLA;

/** What the case file knows for its templates; a field absent or empty is left blank to complete. */
export type DatosDePlantilla = Partial<Record<CampoDePlantilla, string>>;

export type PlantillaDeExpediente = { id: string; nombre: string; texto: string };

/** What a mark without a value becomes: a line to complete by hand on the printed page. */
export const ESPACIO_EN_BLANCO = '____________________';

const MARCA = /\{\{\s*([a-zA-Z.]+)\s*\}\}/g;

// The two sample templates of spec 002 §3. Dominican usage: the parties by name and cédula, the vehicle by
// its registration (matrícula) data, and the place and date of signing.
export const PLANTILLAS_DE_EXPEDIENTE: readonly PlantillaDeExpediente[] = [
  {
    id: 'contratoVentaVehiculo',
    nombre: 'Contrato de venta de vehículo',
    texto: `CONTRATO DE VENTA DE VEHÍCULO DE MOTOR

Expediente N.º {{expediente.numero}}

Entre {{empresa.nombre}}, RNC {{empresa.rnc}}, con domicilio en {{empresa.direccion}}, quien en lo adelante se denominará EL VENDEDOR; y {{cliente.nombre}}, portador(a) de la cédula o RNC {{cliente.identificacion}}, domiciliado(a) en {{cliente.direccion}}, teléfono {{cliente.telefono}}, quien en lo adelante se denominará EL COMPRADOR, se ha convenido y pactado lo siguiente:

PRIMERO: EL VENDEDOR vende, cede y transfiere a favor de EL COMPRADOR, quien acepta, el vehículo de motor que se describe a continuación: marca {{vehiculo.marca}}, modelo {{vehiculo.modelo}}, año {{vehiculo.anio}}, color {{vehiculo.color}}, chasis {{vehiculo.chasis}}, placa {{vehiculo.placa}}, matrícula {{vehiculo.matricula}}.

SEGUNDO: El precio convenido es de RD$ {{venta.precio}}, que EL COMPRADOR paga en la forma siguiente: {{venta.formaDePago}}.

TERCERO: EL VENDEDOR garantiza que el vehículo está libre de cargas, gravámenes y oposiciones, y se obliga a entregar la matrícula original y los documentos necesarios para el traspaso.

CUARTO: A partir de la firma de este contrato, EL COMPRADOR asume la responsabilidad civil y penal por el uso del vehículo.

Hecho y firmado en dos originales, en la ciudad de Santo Domingo, República Dominicana, el {{fecha.letras}}.


______________________________          ______________________________
EL VENDEDOR                                      EL COMPRADOR
{{empresa.nombre}}                               {{cliente.nombre}}`,
  },
  {
    id: 'certificacionVehiculo',
    nombre: 'Certificación de vehículo',
    texto: `CERTIFICACIÓN

Expediente N.º {{expediente.numero}}

{{empresa.nombre}}, RNC {{empresa.rnc}}, con domicilio en {{empresa.direccion}}, CERTIFICA:

Que el vehículo de motor marca {{vehiculo.marca}}, modelo {{vehiculo.modelo}}, año {{vehiculo.anio}}, color {{vehiculo.color}}, chasis {{vehiculo.chasis}}, placa {{vehiculo.placa}}, fue vendido a {{cliente.nombre}}, portador(a) de la cédula o RNC {{cliente.identificacion}}, domiciliado(a) en {{cliente.direccion}}, quien lo ha recibido conforme.

Que dicho vehículo se encuentra en proceso de traspaso a nombre del comprador, por lo que se autoriza su circulación mientras se completa el trámite.

La presente certificación se expide a solicitud de la parte interesada, en Santo Domingo, República Dominicana, el {{fecha.letras}}.


______________________________
{{empresa.nombre}}`,
  },
];

/** The sample template `id`, if there is one. */
export function plantillaDeExpediente(id: string): PlantillaDeExpediente | undefined {
  return PLANTILLAS_DE_EXPEDIENTE.find((p) => p.id === id);
}

/** Every mark a template names, once each, in order of appearance. */
export function camposDeLaPlantilla(texto: string): string[] {
  return [...new Set([...texto.matchAll(MARCA)].map((m) => m[1] as string))];
}

/**
 * The template with each {{campo}} replaced by the case file's value; a mark without a value (the
 * vehicle's data, a client without address) becomes a blank line to complete by hand.
 */
export function llenarPlantilla(texto: string, datos: DatosDePlantilla): string {
  return texto.replace(MARCA, (_marca, campo: string) => {
    const valor = (datos as Record<string, string | undefined>)[campo]?.trim();
    return valor ? valor : ESPACIO_EN_BLANCO;
  });
}

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** A calendar day 'AAAA-MM-DD' as a contract writes it: '15 de marzo de 2026' ('' when not a date). */
export function fechaEnLetras(fecha: string): string {
  const partes = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fecha);
  const mes = MESES[Number(partes?.[2]) - 1];
  if (!partes || !mes) {
    return '';
  }
  return `${Number(partes[3])} de ${mes} de ${partes[1]}`;
}

/** What templates get from a case file: the client's data as the header keeps it, the company's, its number and date. */
export function datosDePlantilla(expediente: {
  nombre: string;
  numeroDeIdentificacion: string;
  direccion: string;
  telefono: string;
  movil: string;
  correo: string;
  comprobante: string;
  fechaEmision: string;
  empresa: { nombre: string; rnc: string; direccion: string };
}): DatosDePlantilla {
  const [anio, mes, dia] = expediente.fechaEmision.split('-');
  return {
    'cliente.nombre': expediente.nombre,
    'cliente.identificacion': expediente.numeroDeIdentificacion,
    'cliente.direccion': expediente.direccion,
    'cliente.telefono': expediente.telefono || expediente.movil,
    'cliente.correo': expediente.correo,
    'empresa.nombre': expediente.empresa.nombre,
    'empresa.rnc': expediente.empresa.rnc,
    'empresa.direccion': expediente.empresa.direccion,
    'expediente.numero': expediente.comprobante,
    fecha: dia && mes && anio ? `${dia}/${mes}/${anio}` : '',
    'fecha.letras': fechaEnLetras(expediente.fechaEmision),
  };
}

/** How the timeline writes a state (spec 002 §4). */
export const NOMBRES_DE_ESTADO: Record<EstadoDeExpediente, string> = {
  Pendiente: 'Pendiente',
  EnProceso: 'En proceso',
  Finalizado: 'Finalizado',
};

/** A task as the timeline compares it. */
export type TareaComparada = { _id: string; nombre: string; estado: EstadoDeExpediente };

/**
 * The timeline entries (spec 002 §3 line `eventos[]`) a save of a process's tasks makes: each task added
 * with its state, each one whose state changed, and each one removed, by name.
 */
export function cambiosDeTareas(
  antes: readonly TareaComparada[],
  despues: readonly TareaComparada[],
): string[] {
  const previas = new Map(antes.map((t) => [t._id, t]));
  const quedan = new Set(despues.map((t) => t._id));
  const cambios: string[] = [];
  for (const tarea of despues) {
    const previa = previas.get(tarea._id);
    if (!previa) {
      cambios.push(`Tarea «${tarea.nombre}» agregada (${NOMBRES_DE_ESTADO[tarea.estado]}).`);
    } else if (previa.estado !== tarea.estado) {
      cambios.push(
        `Tarea «${tarea.nombre}»: ${NOMBRES_DE_ESTADO[previa.estado]} → ${NOMBRES_DE_ESTADO[tarea.estado]}.`,
      );
    }
  }
  for (const previa of antes) {
    if (!quedan.has(previa._id)) {
      cambios.push(`Tarea «${previa.nombre}» eliminada.`);
    }
  }
  return cambios;
}
