import { Badge } from '@mantine/core';
import { type OrdenDeCompra, ordenesDeCompraApi, tienePermiso } from '@pos/contract';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { ordenDeCompraQueries } from './queries.ts';
import { NUEVA_ORDEN_DE_COMPRA, VISTA_ORDEN_DE_COMPRA } from './rutas.ts';

/** Spec 001 §4: an active order no purchase took yet can become a purchase. */
export function ordenComprable(o: OrdenDeCompra): boolean {
  return o.estado === 'Activo' && !o.idCompra;
}

/**
 * /orden_de_compra/lista_orden_compra: purchase orders, 14 a page, with search, period and the audit
 * view (spec 001 §2, §9); the purchase that took one is named beside its total.
 */
export default function OrdenesDeCompraPage() {
  const { perfil } = usePerfil();
  return (
    <ListaDeDocumentos<OrdenDeCompra>
      declaracion={{
        titulo: 'Órdenes de compra',
        nombre: 'orden de compra',
        plural: 'órdenes de compra',
        genero: 'femenino',
        clave: ordenDeCompraQueries.all(),
        listar: (filtro, signal) => api(ordenesDeCompraApi.todas, { body: filtro, signal }),
        rutaNueva: NUEVA_ORDEN_DE_COMPRA,
        rutaVista: VISTA_ORDEN_DE_COMPRA,
        puedeCrear: !perfil || tienePermiso(perfil.privilegios, 'ordenesDeCompra', 'crear'),
        porPagina: 14,
        lado: 'compra',
        columnasPropias: {
          despuesDelTotal: [
            {
              titulo: 'Compra',
              alinear: 'center',
              celda: (o) =>
                o.idCompra ? (
                  <Badge color="teal" variant="light">
                    {o.comprobanteCompra ?? 'Recibida'}
                  </Badge>
                ) : (
                  '—'
                ),
            },
          ],
        },
      }}
    />
  );
}
