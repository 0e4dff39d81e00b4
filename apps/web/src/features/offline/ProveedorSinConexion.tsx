import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useConexion } from '../../app/Conexion.tsx';
import { useSesion } from '../../app/sesion.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import type { BaseLocal } from './baseLocal.ts';
import { type ConteoDePendientes, contarPendientes, crearSincronizador, type Sincronizador } from './cola.ts';
import { enviarLote } from './envio.ts';
import { prepararSinConexion, type ResumenDePreparacion } from './preparacion.ts';
import { type CatalogoLocal, cargarCatalogo } from './productosLocales.ts';

// Spec 000 §4 "Connection": when the connection comes back the pending counts are recounted and, with
// automatic sync on, a sync starts after 5 s without further connection events. Also on sign-in: a
// token that expired offline leaves the queue whole, and it goes out after the next login.
export const ESPERA_SINCRONIZACION_MS = 5000;

export const CONTEO_VACIO: ConteoDePendientes = {
  totalFacturasPendientesOffline: 0,
  totalPagosFacturaOffline: 0,
  totalContatosOffline: 0,
  totalPedidosOffline: 0,
  apartados: 0,
};

/** Per company and device: the automatic-sync flag and the last preparation (spec 000 §3). */
type Preferencias = { sincronizacionAutomatica: boolean; preparadoEn: string | null; productos: number };

function clavePreferencias(tenantId: number): string {
  return `my-app-pos-sin-conexion-${tenantId}`;
}

function leerPreferencias(tenantId: number): Preferencias {
  try {
    const guardadas = JSON.parse(localStorage.getItem(clavePreferencias(tenantId)) ?? 'null');
    return { sincronizacionAutomatica: true, preparadoEn: null, productos: 0, ...guardadas };
  } catch {
    return { sincronizacionAutomatica: true, preparadoEn: null, productos: 0 };
  }
}

export function totalPendientes(conteo: ConteoDePendientes): number {
  return (
    conteo.totalFacturasPendientesOffline +
    conteo.totalPagosFacturaOffline +
    conteo.totalContatosOffline +
    conteo.totalPedidosOffline
  );
}

function descripcionDelResumen(resumen: ResumenDePreparacion): string {
  const parte = (cantidad: number | null, nombre: string) =>
    cantidad === null ? `${nombre}: sin permiso` : `${cantidad} ${nombre}`;
  return `Guardados en este equipo: ${[
    parte(resumen.productos, 'productos'),
    parte(resumen.contactos, 'contactos'),
    parte(resumen.cuentasPorCobrar, 'cuentas por cobrar'),
  ].join(', ')}.`;
}

export type EstadoSinConexion = {
  base: BaseLocal | null;
  conteo: ConteoDePendientes;
  sincronizando: boolean;
  preferencias: Preferencias;
  cambiarAutomatica: (activa: boolean) => void;
  /** Sends the queue now (the pending panel's button); a sync already running is not doubled. */
  sincronizar: () => Promise<void>;
  /** The downloaded catalogue in memory; null until loaded (or when never prepared). */
  catalogo: CatalogoLocal | null;
  /** Loads the stored catalogue into memory once (the POS asks for it when it opens). */
  cargarCatalogo: () => void;
  /** The preparation's progress (0-100) while it runs, else null. */
  progreso: number | null;
  preparar: () => Promise<void>;
  /** Whether the browser promised to keep the local data (navigator.storage.persist()); null unknown. */
  persistente: boolean | null;
  /** Opens the local database (once): the signed-in layouts ask for it after their first render. */
  abrirBase: () => void;
};

const Contexto = createContext<EstadoSinConexion | null>(null);

/** The offline state of the signed-in company; null outside the provider or without IndexedDB. */
export function useSinConexion(): EstadoSinConexion | null {
  return useContext(Contexto);
}

