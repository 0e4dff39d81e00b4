import { Button, type ButtonProps, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ComponentPropsWithoutRef, useCallback } from 'react';
import { enlaceActivarSuscripcion, enModoLectura, usePlan } from '../app/plan.ts';
import { useConfiguracionGeneral } from '../app/useEmpresa.ts';

/** Read mode of a suspended plan: whether it is on, and the 'Plan En Modo Lectura' dialog (spec 000 §6). */
export function useModoLectura(): { soloLectura: boolean; avisar: () => void } {
  const plan = usePlan();
  const general = useConfiguracionGeneral();
  const datos = general?.configGeneral[0];
  const avisar = useCallback(() => {
    const enlace = enlaceActivarSuscripcion(datos?.telefono ?? '', datos?.nombre ?? 'mi empresa');
    modals.openConfirmModal({
      title: 'Plan En Modo Lectura',
      centered: true,
      children: <Text size="sm">Considera activar tu suscripción para poder editar y crear documentos</Text>,
      labels: { confirm: 'Activar suscripción', cancel: 'Cancelar' },
      confirmProps: { color: '#14A44D', disabled: enlace === null },
      onConfirm: () => {
        if (enlace) {
          window.open(enlace, '_blank', 'noopener');
        }
      },
    });
  }, [datos?.telefono, datos?.nombre]);
  return { soloLectura: enModoLectura(plan), avisar };
}

type Props = ButtonProps & ComponentPropsWithoutRef<'button'>;

/** A create or edit button: with a suspended plan it opens the read-mode dialog instead of acting. */
export function BotonEscritura({ onClick, ...props }: Props) {
  const { soloLectura, avisar } = useModoLectura();
  return (
    <Button
      {...props}
      aria-disabled={soloLectura || undefined}
      variant={soloLectura ? 'default' : props.variant}
      onClick={(evento) => {
        if (soloLectura) {
          // A submit button must not submit the form behind the read-only notice.
          evento.preventDefault();
          avisar();
          return;
        }
        onClick?.(evento);
      }}
    />
  );
}
