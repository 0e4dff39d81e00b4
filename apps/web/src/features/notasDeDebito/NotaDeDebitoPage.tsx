import { tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { NotaDeDebitoFormulario } from './NotaDeDebitoFormulario.tsx';
import { notaDeDebitoQueries } from './queries.ts';
import { rutaDeLaNotaDeDebito } from './rutas.ts';

/** /notas_de_debito/nueva_nota_debito and /notas_de_debito/editar_nota_debito?id=… (spec 001 §2). */
export default function NotaDeDebitoPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...notaDeDebitoQueries.una(id ?? ''), enabled: id !== null });
  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  return (
    <NotaDeDebitoFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardada: existente.data } : {})}
      puedeGuardar={!perfil || tienePermiso(perfil.privilegios, 'notasDeDebito', id ? 'modificar' : 'crear')}
      alGuardar={(guardada) => void navegar(rutaDeLaNotaDeDebito(guardada))}
      alCancelar={() => void navegar(-1)}
    />
  );
}
