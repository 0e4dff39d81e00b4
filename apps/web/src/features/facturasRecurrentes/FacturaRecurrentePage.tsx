import { tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { FacturaRecurrenteFormulario } from './FacturaRecurrenteFormulario.tsx';
import {
  facturaRecurrenteQueries,
  useActualizarFacturaRecurrente,
  useCrearFacturaRecurrente,
} from './queries.ts';
import { VISTA_FACTURA_RECURRENTE } from './rutas.ts';

/** /factura_recurrente/nueva_factura_recurrente and editar_factura_recurrente?id=… (spec 001 §2). */
export default function FacturaRecurrentePage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...facturaRecurrenteQueries.una(id ?? ''), enabled: id !== null });
  const crear = useCrearFacturaRecurrente();
  const actualizar = useActualizarFacturaRecurrente();

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  return (
    <FacturaRecurrenteFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardada: existente.data } : {})}
      puedeGuardar={!perfil || tienePermiso(perfil.privilegios, 'facturas', id ? 'modificar' : 'crear')}
      alGuardar={(guardada) => void navegar(`${VISTA_FACTURA_RECURRENTE}?id=${guardada}`)}
      alCancelar={() => void navegar(-1)}
      guardar={async ({ cuerpo, lineasAEliminar }) => {
        if (id) {
          // Spec 001 §7 PUT /factura-recurrente/{id} (fields, lineasFacturaRecurrente, lineasDelete).
          const guardada = await actualizar.mutateAsync({
            id,
            body: { ...cuerpo, lineasDelete: lineasAEliminar },
          });
          return { id: guardada._id, solicitudDuplicada: false };
        }
        // POST /factura-recurrente/ (fields, lineasFacturaRecurrente, identificadorUnico).
        const creada = await crear.mutateAsync(cuerpo);
        return { id: creada._id, solicitudDuplicada: creada.solicitudDuplicada };
      }}
    />
  );
}
