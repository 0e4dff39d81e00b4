import { notifications } from '@mantine/notifications';
import { empresa } from '@pos/contract';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { crearMonitorDeConexion, type MonitorDeConexion } from './conexion.ts';
import { actualizarPlan } from './plan.ts';
import { useSesion } from './sesion.ts';

type EstadoConexion = { enLinea: boolean; monitor: MonitorDeConexion | null };
const ContextoConexion = createContext<EstadoConexion>({ enLinea: true, monitor: null });

/** Online/offline state and the monitor's events, for any screen (the offline POS builds on it). */
export function useConexion(): EstadoConexion {
  return useContext(ContextoConexion);
}

/** Runs the connection monitor for the signed-in company and keeps the plan fields fresh. */
export function ProveedorDeConexion({ children }: { children: ReactNode }) {
  const sesion = useSesion();
  const tenantId = sesion?.tenantId;
  const [estado, setEstado] = useState<EstadoConexion>({ enLinea: true, monitor: null });

  useEffect(() => {
    if (tenantId === undefined) {
      actualizarPlan(null);
      return;
    }
    const monitor = crearMonitorDeConexion({
      verificar: (signal) => api(empresa.apiTest, { tenantId, signal }),
    });
    const quitar = monitor.suscribir((evento) => {
      if (evento.tipo === 'plan') {
        actualizarPlan(evento.plan);
        return;
      }
      setEstado({ enLinea: monitor.enLinea(), monitor });
      if (evento.tipo === 'conexion-restablecida') {
        // Spec 000 §4: 'Conexión establecida / Ya puedes trabajar en línea' for 2 s.
        notifications.show({
          title: 'Conexión establecida',
          message: 'Ya puedes trabajar en línea',
          color: 'green',
          autoClose: 2000,
        });
      }
    });
    setEstado({ enLinea: monitor.enLinea(), monitor });
    monitor.iniciar();
    return () => {
      quitar();
      monitor.detener();
    };
  }, [tenantId]);

  return <ContextoConexion.Provider value={estado}>{children}</ContextoConexion.Provider>;
}
