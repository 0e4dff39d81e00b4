import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Cotizacion, cotizacionesApi, tienePermiso } from '@pos/contract';
import { IconFileInvoice } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { rutaDeFacturarCotizaciones } from '../facturas/rutas.ts';
import { cotizacionQueries } from './queries.ts';
import { NUEVA_COTIZACION, VISTA_COTIZACION } from './rutas.ts';

/** Spec 001 §2 conversions: an active quotation no invoice billed yet can be billed. */
export function cotizacionFacturable(c: Cotizacion): boolean {
  return c.estado === 'Activo' && !c.idFactura;
}

/**
 * /cotizacion/lista_cotizacion: quotations with search, period and the audit view (spec 001 §2); the
 * active, unbilled ones of one customer are ticked and billed together in one invoice.
 */
export default function CotizacionesPage() {
  const { perfil } = usePerfil();
  const navegar = useNavigate();
  const puedeFacturar = !perfil || tienePermiso(perfil.privilegios, 'facturas', 'crear');

  function facturar(elegidas: Cotizacion[]) {
    const clientes = new Set(elegidas.map((c) => c.idCliente ?? ''));
    if (clientes.size > 1) {
      notifications.show({
        color: 'orange',
        title: 'Clientes distintos',
        message:
          'Las cotizaciones elegidas son de clientes distintos: elige solo las de un cliente para facturarlas juntas.',
        autoClose: 6000,
      });
      return;
    }
    void navegar(rutaDeFacturarCotizaciones(elegidas.map((c) => c._id)));
  }

  return (
    <ListaDeDocumentos<Cotizacion>
      declaracion={{
        titulo: 'Cotizaciones',
        nombre: 'cotización',
        plural: 'cotizaciones',
        genero: 'femenino',
        clave: cotizacionQueries.all(),
        listar: (filtro, signal) => api(cotizacionesApi.todas, { body: filtro, signal }),
        rutaNueva: NUEVA_COTIZACION,
        rutaVista: VISTA_COTIZACION,
        puedeCrear: !perfil || tienePermiso(perfil.privilegios, 'cotizaciones', 'crear'),
        columnasPropias: {
          despuesDelTotal: [
            {
              titulo: 'Factura',
              alinear: 'center',
              celda: (c) =>
                c.idFactura ? (
                  <Badge color="teal" variant="light">
                    Facturada
                  </Badge>
                ) : (
                  '—'
                ),
            },
          ],
        },
        ...(puedeFacturar
          ? {
              seleccion: {
                puedeElegir: cotizacionFacturable,
                acciones: (elegidas: Cotizacion[]) => (
                  <Button
                    size="xs"
                    leftSection={<IconFileInvoice size={16} />}
                    disabled={elegidas.length === 0}
                    onClick={() => facturar(elegidas)}
                  >
                    Facturar seleccionadas
                  </Button>
                ),
              },
            }
          : {}),
      }}
    />
  );
}
