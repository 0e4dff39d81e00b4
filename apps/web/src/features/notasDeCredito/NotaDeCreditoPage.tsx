import { tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { NotaDeCreditoFormulario } from './NotaDeCreditoFormulario.tsx';
import { notaDeCreditoQueries } from './queries.ts';
import { rutaDeLaNotaDeCredito } from './rutas.ts';

/** /notas_de_credito/nueva_nota_credito and /notas_de_credito/editar_nota_credito?id=… (spec 001 §2). */
export default function NotaDeCreditoPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...notaDeCreditoQueries.una(id ?? ''), enabled: id !== null });
  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  return (
    <NotaDeCreditoFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardada: existente.data } : {})}
      puedeGuardar={!perfil || tienePermiso(perfil.privilegios, 'notasDeCredito', id ? 'modificar' : 'crear')}
      alGuardar={(guardada) => void navegar(rutaDeLaNotaDeCredito(guardada))}
      alCancelar={() => void navegar(-1)}
    />
  );
}
