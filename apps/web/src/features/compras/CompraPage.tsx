import { type DetalleCompra, METODOS_DE_PAGO_COMPRA, ordenesDeCompraApi, tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { lineaDesdeVenta } from '../../ui/documento/lineas.ts';
import { CompraFormulario, type CompraGuardada, proveedorDeLaOrden } from './CompraFormulario.tsx';
import { compraQueries, useActualizarCompra, useCrearCompra } from './queries.ts';
import { VISTA_COMPRA } from './rutas.ts';

/** A saved purchase as its form edits it. */
export function compraParaEditar(detalle: DetalleCompra): CompraGuardada {
  const c = detalle.compraDb;
  const metodo = (METODOS_DE_PAGO_COMPRA as readonly string[]).includes(c.metodoDePago)
    ? (c.metodoDePago as (typeof METODOS_DE_PAGO_COMPRA)[number])
    : 'Efectivo';
  return {
    valores: {
      proveedor: c.idProveedor
        ? {
            _id: c.idProveedor,
            nombre: c.nombre,
            rnc: c.rnc,
            socio: false,
            descuentoParaSocios: 0,
            diasDeCredito: 0,
            limiteCredito: 0,
            correo: c.correo,
            idListaDePrecio: null,
          }
        : null,
      nombreOpcional: c.nombreOpcional,
      // Our own number (B11) is the NCF the 606 reports; otherwise the NCF is the supplier's.
      origenDelNcf: c.ncf !== '' && c.ncf === c.comprobante ? 'propio' : 'proveedor',
      ncf: c.ncf === c.comprobante ? '' : c.ncf,
      idNumeracion: c.idNumeracion,
      almacenActual: c.almacenActual || null,
      fechaEmision: c.fechaEmision.slice(0, 10),
      plazoPagos: c.plazoPagos,
      tiposBienesServicios: c.tiposBienesServicios,
      itbisAlCosto: c.itbisAlCosto,
      itbisSujetoProporcionalidad: c.itbisSujetoProporcionalidad,
      retenciones: detalle.retenciones.map((r) => r.idRetencionSeleccionada),
      metodoDePago: metodo,
      pagado: c.efectivoRecibido,
      notaPieDePagina: c.notaPieDePagina,
      notaInformacionInterna: c.notaInformacionInterna,
      idCentroDeCosto: c.idCentroDeCosto,
      centroDeCosto: c.centroDeCosto,
    },
    lineas: detalle.lineasCompraDb.map(lineaDesdeVenta),
    comprobante: c.comprobante,
    hora: c.hora,
    identificadorUnico: c.identificadorUnico,
    ordenes: detalle.ordenDeCompraVinculadas.map((o) => ({ _id: o._id, comprobante: o.comprobante })),
  };
}

// The server names fields of the tuple body by position ('0.ncf', '1.0.cantidad'); the form by name.
function campoDelFormulario(campo: string, editando: boolean): string {
  if (campo.startsWith('0.')) {
    return campo.slice(2);
  }
  const lineas = editando ? '2.' : '1.';
  const retenciones = editando ? '3' : '2';
  if (campo.startsWith(lineas)) {
    return 'lineas';
  }
  return campo.startsWith(retenciones) ? 'retenciones' : campo;
}

/**
 * /compra/nueva_compra, /compra/nueva_compra?orden=<id> (receiving a purchase order, spec 001 §4) and
 * /compra/editar_compra?id=… (spec 001 §2).
 */
export default function CompraPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const idOrden = id ? null : parametros.get('orden');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...compraQueries.una(id ?? ''), enabled: id !== null });
  // GET /orden-de-compra/vincular_orden_compra/{id}: the order and its lines (a linked one is refused).
  const orden = useQuery({
    queryKey: ['ordenesDeCompra', 'paraVincular', idOrden],
    queryFn: ({ signal }) => api(ordenesDeCompraApi.paraVincular, { params: { id: idOrden ?? '' }, signal }),
    enabled: idOrden !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const crear = useCrearCompra();
  const actualizar = useActualizarCompra();

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }
  if (idOrden && (orden.isPending || orden.error)) {
    return <CargandoOError cargando={orden.isPending} error={orden.error} />;
  }
  const puedeGuardar = !perfil || tienePermiso(perfil.privilegios, 'compras', id ? 'modificar' : 'crear');
  return (
    <CompraFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardada: compraParaEditar(existente.data) } : {})}
      {...(orden.data ? { desde: { proveedor: proveedorDeLaOrden(orden.data), orden: orden.data } } : {})}
      puedeGuardar={puedeGuardar}
      campoDelFormulario={(campo) => campoDelFormulario(campo, id !== null)}
      alGuardar={(guardada) => void navegar(`${VISTA_COMPRA}?id=${guardada}`)}
      alCancelar={() => void navegar(-1)}
      guardar={async ({
        cabecera,
        lineas,
        lineasAEliminar,
        retenciones,
        ordenes,
        totalFacturado,
        identificadorUnico,
      }) => {
        if (id) {
          // PUT /compras-proveedores/{id}: [purchase, removed lines, lines, withholdings, orders, total].
          const { compraDb } = await actualizar.mutateAsync({
            id,
            body: [cabecera, lineasAEliminar, lineas, retenciones, ordenes, totalFacturado],
          });
          return { id: compraDb._id, solicitudDuplicada: false };
        }
        // Spec 001 §7 POST /compras-proveedores/ [purchase, lines, withholdings, linked orders,
        // totalFacturado, unique id].
        const { compraDb, solicitudDuplicada } = await crear.mutateAsync([
          cabecera,
          lineas,
          retenciones,
          ordenes,
          totalFacturado,
          identificadorUnico,
        ]);
        return { id: compraDb._id, solicitudDuplicada };
      }}
    />
  );
}
