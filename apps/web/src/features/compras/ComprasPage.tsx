import { Text } from '@mantine/core';
import { type Compra, comprasApi, tienePermiso } from '@pos/contract';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { dinero } from '../../ui/formato.ts';
import { EstadoDeCompra } from './etiquetas.tsx';
import { compraQueries } from './queries.ts';
import { NUEVA_COMPRA, VISTA_COMPRA } from './rutas.ts';

/** Spec 001 §9: purchases are listed 14 a page. */
const COMPRAS_POR_PAGINA = 14;

// What an active purchase still owes the supplier (spec 001 §4); a cancelled one owes nothing.
const debe = (c: Compra) => c.pendiente > 0 && c.estado === 'Activo';

/**
 * /compra/lista_compra (spec 001 §2, §7, §9): the kit's document list, 14 a page, with the purchase's
 * own — its supplier, NCF, what is pending and the payment status badge (Pagado / Por Pagar).
 */
export default function ComprasPage() {
  const { perfil } = usePerfil();
  return (
    <ListaDeDocumentos<Compra>
      declaracion={{
        titulo: 'Compras',
        nombre: 'compra',
        plural: 'compras',
        genero: 'femenino',
        clave: compraQueries.all(),
        listar: (filtro, signal) => api(comprasApi.lista, { body: filtro, signal }),
        rutaNueva: NUEVA_COMPRA,
        rutaVista: VISTA_COMPRA,
        puedeCrear: !perfil || tienePermiso(perfil.privilegios, 'compras', 'crear'),
        porPagina: COMPRAS_POR_PAGINA,
        detalleDelNumero: (c) => (c.ncf && c.ncf !== c.comprobante ? `NCF ${c.ncf}` : c.numeracionNombre),
        insignia: (c) => <EstadoDeCompra compra={c} />,
        lado: 'compra',
        placeholderBusqueda: 'Buscar por número, NCF o proveedor',
        columnasPropias: {
          despuesDelTotal: [
            { titulo: 'Pendiente', celda: (c) => (debe(c) ? dinero(c.pendiente) : '—'), alinear: 'right' },
          ],
        },
        tarjeta: {
          pie: (c) =>
            debe(c) && (
              <Text size="xs" c="orange.8">
                Se debe {dinero(c.pendiente)}
              </Text>
            ),
        },
      }}
    />
  );
}
