import { Badge, Group } from '@mantine/core';
import type { Expediente } from '@pos/contract';
import { type EstadoDeExpediente, NOMBRES_DE_ESTADO } from '@pos/domain';
import { estadoDelDocumento } from '../../ui/documento/EstadoDelDocumento.tsx';

/** A case file's document state as a badge: Activo, Por anular, Anulado (spec 000 §4). */
export function EstadoDeExpedienteBadge({
  expediente,
}: {
  expediente: Pick<Expediente, 'estado' | 'autorizacion'>;
}) {
  const { texto, color } = estadoDelDocumento(expediente, 'masculino');
  return (
    <Badge color={color} variant="light" size="sm">
      {texto}
    </Badge>
  );
}

/** How a process's or task's state reads (spec 002 §4). */
export const ETIQUETAS_DE_ESTADO: Record<EstadoDeExpediente, string> = NOMBRES_DE_ESTADO;
export const COLORES_DE_ESTADO: Record<EstadoDeExpediente, string> = {
  Pendiente: 'gray',
  EnProceso: 'blue',
  Finalizado: 'green',
};
export const OPCIONES_DE_ESTADO = (Object.keys(ETIQUETAS_DE_ESTADO) as EstadoDeExpediente[]).map((e) => ({
  value: e,
  label: ETIQUETAS_DE_ESTADO[e],
}));

export function EstadoDeTarea({ estado }: { estado: EstadoDeExpediente }) {
  return (
    <Badge color={COLORES_DE_ESTADO[estado]} variant="light" size="sm">
      {ETIQUETAS_DE_ESTADO[estado]}
    </Badge>
  );
}

/** Spec 002 §4: the tasks pending (Pendiente + EnProceso) and finished, side by side. */
export function Conteo({ pendientes, finalizados }: { pendientes: number; finalizados: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        color={pendientes > 0 ? 'orange' : 'gray'}
        variant="light"
        size="sm"
        aria-label={`Pendientes: ${pendientes}`}
      >
        Pendientes {pendientes}
      </Badge>
      <Badge color="green" variant="light" size="sm" aria-label={`Finalizados: ${finalizados}`}>
        Finalizados {finalizados}
      </Badge>
    </Group>
  );
}

/** How the notices say what the cancellation call did (spec 000 §4). */
export const RESULTADO_DE_ANULACION = {
  anulado: 'anulada',
  solicitado: 'solicitada',
  aprobado: 'aprobada',
  rechazado: 'rechazada',
} as const;
