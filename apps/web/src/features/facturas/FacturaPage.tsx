import {
  conducesApi,
  contactos,
  cotizacionesApi,
  MENSAJE_COTIZACION_SIN_LINEAS,
  tienePermiso,
} from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import type { ClienteElegido } from '../../ui/documento/SelectorDeCliente.tsx';
import { FacturaFormulario, lineasDelConduce, type OrigenDeFactura } from './FacturaFormulario.tsx';
import { lineaDesdeOrigen } from './lineasDeFactura.ts';
import { facturaQueries, useActualizarFactura, useCrearFactura } from './queries.ts';
import { LISTA_DE_FACTURAS } from './rutas.ts';

async function clienteElegido(idCliente: string | null): Promise<ClienteElegido | null> {
  if (!idCliente) {
    return null;
  }
  return api(contactos.obtener, { params: { id: idCliente } });
}

/**
 * Spec 001 §2, §4: a new invoice from quotations (`?cotizaciones=<id>[,<id>…]`: the first one's customer,
 * their lines in order) or from a pre-invoice conduce (`?conduce=<id>`: its customer and locked lines).
 */
async function leerOrigen(cotizaciones: string[], idConduce: string | null): Promise<OrigenDeFactura> {
  if (cotizaciones.length > 0) {
    const detalles = await Promise.all(
      cotizaciones.map((id) => api(cotizacionesApi.una, { params: { id } })),
    );
    const lineas = await api(cotizacionesApi.lineas, { body: cotizaciones });
    // Spec 001 §5: converting a quotation needs lines.
    if (lineas.length === 0) {
      throw new Error(MENSAJE_COTIZACION_SIN_LINEAS);
    }
    return {
      cliente: await clienteElegido(detalles[0]?.cotizacionDb.idCliente ?? null),
      cotizaciones: detalles.map((d) => ({
        _id: d.cotizacionDb._id,
        comprobante: d.cotizacionDb.comprobante,
      })),
      conduces: [],
      lineas: lineas.map((l) => lineaDesdeOrigen(l)),
    };
  }
  const detalle = await api(conducesApi.paraFactura, { params: { id: idConduce ?? '' } });
  return {
    cliente: await clienteElegido(detalle.conduceDb.idCliente),
    cotizaciones: [],
    conduces: [{ _id: detalle.conduceDb._id, comprobante: detalle.conduceDb.comprobante }],
    lineas: lineasDelConduce(detalle),
  };
}

/** Editing: which conduce each conduce line of the invoice bills (the invoice's lines name only the line). */
async function conducesDeLasLineas(ids: string[]): Promise<Record<string, string>> {
  const detalles = await Promise.all(ids.map((id) => api(conducesApi.uno, { params: { id } })));
  return Object.fromEntries(
    detalles.flatMap((d) => d.lineasConduce.map((l) => [l.idLineaConduce, d.conduceDb._id] as const)),
  );
}

/** /factura/nueva_factura (also from quotations or a conduce) and /factura/editar_factura?id=… (spec 001 §2). */
export default function FacturaPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const cotizaciones = (parametros.get('cotizaciones') ?? '').split(',').filter(Boolean);
  const idConduce = parametros.get('conduce');
  const convirtiendo = id === null && (cotizaciones.length > 0 || idConduce !== null);
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...facturaQueries.una(id ?? ''), enabled: id !== null });
  const idsDeConduces = (existente.data?.conduce_facturado ?? []).map((c) => c.id);
  const vinculados = useQuery({
    queryKey: ['conduces', 'deLaFactura', id, idsDeConduces],
    queryFn: () => conducesDeLasLineas(idsDeConduces),
    enabled: existente.data !== undefined,
  });
  const origen = useQuery({
    queryKey: ['facturas', 'origen', cotizaciones, idConduce],
    queryFn: () => leerOrigen(cotizaciones, idConduce),
    enabled: convirtiendo,
    // A conversion is read once: the form owns the data from then on.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const crear = useCrearFactura();
  const actualizar = useActualizarFactura();

  if (id && (existente.isPending || existente.error || vinculados.isPending || vinculados.error)) {
    return (
      <CargandoOError
        cargando={existente.isPending || vinculados.isPending}
        error={existente.error ?? vinculados.error}
      />
    );
  }
  if (convirtiendo && (origen.isPending || origen.error)) {
    return <CargandoOError cargando={origen.isPending} error={origen.error} />;
  }
  const puedeGuardar = !perfil || tienePermiso(perfil.privilegios, 'facturas', id ? 'modificar' : 'crear');
  // Spec 001 §2: after an administrator saves an invoice, the invoice list.
  const volver = () => void navegar(LISTA_DE_FACTURAS);
  return (
    <FacturaFormulario
      // A new location starts a fresh form (and a fresh identificadorUnico).
      key={ubicacion.key}
      {...(existente.data ? { guardado: existente.data, conduceDeLinea: vinculados.data ?? {} } : {})}
      {...(convirtiendo && origen.data ? { desde: origen.data } : {})}
      puedeGuardar={puedeGuardar}
      alGuardar={volver}
      alCancelar={() => navegar(-1)}
      guardar={async ({ factura, lineas, lineasAEliminar, conduces, total }) => {
        if (id) {
          // Spec 001 §7 PUT /factura/{id}: header, lines to delete, lines, delivery-note lines to delete,
          // linked delivery notes (all of them after the change), default bank, payments, retentions,
          // retentions to delete, total.
          await actualizar.mutateAsync({
            id,
            body: [factura, lineasAEliminar, lineas, [], conduces, null, [], [], [], total],
          });
          return { solicitudDuplicada: false };
        }
        // Spec 001 §7 POST /factura/crear: header, lines, delivery notes, afectarCuenta, POS info,
        // retentions, terminal, payment method selector, total.
        return crear.mutateAsync([
          factura,
          lineas,
          conduces,
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
