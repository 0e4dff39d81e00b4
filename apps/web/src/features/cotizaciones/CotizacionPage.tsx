import { tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { CotizacionFormulario } from './CotizacionFormulario.tsx';
import { cotizacionQueries, useActualizarCotizacion, useCrearCotizacion } from './queries.ts';
import { VISTA_COTIZACION } from './rutas.ts';

/** /cotizacion/nueva_cotizacion and /cotizacion/editar_cotizacion?id=… (spec 001 §2). */
export default function CotizacionPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...cotizacionQueries.una(id ?? ''), enabled: id !== null });
  const crear = useCrearCotizacion();
  const actualizar = useActualizarCotizacion();

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  const puedeGuardar =
    !perfil || tienePermiso(perfil.privilegios, 'cotizaciones', id ? 'modificar' : 'crear');
  return (
    <CotizacionFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardado: existente.data } : {})}
      puedeGuardar={puedeGuardar}
      alGuardar={(guardada) => void navegar(`${VISTA_COTIZACION}?id=${guardada}`)}
      alCancelar={() => void navegar(-1)}
      guardar={async ({ cabecera, lineas, lineasAEliminar, identificadorUnico }) => {
        if (id) {
          // Spec 001 §7 PUT /cotizacion/{id}: header, ids of the removed lines, lines.
          const { cotizacionDb } = await actualizar.mutateAsync({
            id,
            body: [cabecera, lineasAEliminar, lineas],
          });
          return { id: cotizacionDb._id, solicitudDuplicada: false };
        }
        // Spec 001 §7 POST /cotizacion/ [header, lines, identificadorUnico].
        const { cotizacionDb, solicitudDuplicada } = await crear.mutateAsync([
          cabecera,
          lineas,
          identificadorUnico,
        ]);
        return { id: cotizacionDb._id, solicitudDuplicada };
      }}
    />
  );
}
