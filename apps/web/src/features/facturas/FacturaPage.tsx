import { tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { FacturaFormulario } from './FacturaFormulario.tsx';
import { facturaQueries, useActualizarFactura, useCrearFactura } from './queries.ts';
import { LISTA_DE_FACTURAS } from './rutas.ts';

/** /factura/nueva_factura and /factura/editar_factura?id=… (spec 001 §2). */
export default function FacturaPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...facturaQueries.una(id ?? ''), enabled: id !== null });
  const crear = useCrearFactura();
  const actualizar = useActualizarFactura();

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  const puedeGuardar = !perfil || tienePermiso(perfil.privilegios, 'facturas', id ? 'modificar' : 'crear');
  // Spec 001 §2: after an administrator saves an invoice, the invoice list.
  const volver = () => void navegar(LISTA_DE_FACTURAS);
  return (
    <FacturaFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardado: existente.data } : {})}
      puedeGuardar={puedeGuardar}
      alGuardar={volver}
      alCancelar={() => navegar(-1)}
      guardar={async ({ factura, lineas, lineasAEliminar, total }) => {
        if (id) {
          // Spec 001 §7 PUT /factura/{id}: header, lines to delete, lines, delivery-note lines to delete,
          // linked delivery notes, default bank, payments, retentions, retentions to delete, total.
          await actualizar.mutateAsync({
            id,
            body: [factura, lineasAEliminar, lineas, [], [], null, [], [], [], total],
          });
          return { solicitudDuplicada: false };
        }
        // Spec 001 §7 POST /factura/crear: header, lines, delivery notes, afectarCuenta, POS info,
        // retentions, terminal, payment method selector, total.
        return crear.mutateAsync([
          factura,
          lineas,
          [],
          null,
          { desdePos: false },
          [],
          null,
          factura.metodoDePago,
          total,
        ]);
      }}
    />
  );
}
