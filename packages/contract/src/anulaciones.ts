import { z } from 'zod';
import { SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';

// Spec 001 §3 "Cancellation request item": numeracioDocumento, estado, idUsuario, _id (sic). The other
// fields say which document it is and how it was resolved, for the audit screen.
export const SolicitudDeAnulacion = z.object({
  _id: z.string(),
  tipoDocumento: z.string(),
  idDocumento: z.string(),
  numeracioDocumento: z.string(),
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']),
  tipoDeAnulacion: z.string(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  idUsuario: z.string().nullable(),
  nombreUsuario: z.string(),
  idSupervisor: z.string().nullable(),
  nombreSupervisor: z.string(),
  /** The document's total, when it has one. */
  total: z.number().nullable(),
  fecha: z.string(),
  resueltaEn: z.string().nullable(),
});
export type SolicitudDeAnulacion = z.infer<typeof SolicitudDeAnulacion>;

// Spec 000 §7: "The audit list calls POST /users/solicitud-Anulacion/ with estado, idUsuario, limit,
// page and returns data and total". estado filters by authorization (Pendiente by default).
export const FiltroSolicitudes = z.object({
  estado: z.enum(['Pendiente', 'Aprobada', 'Rechazada', 'Todas']).default('Pendiente'),
  idUsuario: z.uuid().nullable().optional(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(25),
});

export const anulaciones = {
  solicitudes: endpoint({
    method: 'POST',
    path: '/users/solicitud-Anulacion/',
    efecto: 'lee',
    body: FiltroSolicitudes,
    params: SinParams,
    respuesta: z.object({ data: z.array(SolicitudDeAnulacion), total: z.number().int() }),
  }),
};
