import { tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { ConduceFormulario } from './ConduceFormulario.tsx';
import { conduceQueries, useActualizarConduce, useCrearConduce } from './queries.ts';
import { NUEVO_CONDUCE_POST_FACTURA, rutaDelConduce } from './rutas.ts';

/**
 * /conduce/nuevo_conduce (pre-invoice), /conduce/nuevo_conduce_post_factura and
 * /conduce/editar_conduce?id=… (spec 001 §2).
 */
export default function ConducePage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...conduceQueries.uno(id ?? ''), enabled: id !== null });
  const crear = useCrearConduce();
  const actualizar = useActualizarConduce();

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  const tipo =
    existente.data?.conduceDb.tipo ??
    (ubicacion.pathname === NUEVO_CONDUCE_POST_FACTURA ? 'postFactura' : 'preFactura');
  const puedeGuardar = !perfil || tienePermiso(perfil.privilegios, 'conduces', id ? 'modificar' : 'crear');
  return (
    <ConduceFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      tipo={tipo}
      {...(existente.data ? { guardado: existente.data } : {})}
      puedeGuardar={puedeGuardar}
      alGuardar={(guardado) => void navegar(rutaDelConduce(guardado))}
      alCancelar={() => void navegar(-1)}
      guardar={async ({ cabecera, idFactura, lineas, lineasAEliminar, identificadorUnico }) => {
        if (id) {
          // Spec 001 §7 PUT /conduce/{id}: header, ids of the removed lines, lines (kind and invoice stay).
          const { conduceDb } = await actualizar.mutateAsync({
            id,
            body: [cabecera, lineasAEliminar, lineas],
          });
          return { id: conduceDb._id, solicitudDuplicada: false };
        }
        // Spec 001 §7 POST /conduce/ [header, lines]; identificadorUnico, kind and invoice ride in the header.
        const { conduceDb, solicitudDuplicada } = await crear.mutateAsync([
          { ...cabecera, identificadorUnico, tipo, ...(tipo === 'postFactura' ? { idFactura } : {}) },
          lineas,
        ]);
        return { id: conduceDb._id, solicitudDuplicada };
      }}
    />
  );
}
