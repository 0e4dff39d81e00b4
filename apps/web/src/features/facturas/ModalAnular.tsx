import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Factura, MENSAJE_MOTIVO_FACTURA } from '@pos/contract';
import { MOTIVOS_ANULACION_FACTURA, validarMotivoDeAnulacion } from '@pos/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { usePerfil } from '../../app/usePerfil.ts';
import { numeroDeFactura } from './etiquetas.ts';
import { useAnularFactura } from './queries.ts';

// Spec 001 §8, §9: cancellation notices stay 4500 ms.
const DURACION_AVISO_ANULACION = 4500;

const OPCIONES = MOTIVOS_ANULACION_FACTURA.map(({ codigo, motivo }) => ({
  value: String(codigo),
  label: `${codigo} · ${motivo}`,
}));

type Props = {
  factura: Factura;
  abierto: boolean;
  alCerrar: () => void;
};

/**
 * The cancellation dialog (spec 001 §4, §5): one of the 10 reasons and a note. A user with
 * anularYEliminarDocumentos cancels at once; anyone else sends a request to the audit screen. The server
 * decides either way; its refusal ('NO SE PUEDE ANULAR: …') is shown as it comes.
 */
export function ModalAnular({ factura, abierto, alCerrar }: Props) {
  const { perfil } = usePerfil();
  const [motivo, setMotivo] = useState<string | null>(null);
  const [nota, setNota] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const anular = useAnularFactura();
  const directo = perfil?.anularYEliminarDocumentos === true;

  function cerrar() {
    setMotivo(null);
    setNota('');
    setError(null);
    setRechazo(null);
    alCerrar();
  }

  async function confirmar() {
    const valido = validarMotivoDeAnulacion('factura', motivo ?? undefined);
    if (!valido.ok) {
      setError(MENSAJE_MOTIVO_FACTURA);
      return;
    }
    setRechazo(null);
    try {
      const { facturadb, resultado } = await anular.mutateAsync({
        id: factura._id,
        body: {
          _id: factura._id,
          estado: directo ? 'Anulado' : 'Por-Anular',
          autorizacion: directo ? 'Aprobada' : 'Pendiente',
          tipoDeAnulacion: valido.valor,
          notaAnular: nota.trim(),
        },
      });
      const numero = numeroDeFactura(facturadb);
      notifications.show({
        color: resultado === 'anulada' ? 'green' : 'blue',
        title: resultado === 'anulada' ? 'Factura anulada' : 'Solicitud de anulación enviada',
        message:
          resultado === 'anulada'
            ? `La factura ${numero} quedó anulada.`
            : `La anulación de ${numero} espera la aprobación de un supervisor.`,
        autoClose: DURACION_AVISO_ANULACION,
      });
      cerrar();
    } catch (e) {
      setRechazo(e instanceof Error ? e.message : 'No se pudo anular la factura.');
    }
  }

  return (
    <Modal opened={abierto} onClose={cerrar} title={`Anular la factura ${numeroDeFactura(factura)}`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {directo
            ? 'La factura se anulará ahora: se devuelve el inventario y se revierte su asiento contable.'
            : 'Se enviará una solicitud de anulación; un supervisor la aprueba o la rechaza en Auditoría.'}
        </Text>
        <Select
          label="Motivo de anulación"
          placeholder="Elige el motivo"
          data={OPCIONES}
          value={motivo}
          onChange={(valor) => {
            setMotivo(valor);
            setError(null);
          }}
          error={error}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Textarea
          label="Nota"
          placeholder="Explica por qué se anula (opcional)"
          autosize
          minRows={2}
          maxLength={1000}
          value={nota}
          onChange={(e) => setNota(e.currentTarget.value)}
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
          <Button color="red" loading={anular.isPending} onClick={() => void confirmar()}>
            {directo ? 'Anular factura' : 'Solicitar anulación'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
