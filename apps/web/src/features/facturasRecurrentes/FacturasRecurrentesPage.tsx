import { Text } from '@mantine/core';
import { type FacturaRecurrente, facturasRecurrentesApi, tienePermiso } from '@pos/contract';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { fecha } from '../../ui/formato.ts';
import { textoDeFrecuencia } from './frecuencia.ts';
import { facturaRecurrenteQueries } from './queries.ts';
import { NUEVA_FACTURA_RECURRENTE, VISTA_FACTURA_RECURRENTE } from './rutas.ts';

/** /factura_recurrente/lista_factura_recurrente: 14 a page (spec 001 §9), with frequency and next date. */
export default function FacturasRecurrentesPage() {
  const { perfil } = usePerfil();
  return (
    <ListaDeDocumentos<FacturaRecurrente>
      declaracion={{
        titulo: 'Facturas recurrentes',
        nombre: 'factura recurrente',
        plural: 'facturas recurrentes',
        genero: 'femenino',
        clave: facturaRecurrenteQueries.all(),
        listar: (filtro, signal) => api(facturasRecurrentesApi.todas, { body: filtro, signal }),
        rutaNueva: NUEVA_FACTURA_RECURRENTE,
        rutaVista: VISTA_FACTURA_RECURRENTE,
        puedeCrear: !perfil || tienePermiso(perfil.privilegios, 'facturas', 'crear'),
        porPagina: 14,
        sinVencimiento: true,
        columnasPropias: {
          antesDelTotal: [
            { titulo: 'Frecuencia', celda: (f) => textoDeFrecuencia(f) },
            {
              titulo: 'Próxima factura',
              celda: (f) =>
                f.ultimoError ? (
                  <Text size="sm" c="red" title={f.ultimoError}>
                    {f.proximaFecha ? fecha(f.proximaFecha) : '—'} · con error
                  </Text>
                ) : f.proximaFecha ? (
                  fecha(f.proximaFecha)
                ) : (
                  'Terminada'
                ),
            },
            { titulo: 'Generadas', alinear: 'right', celda: (f) => String(f.facturasGeneradas) },
          ],
        },
      }}
    />
  );
}
