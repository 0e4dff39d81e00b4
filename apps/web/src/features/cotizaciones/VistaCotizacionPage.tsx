import { Anchor, Badge, Group } from '@mantine/core';
import {
  cotizacionesApi,
  MENSAJE_ERROR_CORREO_COTIZACION,
  MENSAJE_MOTIVO_COTIZACION,
  tienePermiso,
} from '@pos/contract';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { facturaQueries } from '../facturas/queries.ts';
import { rutaDeFacturarCotizaciones, VISTA_FACTURA } from '../facturas/rutas.ts';
import { cotizacionFacturable } from './CotizacionesPage.tsx';
import { cotizacionQueries, useAnularCotizacion, useEliminarCotizacion } from './queries.ts';
import { EDITAR_COTIZACION, LISTA_DE_COTIZACIONES } from './rutas.ts';

/** /cotizacion/vista_cotizacion?id=…: the quotation, print, edit, cancel and delete (spec 001 §2, §4). */
export default function VistaCotizacionPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const { perfil } = usePerfil();
  const navegar = useNavigate();
  const consulta = useQuery({ ...cotizacionQueries.una(id), enabled: id !== '' });
  const idFactura = consulta.data?.cotizacionDb.idFactura ?? null;
  const factura = useQuery({ ...facturaQueries.una(idFactura ?? ''), enabled: idFactura !== null });
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
  const puedeFacturar = !perfil || tienePermiso(perfil.privilegios, 'facturas', 'crear');
  return (
    <VistaDeDocumento
      titulo="Cotización"
      etiquetaDelVencimiento="Válida hasta"
      pdfYCorreo={{
        rutaPdf: cotizacionesApi.pdf.path,
        prefijo: 'Cotizacion',
        correo: cotizacionesApi.enviarPorCorreo,
        mensajeDeError: MENSAJE_ERROR_CORREO_COTIZACION,
      }}
      nombre="cotización"
      genero="femenino"
      documento={c}
      lineas={lineasCotizacion}
      datos={[{ etiqueta: 'Válida hasta', valor: c.vencimiento ? fecha(c.vencimiento) : 'Sin vencimiento' }]}
      acciones={
        // Spec 001 §2, §4: an active quotation is billed once; a billed one links to its invoice.
        c.idFactura ? (
          <Group gap={6}>
            <Badge color="teal" variant="light" size="lg">
              Facturada
            </Badge>
            <Anchor component={Link} to={`${VISTA_FACTURA}?id=${c.idFactura}`} size="sm">
              Ver factura {factura.data?.FacturaDb.comprobante ?? ''}
            </Anchor>
          </Group>
        ) : (
          cotizacionFacturable(c) &&
          puedeFacturar && (
            <BotonEscritura
              leftSection={<IconFileInvoice size={16} />}
              onClick={() => navegar(rutaDeFacturarCotizaciones([c._id]))}
            >
              Facturar
            </BotonEscritura>
          )
        )
      }
      rutaLista={LISTA_DE_COTIZACIONES}
      rutaEditar={EDITAR_COTIZACION}
      puedeModificar={!perfil || tienePermiso(perfil.privilegios, 'cotizaciones', 'modificar')}
      mensajeSinMotivo={MENSAJE_MOTIVO_COTIZACION}
      anular={async (entrada) => (await anular.mutateAsync({ id: c._id, body: entrada })).resultado}
      eliminar={() => eliminar.mutateAsync(c._id)}
    />
  );
}
