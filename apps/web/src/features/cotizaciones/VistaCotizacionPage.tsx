import { MENSAJE_MOTIVO_COTIZACION, tienePermiso } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { fecha } from '../../ui/formato.ts';
import { cotizacionQueries, useAnularCotizacion, useEliminarCotizacion } from './queries.ts';
import { EDITAR_COTIZACION, LISTA_DE_COTIZACIONES } from './rutas.ts';

/** /cotizacion/vista_cotizacion?id=…: the quotation, print, edit, cancel and delete (spec 001 §2, §4). */
export default function VistaCotizacionPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const { perfil } = usePerfil();
  const consulta = useQuery({ ...cotizacionQueries.una(id), enabled: id !== '' });
  const anular = useAnularCotizacion();
  const eliminar = useEliminarCotizacion();
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={consulta.error ?? (id === '' ? new Error('Falta la cotización que se quiere ver.') : null)}
      />
    );
  }
  const { cotizacionDb: c, lineasCotizacion } = consulta.data;
  return (
    <VistaDeDocumento
      titulo="Cotización"
      nombre="cotización"
      genero="femenino"
      documento={c}
      lineas={lineasCotizacion}
      datos={[{ etiqueta: 'Válida hasta', valor: c.vencimiento ? fecha(c.vencimiento) : 'Sin vencimiento' }]}
      rutaLista={LISTA_DE_COTIZACIONES}
      rutaEditar={EDITAR_COTIZACION}
      puedeModificar={!perfil || tienePermiso(perfil.privilegios, 'cotizaciones', 'modificar')}
      mensajeSinMotivo={MENSAJE_MOTIVO_COTIZACION}
      anular={async (entrada) => (await anular.mutateAsync({ id: c._id, body: entrada })).resultado}
      eliminar={() => eliminar.mutateAsync(c._id)}
    />
  );
}
