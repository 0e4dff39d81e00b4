import type {
  DetalleExpediente,
  LineaExpedienteEntrada as Esquema,
  Evento,
  LineaExpedienteEntrada,
} from '@pos/contract';
import type { EstadoDeExpediente } from '@pos/domain';
import type { z } from 'zod';

// The case-file form's state and how it becomes the body of POST /expediente/ and PUT /expediente/{id}
// (spec 002 §3 lines: tareas, documentContent, archivosAdjunto, eventos). `clave` is the row's React key;
// `_id` is the stored item's id (sent back so the server keeps it and its timeline compares tasks).

export type TareaForm = {
  clave: string;
  _id?: string;
  nombre: string;
  nota: string;
  estado: EstadoDeExpediente;
};
export type DocumentoForm = {
  clave: string;
  _id?: string;
  nombre: string;
  nota: string;
  contenido: string;
  file: string;
};
export type AdjuntoForm = {
  clave: string;
  _id?: string;
  nombre: string;
  nota: string;
  contenido: string;
  tipo: string;
};
export type EventoNuevo = { clave: string; descripcion: string; fecha: string };
export type ProcesoForm = {
  clave: string;
  _id?: string;
  nombre: string;
  descripcion: string;
  estado: EstadoDeExpediente;
  tareas: TareaForm[];
  documentos: DocumentoForm[];
  adjuntos: AdjuntoForm[];
  /** The stored timeline (read-only: it only grows) and the entries typed now. */
  eventos: Evento[];
  eventosNuevos: EventoNuevo[];
};

const clave = () => crypto.randomUUID();

export const tareaVacia = (): TareaForm => ({ clave: clave(), nombre: '', nota: '', estado: 'Pendiente' });

export const procesoVacio = (): ProcesoForm => ({
  clave: clave(),
  nombre: '',
  descripcion: '',
  estado: 'Pendiente',
  tareas: [],
  documentos: [],
  adjuntos: [],
  eventos: [],
  eventosNuevos: [],
});

export function procesosDe(detalle: DetalleExpediente): ProcesoForm[] {
  return detalle.lineasExpediente.map((l) => ({
    clave: l._id,
    _id: l._id,
    nombre: l.nombre,
    descripcion: l.descripcion,
    estado: l.estado,
    tareas: l.tareas.map((t) => ({ ...t, clave: t._id })),
    documentos: l.documentContent.map((d) => ({ ...d, clave: d._id })),
    adjuntos: l.archivosAdjunto.map((a) => ({ ...a, clave: a._id })),
    eventos: l.eventos,
    eventosNuevos: [],
  }));
}

/** The processes as the API takes them; a task without a name is left out (an empty row). */
export function lineasDelCuerpo(procesos: readonly ProcesoForm[]): z.input<typeof Esquema>[] {
  return procesos.map(
    (p): z.input<typeof Esquema> => ({
      ...(p._id ? { _id: p._id } : {}),
      nombre: p.nombre.trim(),
      descripcion: p.descripcion.trim(),
      estado: p.estado,
      tareas: p.tareas
        .filter((t) => t.nombre.trim() !== '')
        .map((t) => ({
          ...(t._id ? { _id: t._id } : {}),
          nombre: t.nombre.trim(),
          nota: t.nota.trim(),
          estado: t.estado,
        })),
      documentContent: p.documentos.map((d) => ({
        ...(d._id ? { _id: d._id } : {}),
        nombre: d.nombre.trim(),
        nota: d.nota.trim(),
        contenido: d.contenido,
        file: d.file as LineaExpedienteEntrada['documentContent'][number]['file'],
      })),
      archivosAdjunto: p.adjuntos.map((a) => ({
        ...(a._id ? { _id: a._id } : {}),
        nombre: a.nombre.trim(),
        nota: a.nota.trim(),
        contenido: a.contenido,
      })),
      eventos: p.eventosNuevos
        .filter((e) => e.descripcion.trim() !== '')
        .map((e) => ({ descripcion: e.descripcion.trim(), ...(e.fecha ? { fecha: e.fecha } : {}) })),
    }),
  );
}
