import { cotizacionesApi, tienePermiso } from '@pos/contract';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { cotizacionQueries } from './queries.ts';
import { NUEVA_COTIZACION, VISTA_COTIZACION } from './rutas.ts';

/** /cotizacion/lista_cotizacion: quotations with search, period and the audit view (spec 001 §2). */
export default function CotizacionesPage() {
  const { perfil } = usePerfil();
  return (
    <ListaDeDocumentos
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
      }}
    />
  );
}
