import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconReceipt } from '@tabler/icons-react';
import { avisosDelPlan, usePlan } from '../app/plan.ts';
import { useModoLectura } from './ModoLectura.tsx';

const ICONOS = { saldo: IconReceipt, suspendido: IconAlertTriangle, prueba: IconClock } as const;
const COLORES = { saldo: 'yellow', suspendido: 'red', prueba: 'blue' } as const;

/** The plan banners of spec 000 §2, from the latest health check. */
export function AvisosDelPlan() {
  const plan = usePlan();
  const { avisar } = useModoLectura();
  const avisos = avisosDelPlan(plan);
  if (avisos.length === 0) {
    return null;
  }
  return (
    <Stack gap="xs" mb="md">
      {avisos.map((aviso) => {
        const Icono = ICONOS[aviso.tipo];
        return (
          <Alert
            key={aviso.tipo}
            color={COLORES[aviso.tipo]}
            icon={<Icono size={18} />}
            py="xs"
            role="status"
          >
            {aviso.texto}{' '}
            {aviso.tipo === 'suspendido' && (
              <Anchor component="button" type="button" size="sm" onClick={avisar}>
                Activar suscripción
              </Anchor>
            )}
          </Alert>
        );
      })}
    </Stack>
  );
}
