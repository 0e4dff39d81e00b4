import { Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  MENSAJE_NO_DISPONIBLE_EN_ALMACEN,
  MENSAJE_TURNO_CERRADO_DETALLE,
  type ProductoBajoStock,
} from '@pos/contract';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorDeApi, esSinRespuesta } from '../../api/client.ts';
import type { EstadoHaciaTurnos } from '../turnos/rutas.ts';
import { DETALLES_TURNOS } from './rutas.ts';

// The POS dialogs with the spec's texts and timings (spec 000 §8, §9; 001 §8).

/** Spec 000 §9 dialog timers. */
export const DURACION_AVISO_MS = {
  agotado: 4400,
  sinEmpaque: 7400,
  bloqueado: 3200,
  noDisponible: 3200,
} as const;
/** Spec 000 §8, §9: stock banners show 5 s. */
export const DURACION_BANNER_EXISTENCIA_MS = 5000;
/** Spec 001 §1, §9: the partner discount notice shows 5200 ms. */
export const DURACION_AVISO_SOCIO_MS = 5200;

type Tono = 'red' | 'orange' | 'blue';

function BarraDeTiempo({ duracion, color }: { duracion: number; color: Tono }) {
  const [lleno, setLleno] = useState(100);
  useEffect(() => {
    const marco = requestAnimationFrame(() => setLleno(0));
    return () => cancelAnimationFrame(marco);
  }, []);
  return (
    <Progress
      value={lleno}
      size="xs"
      color={color}
      aria-hidden
      transitionDuration={duracion}
      styles={{ section: { transitionTimingFunction: 'linear' } }}
    />
  );
}

// Like the original's timed alerts: the dialog closes itself after its time; Enter or Escape closes it
// sooner, and the focus goes back to the barcode field.
/** A dialog that closes itself after `duracion` ms. */
export function dialogoConTiempo(opciones: {
  titulo: string;
  texto: string;
  duracion: number;
  tono?: Tono;
}): void {
  const tono = opciones.tono ?? 'red';
  const id = modals.open({
    title: (
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color={tono} variant="light" size="md" radius="xl">
          {tono === 'blue' ? <IconInfoCircle size={16} /> : <IconAlertTriangle size={16} />}
        </ThemeIcon>
        <Text fw={650}>{opciones.titulo}</Text>
      </Group>
    ),
    centered: true,
    size: 'sm',
    children: (
      <Stack gap="md">
        <Text size="sm">{opciones.texto}</Text>
        <BarraDeTiempo duracion={opciones.duracion} color={tono} />
        <Group justify="flex-end">
          <Button size="sm" color={tono} onClick={() => modals.close(id)} data-autofocus>
            Aceptar
          </Button>
        </Group>
      </Stack>
    ),
  });
  setTimeout(() => modals.close(id), opciones.duracion);
}

// Spec 000 §8: the server answers the add-product call with the domain's messages (validarAgregarProducto);
// each one has its dialog title and time. Any other refusal is 'Lo siento' with the spec's text; a
// failure without an answer (no connection) keeps its own message, which says what happened.
/** Shows the dialog for a failed add-product call. */
export function avisarErrorAlAgregar(error: unknown): void {
  const mensaje = error instanceof Error ? error.message : '';
  if (mensaje === 'No hay disponibilidad') {
    dialogoConTiempo({
      titulo: 'El producto está agotado',
      texto: mensaje,
      duracion: DURACION_AVISO_MS.agotado,
    });
    return;
  }
  if (mensaje === 'Este producto no tiene el modo de empaque configurado.') {
    dialogoConTiempo({
      titulo: 'El producto no fue agregado.',
      texto: mensaje,
      duracion: DURACION_AVISO_MS.sinEmpaque,
      tono: 'orange',
    });
    return;
  }
  if (/bloqueado por inventario/i.test(mensaje)) {
    dialogoConTiempo({
      titulo: 'Producto en Proceso de inventario',
      texto: mensaje,
      duracion: DURACION_AVISO_MS.bloqueado,
      tono: 'orange',
    });
    return;
  }
  const sinRespuesta = esSinRespuesta(error);
  dialogoConTiempo({
    titulo: 'Lo siento',
    texto: sinRespuesta ? mensaje : MENSAJE_NO_DISPONIBLE_EN_ALMACEN,
    duracion: DURACION_AVISO_MS.noDisponible,
  });
}

/** The flags of a refused invoice (spec 001 §8), read from the error body. */
export type RechazoDeFactura =
  | { tipo: 'turnoCerrado'; mensaje: string }
  | { tipo: 'bajoStock'; mensaje: string; productos: ProductoBajoStock[] }
  | { tipo: 'limiteDeCredito'; mensaje: string }
  | { tipo: 'otro'; mensaje: string };

/** Classifies a failed POST /factura/crear by the flags the server sends with the message. */
export function clasificarRechazo(error: unknown): RechazoDeFactura {
  const mensaje = error instanceof Error ? error.message : 'Ocurrió un error inesperado.';
  if (!(error instanceof ErrorDeApi)) {
    return { tipo: 'otro', mensaje };
  }
  const { datos } = error;
  if (datos.estadoDelTurno === false) {
    return { tipo: 'turnoCerrado', mensaje };
  }
  if (Array.isArray(datos.productoBajoStock)) {
    return { tipo: 'bajoStock', mensaje, productos: datos.productoBajoStock as ProductoBajoStock[] };
  }
  if (datos.excedeLimiteDeCredito === true) {
    return { tipo: 'limiteDeCredito', mensaje };
  }
  return { tipo: 'otro', mensaje };
}

// Spec 001 §8, 002 §8: the shift was closed: the server's message plus 'No se puede realizar la operación,
// hasta que haya un nuevo turno abierto'.
/** The closed-shift dialog (shown over the shift screen the POS goes to). */
function avisarTurnoCerrado(mensaje: string): void {
  modals.openConfirmModal({
    title: 'Turno cerrado',
    centered: true,
    children: (
      <Stack gap="xs">
        <Text size="sm">{mensaje}</Text>
        <Text size="sm" fw={600}>
          {MENSAJE_TURNO_CERRADO_DETALLE}
        </Text>
      </Stack>
    ),
    labels: { confirm: 'Entendido', cancel: 'Cerrar' },
    cancelProps: { display: 'none' },
  });
}

/**
 * What the POS does when the server refuses an operation because the shift is closed (spec 001 §8
 * "Invoice create with closed shift", "Receipt in create with closed shift", credit notes and payments
 * out alike): the shift is taken as closed here too (its queries read again), the cashier goes to the
 * shift screen, which keeps the reason on screen, and the dialog says the server's message plus that
 * nothing can be done until a shift is open. Answers the function to call with that message.
 */
export function useTurnoCerradoEnElPos(): (mensaje: string) => void {
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (mensaje: string) => {
      void queryClient.invalidateQueries({ queryKey: ['turnos'] });
      const estado: EstadoHaciaTurnos = { mensaje };
      void navegar(DETALLES_TURNOS, { state: estado });
      avisarTurnoCerrado(mensaje);
    },
    [navegar, queryClient],
  );
}
