import { Anchor, Badge, Group } from '@mantine/core';
import {
  MENSAJE_ERROR_CORREO_ORDEN_DE_COMPRA,
  MENSAJE_MOTIVO_ORDEN_DE_COMPRA,
  mensajeOrdenDeCompraVinculada,
  ordenesDeCompraApi,
  tienePermiso,
} from '@pos/contract';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { rutaDeComprarOrden, VISTA_COMPRA } from '../compras/rutas.ts';
import { ordenComprable } from './OrdenesDeCompraPage.tsx';
import { ordenDeCompraQueries, useAnularOrdenDeCompra, useEliminarOrdenDeCompra } from './queries.ts';
import { EDITAR_ORDEN_DE_COMPRA, LISTA_DE_ORDENES_DE_COMPRA } from './rutas.ts';

/**
 * /orden_de_compra/vista_orden_compra?id=…: the order, print, PDF and e-mail, edit, cancel, delete, and
 * «Convertir en compra» (spec 001 §2, §4): the new purchase's form with this order (?orden=).
 */
export default function VistaOrdenDeCompraPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const { perfil } = usePerfil();
  const navegar = useNavigate();
  const consulta = useQuery({ ...ordenDeCompraQueries.una(id), enabled: id !== '' });
  const anular = useAnularOrdenDeCompra();
  const eliminar = useEliminarOrdenDeCompra();
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={
          consulta.error ?? (id === '' ? new Error('Falta la orden de compra que se quiere ver.') : null)
        }
      />
    );
  }
  const { ordenCompraDb: o, lineaOrdenDeCompra } = consulta.data;
  const puedeComprar = !perfil || tienePermiso(perfil.privilegios, 'compras', 'crear');
  return (
    <VistaDeDocumento
      titulo="Orden de compra"
      pdfYCorreo={{
        rutaPdf: ordenesDeCompraApi.pdf.path,
        prefijo: 'OrdenDeCompra',
        correo: ordenesDeCompraApi.enviarPorCorreo,
        mensajeDeError: MENSAJE_ERROR_CORREO_ORDEN_DE_COMPRA,
      }}
      nombre="orden de compra"
      genero="femenino"
      lado="compra"
      documento={o}
      lineas={lineaOrdenDeCompra}
      datos={[{ etiqueta: 'Entrega esperada', valor: o.vencimiento ? fecha(o.vencimiento) : 'Sin fecha' }]}
      // Spec 001 §4: a purchase took it; it stays as it is until that purchase is voided or deleted.
      bloqueo={
        o.idCompra && o.estado === 'Activo'
          ? mensajeOrdenDeCompraVinculada(o.comprobanteCompra ?? '')
          : undefined
      }
      acciones={
        o.idCompra ? (
          <Group gap={6}>
            <Badge color="teal" variant="light" size="lg">
              Recibida
            </Badge>
            <Anchor component={Link} to={`${VISTA_COMPRA}?id=${o.idCompra}`} size="sm">
              Ver compra {o.comprobanteCompra ?? ''}
            </Anchor>
          </Group>
        ) : (
          ordenComprable(o) &&
          puedeComprar && (
            <BotonEscritura
              leftSection={<IconTruckDelivery size={16} />}
              onClick={() => navegar(rutaDeComprarOrden(o._id))}
            >
              Convertir en compra
            </BotonEscritura>
          )
        )
      }
      rutaLista={LISTA_DE_ORDENES_DE_COMPRA}
      rutaEditar={EDITAR_ORDEN_DE_COMPRA}
      puedeModificar={!perfil || tienePermiso(perfil.privilegios, 'ordenesDeCompra', 'modificar')}
      mensajeSinMotivo={MENSAJE_MOTIVO_ORDEN_DE_COMPRA}
      anular={async (entrada) =>
        (await anular.mutateAsync({ id: o._id, body: { ...entrada, _id: o._id } })).resultado
      }
      eliminar={() => eliminar.mutateAsync(o._id)}
    />
  );
}
