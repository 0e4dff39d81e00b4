import { tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { AjusteFormulario } from './AjusteFormulario.tsx';
import { ajusteQueries, useActualizarAjuste, useCrearAjuste } from './queries.ts';
import { LISTA_DE_AJUSTES } from './rutas.ts';

/** nuevo_ajuste_inventario and editar_ajuste_inventario?id=… (spec 002 §2). */
export default function AjustePage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...ajusteQueries.uno(id ?? ''), enabled: id !== null });
  const crear = useCrearAjuste();
  const actualizar = useActualizarAjuste();

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  const accion = id ? 'modificar' : 'crear';
  const puedeGuardar = !perfil || tienePermiso(perfil.privilegios, 'ajusteInventario', accion);
  const volver = () => void navegar(LISTA_DE_AJUSTES);
  return (
    <AjusteFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardado: existente.data } : {})}
      puedeGuardar={puedeGuardar}
      alGuardar={volver}
      alCancelar={volver}
      alEliminar={volver}
      guardar={async ({ encabezado, lineas, lineasAEliminar, identificadorUnico }) => {
        if (id) {
          await actualizar.mutateAsync({ id, body: [encabezado, lineas, lineasAEliminar] });
          return { solicitudDuplicada: false };
        }
        return crear.mutateAsync([encabezado, lineas, identificadorUnico]);
      }}
    />
  );
}
