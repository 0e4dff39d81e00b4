import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { usePerfil } from '../../app/usePerfil.ts';
import type { Genero } from './EstadoDelDocumento.tsx';

// Spec 001 §8, §9: cancellation notices stay 4500 ms.
const DURACION_AVISO_ANULACION = 4500;

/** What the server did with a cancellation (spec 000 §4): cancelled at once, or a request filed. */
export type ResultadoDeAnulacion = 'anulada' | 'solicitada' | 'aprobada' | 'rechazada';

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  /** «la cotización COT12»: how texts name the document. */
  documento: string;
  genero: Genero;
  /** The family's message for an empty reason (spec 001 §5). */
  mensajeSinMotivo: string;
  anular: (entrada: { notaAnular: string; tipoDeAnulacion: string }) => Promise<ResultadoDeAnulacion>;
};

/**
 * The cancellation dialog of a kit document with a free-text reason (spec 000 §4, 001 §4-§5): a user
 * with anularYEliminarDocumentos cancels at once; anyone else sends a request to the audit screen. The
 * server decides either way; its refusal is shown as it comes.
 */
export function ModalAnularDocumento({
  abierto,
  alCerrar,
  documento,
  genero,
  mensajeSinMotivo,
  anular,
}: Props) {
  const { perfil } = usePerfil();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const directo = perfil?.anularYEliminarDocumentos === true;
  const mayuscula = documento.charAt(0).toUpperCase() + documento.slice(1);

  function cerrar() {
    setMotivo('');
    setError(null);
    setRechazo(null);
    alCerrar();
  }

  async function confirmar() {
    const nota = motivo.trim();
    if (!nota) {
      setError(mensajeSinMotivo);
      return;
    }
    setRechazo(null);
    setEnviando(true);
    try {
      const resultado = await anular({ notaAnular: nota, tipoDeAnulacion: '' });
      notifications.show({
        color: resultado === 'anulada' ? 'green' : 'blue',
        title: resultado === 'anulada' ? 'Documento anulado' : 'Solicitud de anulación enviada',
        message:
          resultado === 'anulada'
            ? `${mayuscula} quedó ${genero === 'femenino' ? 'anulada' : 'anulado'}.`
            : `La anulación de ${documento} espera la aprobación de un supervisor.`,
        autoClose: DURACION_AVISO_ANULACION,
      });
      cerrar();
    } catch (e) {
      setRechazo(e instanceof Error ? e.message : 'No se pudo anular el documento.');
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Modal opened={abierto} onClose={cerrar} title={`Anular ${documento}`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {directo
            ? `${mayuscula} se anulará ahora y saldrá de la lista.`
            : 'Se enviará una solicitud de anulación; un supervisor la aprueba o la rechaza en Auditoría.'}
        </Text>
        <Textarea
          label="Motivo de anulación"
          placeholder="Explica por qué se anula"
          autosize
          minRows={2}
          maxLength={1000}
          value={motivo}
          onChange={(e) => {
            setMotivo(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          withAsterisk
          data-autofocus
        />
        {rechazo && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {rechazo}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cerrar}>
            Cancelar
          </Button>
          <Button color="red" loading={enviando} onClick={() => void confirmar()}>
            {directo ? 'Anular' : 'Solicitar anulación'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
