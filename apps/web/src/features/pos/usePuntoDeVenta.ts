import type { Perfil, Turno } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useSesion } from '../../app/sesion.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { claveDeBorradores } from './almacen.ts';
import type { ContextoDeVenta } from './borrador.ts';
import { posQueries } from './queries.ts';

export type EstadoDelPuntoDeVenta = {
  perfil: Perfil | undefined;
  /** The localStorage key of this company and user's drafts; null while the profile loads. */
  clave: string | null;
  turno: Turno | null;
  /** Whether the shift read is still pending (no answer yet). */
  cargandoTurno: boolean;
  errorDelTurno: Error | null;
  reintentarTurno: () => void;
  /** The warehouse the goods leave from: the terminal's default, else the main warehouse. */
  idAlmacen: string | null;
  nombreTerminal: string | null;
  /** Everything a sale needs; null without an open shift or a warehouse. */
  contexto: ContextoDeVenta | null;
};

// Issue 7: the POS sells on the open shift (PATCH /turno/actual/{userId}); the terminal comes from the
// shift (idTerminalRef) and the warehouse from the terminal's almacenPorDefecto, else the main warehouse.
/** The session, shift, terminal and warehouse of the POS. */
export function usePuntoDeVenta(): EstadoDelPuntoDeVenta {
  const sesion = useSesion();
  const { perfil } = usePerfil();
  const idUsuario = perfil?._id ?? '';
  const consultaTurno = useQuery({ ...posQueries.turnoActual(idUsuario), enabled: idUsuario !== '' });
  const turno = consultaTurno.data?.estadoDelTurno ? (consultaTurno.data.turnoEnCurso ?? null) : null;
  const consultaTerminal = useQuery({
    ...posQueries.terminal(turno?.idTerminalRef ?? ''),
    enabled: Boolean(turno?.idTerminalRef),
  });
  const almacenDelTerminal = consultaTerminal.data?.almacenPorDefecto ?? null;
  // The main warehouse is needed when there is no shift, the terminal has none, or it cannot be read.
  const necesitaPrincipal =
    idUsuario !== '' &&
    !consultaTurno.isPending &&
    (turno === null ||
      consultaTerminal.isError ||
      (consultaTerminal.isSuccess && almacenDelTerminal === null));
  const consultaPrincipal = useQuery({ ...posQueries.almacenPrincipal(), enabled: necesitaPrincipal });
  const idAlmacen = almacenDelTerminal ?? (necesitaPrincipal ? (consultaPrincipal.data?._id ?? null) : null);
  return {
    perfil,
    clave: sesion && perfil ? claveDeBorradores(sesion.tenantId, perfil._id) : null,
    turno,
    cargandoTurno: idUsuario === '' || consultaTurno.isPending,
    errorDelTurno: consultaTurno.error,
    reintentarTurno: () => void consultaTurno.refetch(),
    idAlmacen,
    nombreTerminal: consultaTerminal.data?.nombre ?? turno?.nombreTerminal ?? null,
    contexto:
      turno && idAlmacen
        ? {
            idTurno: turno._id,
            idTerminal: turno.idTerminalRef,
            idUsuarioDelTurno: turno.idUserRef,
            idAlmacen,
          }
        : null,
  };
}
