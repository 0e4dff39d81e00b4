import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AnularEgreso, type DetalleEgreso, egresos, tienePermiso } from '@pos/contract';
import { IconBan, IconEdit, IconFileTypePdf, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { useAtajo } from '../../app/atajos.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { AreaDeTexto } from '../../ui/CampoDeTexto.tsx';
import { descargarPdf } from '../../ui/documento/pdfYCorreo.tsx';
import { largoMaximo } from '../../ui/esquemas.ts';
import { formatoDelUsuario, imprimirConEmpresa } from '../facturas/Recibo.tsx';
import { egresoQueries } from './queries.ts';
import { ReciboDeEgresoEnRollo } from './ReciboDeEgresoEnRollo.tsx';
import { rutaDeEdicionDeEgreso } from './rutas.ts';

const MENSAJE_MOTIVO = 'Escribe por qué se anula el recibo.';

/**
 * What can be done with a payment out (spec 001 §4, §5, §7): print it on the roll (F2), its PDF
 * (egreso-print), edit an active one, cancel it with a free-text reason (directly, or as a request to the
 * supervisor), or delete it (who cancels directly). Shared by the back office's view and the POS receipt.
 */
export function AccionesDeEgreso({
  detalle,
  pos,
  alEliminar,
}: {
  detalle: DetalleEgreso;
  pos: boolean;
  alEliminar: () => void;
}) {
  const cabecera = detalle.egresoReferenciadoGral;
  const queryClient = useQueryClient();
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [modo, setModo] = useState<'botones' | 'anulando' | 'eliminando'>('botones');
  const [motivo, setMotivo] = useState('');
  const alTerminar = async () => {
    await queryClient.invalidateQueries({ queryKey: egresoQueries.all() });
    await queryClient.invalidateQueries({ queryKey: ['compras'] });
    await queryClient.invalidateQueries({ queryKey: ['turnos'] });
  };
  const anular = useMutation({
    mutationFn: () =>
      api(egresos.anular, { body: { idEgresosRef: cabecera._id, notaAnular: motivo.trim() } }),
    onSuccess: async (respuesta) => {
      notifications.show({
        color: 'green',
        message:
          respuesta.resultado === 'anulado'
            ? `Recibo ${respuesta.egresoDb.comprobante} anulado.`
            : `Se envió la solicitud de anulación del recibo ${respuesta.egresoDb.comprobante} al supervisor.`,
        autoClose: 4500,
      });
      setModo('botones');
      setMotivo('');
      await alTerminar();
    },
    // Spec 001 §8: a refused void shows the server's reason.
    onError: (error) => notifications.show({ color: 'orange', title: 'No se anuló', message: error.message }),
  });
  const eliminar = useMutation({
    mutationFn: () => api(egresos.eliminar, { params: { id: cabecera._id } }),
    onSuccess: async (respuesta) => {
      notifications.show({
        color: 'green',
        message: `Recibo ${respuesta.egresoDb.comprobante} eliminado.`,
        autoClose: 1500,
      });
      setModo('botones');
      await alTerminar();
      alEliminar();
    },
    onError: (error) => notifications.show({ color: 'red', title: 'No se eliminó', message: error.message }),
  });
  const pdf = useMutation({
    mutationFn: () =>
      descargarPdf(egresos.imprimir.path.replace(':id', cabecera._id), `Egreso-${cabecera.comprobante}.pdf`),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No se generó el PDF', message: error.message }),
  });
  const puedeEditar =
    !perfil ||
    tienePermiso(perfil.privilegios, pos ? 'puntoDeVentas' : 'egresos', pos ? 'crear' : 'modificar');
  const puedeEliminar = Boolean(perfil?.anularYEliminarDocumentos);
  const activo = cabecera.estado === 'Activo';
  const formato = formatoDelUsuario(perfil);
  function imprimir() {
    void imprimirConEmpresa(`Egreso-${cabecera.comprobante}`, formato, (empresa) => (
      <ReciboDeEgresoEnRollo detalle={detalle} empresa={empresa} formato={formato} />
    ));
  }
  useAtajo('F2', imprimir);

  if (modo === 'eliminando') {
    return (
      <Stack gap="xs">
        <Text size="sm">
          ¿Eliminar el recibo {cabecera.comprobante}?{' '}
          {cabecera.tipoDeEgreso ? 'Sus compras vuelven a deber lo que pagó' : 'Su asiento se revierte'}; el
          número queda anulado.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setModo('botones')}>
            Cancelar
          </Button>
          <Button color="red" loading={eliminar.isPending} onClick={() => eliminar.mutate()}>
            Eliminar recibo
          </Button>
        </Group>
      </Stack>
    );
  }
  if (modo === 'anulando') {
    return (
      <Stack gap="xs">
        <AreaDeTexto
          label="Motivo de la anulación"
          max={largoMaximo(AnularEgreso, 'notaAnular')}
          placeholder="Por qué se anula este recibo"
          value={motivo}
          onChange={(e) => setMotivo(e.currentTarget.value)}
          error={anular.isError && !motivo.trim() ? MENSAJE_MOTIVO : undefined}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setModo('botones')}>
            Cancelar
          </Button>
          <Button
            color="red"
            loading={anular.isPending}
            disabled={!motivo.trim()}
            onClick={() => anular.mutate()}
          >
            Anular recibo
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        {activo && puedeEliminar && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setModo('eliminando')}
          >
            Eliminar
          </Button>
        )}
        {activo && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconBan size={16} />}
            onClick={() => setModo('anulando')}
          >
            Anular
          </Button>
        )}
      </Group>
      <Group gap="xs">
        {activo && puedeEditar && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={16} />}
            onClick={() => void navegar(rutaDeEdicionDeEgreso(cabecera._id, pos))}
          >
            Editar
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileTypePdf size={16} />}
          loading={pdf.isPending}
          onClick={() => pdf.mutate()}
        >
          PDF (carta)
        </Button>
        <Button size="xs" variant="default" leftSection={<IconPrinter size={16} />} onClick={imprimir}>
          Imprimir (F2)
        </Button>
      </Group>
    </Group>
  );
}