/** Opens the company's local database, keeps the counts and runs the sync (spec 000 §7). */
export function ProveedorSinConexion({ children }: { children: ReactNode }) {
  const sesion = useSesion();
  const tenantId = sesion?.tenantId;
  const { enLinea, monitor } = useConexion();
  const queryClient = useQueryClient();
  const [base, setBase] = useState<BaseLocal | null>(null);
  const [conteo, setConteo] = useState<ConteoDePendientes>(CONTEO_VACIO);
  const [sincronizando, setSincronizando] = useState(false);
  const [preferencias, setPreferencias] = useState<Preferencias>(() =>
    tenantId === undefined ? leerPreferencias(0) : leerPreferencias(tenantId),
  );
  const [catalogo, setCatalogo] = useState<CatalogoLocal | null>(null);
  const [progreso, setProgreso] = useState<number | null>(null);
  const [persistente, setPersistente] = useState<boolean | null>(null);
  const sincronizador = useRef<Sincronizador | null>(null);
  const cargandoCatalogo = useRef(false);
  const [pedida, setPedida] = useState(false);
  const abrirBase = useCallback(() => setPedida(true), []);

  // Browsers without IndexedDB (some private modes) simply cannot sell offline. The database library
  // (Dexie) loads only once a signed-in screen has rendered (AbrirBaseLocal): the POS paints without
  // it, and the service worker keeps it for an offline reload.
  useEffect(() => {
    setBase(null);
    if (tenantId === undefined || typeof indexedDB === 'undefined') {
      return;
    }
    setPreferencias(leerPreferencias(tenantId));
    setCatalogo(null);
    cargandoCatalogo.current = false;
    if (!pedida) {
      return;
    }
    let abierta: BaseLocal | null = null;
    let vigente = true;
    void import('./baseLocal.ts').then(
      (modulo) => {
        if (vigente) {
          abierta = new modulo.BaseLocal(tenantId);
          setBase(abierta);
        }
      },
      (error) => console.error('Base local:', error),
    );
    return () => {
      vigente = false;
      abierta?.close();
    };
  }, [tenantId, pedida]);

  // The counts follow the pending stores live, also when another tab queues or syncs (Dexie's
  // liveQuery observes the stores across the tabs of the origin).
  useEffect(() => {
    if (!base) {
      setConteo(CONTEO_VACIO);
      return;
    }
    let suscripcion: { unsubscribe: () => void } | null = null;
    let vigente = true;
    void import('dexie').then(({ liveQuery }) => {
      if (vigente) {
        suscripcion = liveQuery(() => contarPendientes(base)).subscribe({
          next: setConteo,
          error: (error) => console.error('Conteo de pendientes:', error),
        });
      }
    });
    return () => {
      vigente = false;
      suscripcion?.unsubscribe();
    };
  }, [base]);

  useEffect(() => {
    if (!base) {
      return;
    }
    const nuevo = crearSincronizador({
      base,
      enviar: enviarLote,
      alTerminar: (resultado, error) => {
        if (error) {
          // Spec 000 §8: a sync error is only logged; the queue stays and is retried with backoff.
          console.error('Sincronización sin conexión:', error);
        }
        if (resultado && resultado.creados > 0) {
          void queryClient.invalidateQueries({ queryKey: ['facturas'] });
          void queryClient.invalidateQueries({ queryKey: ['contactos'] });
          notifications.show({
            color: 'green',
            title: 'Sincronización completa',
            message:
              resultado.creados === 1
                ? 'El documento creado sin conexión ya está en el servidor.'
                : `Los ${resultado.creados} documentos creados sin conexión ya están en el servidor.`,
            autoClose: 3500,
          });
        }
        if (resultado && resultado.apartados > 0) {
          notifications.show({
            color: 'orange',
            title: 'Documentos apartados',
            message: `El servidor no aceptó ${resultado.apartados}; revíselos en el panel de sincronización.`,
            autoClose: 9000,
          });
        }
      },
    });
    sincronizador.current = nuevo;
    return () => {
      nuevo.detener();
      sincronizador.current = null;
    };
  }, [base, queryClient]);

  const sincronizar = useCallback(async () => {
    if (!sincronizador.current) {
      return;
    }
    setSincronizando(true);
    try {
      await sincronizador.current.sincronizar();
    } finally {
      setSincronizando(false);
    }
  }, []);

  // Connection restored, the app opened online, or a document queued: when online and with automatic
  // sync on, sync after 5 s without further activity (each change of the queue starts the wait again).
  const automatica = preferencias.sincronizacionAutomatica;
  const porEnviar = totalPendientes(conteo) - conteo.apartados;
  useEffect(() => {
    if (!enLinea || !automatica || porEnviar <= 0) {
      return;
    }
    const temporizador = setTimeout(() => void sincronizar(), ESPERA_SINCRONIZACION_MS);
    const quitar = monitor?.suscribir((evento) => {
      if (evento.tipo === 'conexion-perdida') {
        clearTimeout(temporizador);
      }
    });
    return () => {
      clearTimeout(temporizador);
      quitar?.();
    };
  }, [enLinea, automatica, porEnviar, monitor, sincronizar]);

  const cambiarAutomatica = useCallback(
    (activa: boolean) => {
      if (tenantId === undefined) {
        return;
      }
      setPreferencias((actuales) => {
        const nuevas = { ...actuales, sincronizacionAutomatica: activa };
        localStorage.setItem(clavePreferencias(tenantId), JSON.stringify(nuevas));
        return nuevas;
      });
    },
    [tenantId],
  );

  const cargar = useCallback(() => {
    if (!base || cargandoCatalogo.current) {
      return;
    }
    cargandoCatalogo.current = true;
    void cargarCatalogo(base).then(
      (cargado) => setCatalogo(cargado.tamano > 0 ? cargado : null),
      (error) => {
        cargandoCatalogo.current = false;
        console.error('Catálogo sin conexión:', error);
      },
    );
  }, [base]);

  const preparar = useCallback(async () => {
    if (!base || tenantId === undefined) {
      return;
    }
    setProgreso(0);
    try {
      // Spec 000 §3: ask the browser not to evict the local data when the disk runs low.
      setPersistente(navigator.storage?.persist ? await navigator.storage.persist() : false);
      const resumen = await prepararSinConexion(base, setProgreso);
      const cargado = await cargarCatalogo(base);
      setCatalogo(cargado.tamano > 0 ? cargado : null);
      cargandoCatalogo.current = true;
      setPreferencias((actuales) => {
        const nuevas = {
          ...actuales,
          preparadoEn: new Date().toISOString(),
          productos: resumen.productos ?? 0,
        };
        localStorage.setItem(clavePreferencias(tenantId), JSON.stringify(nuevas));
        return nuevas;
      });
      notifications.show({
        color: 'green',
        title: 'Listo para facturar sin conexión',
        message: descripcionDelResumen(resumen),
        autoClose: 4500,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se pudo preparar el modo sin conexión',
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      // Spec 001 §9: the loading flag clears 1500 ms after the last download.
      setTimeout(() => setProgreso(null), 1500);
    }
  }, [base, tenantId]);

  useEffect(() => {
    void navigator.storage?.persisted?.().then(setPersistente);
  }, []);

  const valor: EstadoSinConexion = {
    base,
    conteo,
    sincronizando,
    preferencias,
    cambiarAutomatica,
    sincronizar,
    catalogo,
    cargarCatalogo: cargar,
    progreso,
    preparar,
    persistente,
    abrirBase,
  };
  return <Contexto.Provider value={valor}>{children}</Contexto.Provider>;
}

/**
 * Rendered by the signed-in layouts: opens the local database once their screen is on display — the
 * profile known (the POS waits for it) and the browser idle after painting it.
 */
export function AbrirBaseLocal(): null {
  const abrir = useSinConexion()?.abrirBase;
  const conPerfil = usePerfil().perfil !== undefined;
  useEffect(() => {
    if (!abrir || !conPerfil) {
      return;
    }
    if (typeof requestIdleCallback !== 'function') {
      const temporizador = setTimeout(abrir, 0);
      return () => clearTimeout(temporizador);
    }
    const espera = requestIdleCallback(abrir, { timeout: 1000 });
    return () => cancelIdleCallback(espera);
  }, [abrir, conPerfil]);
  return null;
}
