import {
  conducesApi,
  MENSAJE_ERROR_CORREO_CONDUCE,
  MENSAJE_MOTIVO_CONDUCE,
  tienePermiso,
} from '@pos/contract';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { dinero } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { conduceFacturable } from '../facturas/ConducesDeLaFactura.tsx';
import { facturaQueries } from '../facturas/queries.ts';
import { rutaDeFacturarConduce } from '../facturas/rutas.ts';
import { NumeroDeFactura } from './NumeroDeFactura.tsx';
import { conduceQueries, useAnularConduce, useEliminarConduce } from './queries.ts';
import { EDITAR_CONDUCE, LISTA_DE_CONDUCES } from './rutas.ts';
import { motivoDeBloqueo, NOMBRE_DEL_TIPO, RESULTADO_DE_ANULACION } from './tipos.ts';

/** /conduce/ver_conduce?id=…: the conduce, print, edit, cancel and delete (spec 001 §2, §4). */
export default function VistaConducePage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const { perfil } = usePerfil();
  const navegar = useNavigate();
  const consulta = useQuery({ ...conduceQueries.uno(id), enabled: id !== '' });
  const idFactura = consulta.data?.conduceDb.idFactura ?? null;
  const factura = useQuery({
    ...facturaQueries.una(idFactura ?? ''),
    enabled: idFactura !== null,
    staleTime: 5 * 60_000,
  });
  const anular = useAnularConduce();
  const eliminar = useEliminarConduce();
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={consulta.error ?? (id === '' ? new Error('Falta el conduce que se quiere ver.') : null)}
      />
    );
  }
  const { conduceDb: c, lineasConduce } = consulta.data;
  const numeroDeFactura = factura.data?.FacturaDb.comprobante ?? '';
  return (
    <VistaDeDocumento
      titulo="Conduce"
      pdfYCorreo={{
        rutaPdf: conducesApi.pdf.path,
        prefijo: 'Conduce',
        correo: conducesApi.enviarPorCorreo,
        mensajeDeError: MENSAJE_ERROR_CORREO_CONDUCE,
      }}
      nombre="conduce"
      genero="masculino"
      documento={c}
      lineas={lineasConduce}
      datos={[
        {
          etiqueta: 'Tipo',
          valor:
            c.tipo === 'preFactura'
              ? `${NOMBRE_DEL_TIPO.preFactura} (sacó la mercancía del almacén)`
              : `${NOMBRE_DEL_TIPO.postFactura} (entrega de una factura)`,
        },
        ...(c.idFactura
          ? [{ etiqueta: 'Factura', valor: <NumeroDeFactura idFactura={c.idFactura} enlace /> }]
          : []),
        ...(c.totalGraltemRetirados > 0
          ? [{ etiqueta: 'Retirado por facturas', valor: dinero(c.totalGraltemRetirados) }]
          : []),
      ]}
      datosImpresos={[
        ['Tipo', NOMBRE_DEL_TIPO[c.tipo]],
        ...(numeroDeFactura ? ([['Factura', numeroDeFactura]] as Array<[string, string]>) : []),
      ]}
      bloqueo={motivoDeBloqueo(c)}
      acciones={
        // Spec 001 §2, §4: a pre-invoice conduce no invoice took yet is billed from here.
        conduceFacturable(c) &&
        (!perfil || tienePermiso(perfil.privilegios, 'facturas', 'crear')) && (
          <BotonEscritura
            leftSection={<IconFileInvoice size={16} />}
            onClick={() => navegar(rutaDeFacturarConduce(c._id))}
          >
            Facturar
          </BotonEscritura>
        )
      }
      rutaLista={LISTA_DE_CONDUCES}
      rutaEditar={EDITAR_CONDUCE}
      puedeModificar={!perfil || tienePermiso(perfil.privilegios, 'conduces', 'modificar')}
      mensajeSinMotivo={MENSAJE_MOTIVO_CONDUCE}
      anular={async (entrada) =>
        RESULTADO_DE_ANULACION[(await anular.mutateAsync({ id: c._id, body: entrada })).resultado]
      }
      eliminar={() => eliminar.mutateAsync(c._id)}
    />
  );
}
