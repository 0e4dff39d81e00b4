import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ActualizarContacto, type Contacto } from '@pos/contract';
import { IconBan, IconCheck, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { usePerfil } from '../../app/usePerfil.ts';
import { AreaDeTexto } from '../../ui/CampoDeTexto.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { largoMaximo } from '../../ui/esquemas.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { nombreCompleto } from './etiquetas.ts';
import { camposDe, useActualizarContacto, useEliminarContacto } from './queries.ts';

function PedirNota({
  explicacion,
  confirmar,
  color,
  alConfirmar,
}: {
  explicacion: string;
  confirmar: string;
  color: string;
  alConfirmar: (nota: string) => Promise<boolean>;
}) {
  const [nota, setNota] = useState('');
  const [enviando, setEnviando] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">{explicacion}</Text>
      <AreaDeTexto
        label="Motivo"
        withAsterisk
        // The same note goes as notaAnular or notaAutorizacion; both have the contract's 500.
        max={largoMaximo(ActualizarContacto, 'notaAnular')}
        autosize
        minRows={2}
        value={nota}
        onChange={(e) => setNota(e.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => modals.closeAll()}>
          Cancelar
        </Button>
        <Button
          color={color}
          loading={enviando}
          disabled={nota.trim() === ''}
          onClick={async () => {
            setEnviando(true);
            const ok = await alConfirmar(nota.trim());
            setEnviando(false);
            if (ok) {
              modals.closeAll();
            }
          }}
        >
          {confirmar}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Cancellation (spec 000 §4: direct with anularYEliminarDocumentos, otherwise a request for a
 * supervisor), approval of a pending request, and deletion of a contact without documents.
 */
export function AccionesDeCliente({ contacto, alEliminar }: { contacto: Contacto; alEliminar: () => void }) {
  const { perfil } = usePerfil();
  const supervisor = perfil?.anularYEliminarDocumentos === true;
  const actualizar = useActualizarContacto();
  const eliminar = useEliminarContacto();
  const nombre = nombreCompleto(contacto);

  async function cambiarEstado(
    cambio:
      | { estado: 'Anulado' | 'Por-Anular'; notaAnular: string }
      | { autorizacion: 'Aprobada' | 'Rechazada'; notaAutorizacion: string },
    mensaje: string,
  ): Promise<boolean> {
    try {
      await actualizar.mutateAsync({ id: contacto._id, body: { ...camposDe(contacto), ...cambio } });
      avisarGuardado(mensaje);
      return true;
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se actualizó');
      return false;
    }
  }

  function anular() {
    modals.open({
      title: supervisor ? 'Anular contacto' : 'Solicitar anulación',
      centered: true,
      children: (
        <PedirNota
          explicacion={
            supervisor
              ? `«${nombre}» quedará anulado y no se ofrecerá en los documentos.`
              : `La anulación de «${nombre}» queda pendiente hasta que un supervisor la apruebe en Auditorías.`
          }
          confirmar={supervisor ? 'Anular' : 'Enviar solicitud'}
          color="red"
          alConfirmar={(nota) =>
            cambiarEstado(
              { estado: supervisor ? 'Anulado' : 'Por-Anular', notaAnular: nota },
              supervisor ? 'Contacto anulado.' : 'Solicitud de anulación enviada.',
            )
          }
        />
      ),
    });
  }

  function resolver(autorizacion: 'Aprobada' | 'Rechazada') {
    modals.open({
      title: autorizacion === 'Aprobada' ? 'Aprobar anulación' : 'Rechazar anulación',
      centered: true,
      children: (
        <PedirNota
          explicacion={`Solicitud: «${contacto.notaAnular || 'sin motivo'}».`}
          confirmar={autorizacion === 'Aprobada' ? 'Aprobar' : 'Rechazar'}
          color={autorizacion === 'Aprobada' ? 'red' : 'blue'}
          alConfirmar={(nota) =>
            cambiarEstado(
              { autorizacion, notaAutorizacion: nota },
              autorizacion === 'Aprobada' ? 'Anulación aprobada.' : 'Anulación rechazada.',
            )
          }
        />
      ),
    });
  }

  function confirmarEliminar() {
    modals.openConfirmModal({
      title: 'Eliminar contacto',
      centered: true,
      children: <Text size="sm">¿Eliminar a «{nombre}»? Solo se puede si no tiene documentos.</Text>,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const r = await eliminar.mutateAsync(contacto._id);
          avisarGuardado(r.message);
          alEliminar();
        } catch (error) {
          mostrarErrorDeGuardado(error, undefined, 'No se eliminó');
        }
      },
    });
  }

  return (
    <>
      {contacto.estado === 'Activo' && (
        <BotonEscritura variant="subtle" color="red" leftSection={<IconBan size={16} />} onClick={anular}>
          {supervisor ? 'Anular' : 'Solicitar anulación'}
        </BotonEscritura>
      )}
      {contacto.estado === 'Por-Anular' && supervisor && (
        <>
          <BotonEscritura
            variant="light"
            color="red"
            leftSection={<IconCheck size={16} />}
            onClick={() => resolver('Aprobada')}
          >
            Aprobar anulación
          </BotonEscritura>
          <BotonEscritura
            variant="default"
            leftSection={<IconX size={16} />}
            onClick={() => resolver('Rechazada')}
          >
            Rechazar
          </BotonEscritura>
        </>
      )}
      {supervisor && (
        <BotonEscritura
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={confirmarEliminar}
        >
          Eliminar
        </BotonEscritura>
      )}
    </>
  );
}
