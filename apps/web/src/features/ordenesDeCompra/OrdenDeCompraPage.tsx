import { tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { OrdenDeCompraFormulario } from './OrdenDeCompraFormulario.tsx';
import { ordenDeCompraQueries, useActualizarOrdenDeCompra, useCrearOrdenDeCompra } from './queries.ts';
import { VISTA_ORDEN_DE_COMPRA } from './rutas.ts';

/** /orden_de_compra/nueva_orden_compra and /orden_de_compra/editar_orden_compra?id=… (spec 001 §2). */
export default function OrdenDeCompraPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...ordenDeCompraQueries.una(id ?? ''), enabled: id !== null });
  const crear = useCrearOrdenDeCompra();
  const actualizar = useActualizarOrdenDeCompra();

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  const puedeGuardar =
    !perfil || tienePermiso(perfil.privilegios, 'ordenesDeCompra', id ? 'modificar' : 'crear');
  return (
    <OrdenDeCompraFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardado: existente.data } : {})}
      puedeGuardar={puedeGuardar}
      alGuardar={(guardada) => void navegar(`${VISTA_ORDEN_DE_COMPRA}?id=${guardada}`)}
      alCancelar={() => void navegar(-1)}
      guardar={async ({ cabecera, lineas, lineasAEliminar, identificadorUnico }) => {
        if (id) {
          // Spec 001 §7 PATCH /orden-de-compra/{id}: [order, lines to delete, lines].
          const { ordenCompraDb } = await actualizar.mutateAsync({
            id,
            body: [cabecera, lineasAEliminar, lineas],
          });
          return { id: ordenCompraDb._id, solicitudDuplicada: false };
        }
        // Spec 001 §7 POST /orden-de-compra/: the order with lineasDeCompraDto.
        const { ordenCompraDb, solicitudDuplicada } = await crear.mutateAsync({
          ...cabecera,
          lineasDeCompraDto: lineas,
          identificadorUnico,
        });
        return { id: ordenCompraDb._id, solicitudDuplicada };
      }}
    />
  );
}
