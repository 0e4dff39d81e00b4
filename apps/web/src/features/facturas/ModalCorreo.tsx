import { Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EnviarFacturaPorCorreo, type Factura, MENSAJE_ERROR_CORREO_FACTURA } from '@pos/contract';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { largoMaximo } from '../../ui/esquemas.ts';
import { numeroDeFactura } from './etiquetas.ts';
import { useEnviarFacturaPorCorreo } from './queries.ts';

type Props = {
  factura: Factura;
  abierto: boolean;
  alCerrar: () => void;
};

/** The send-by-mail modal (spec 001 §1, §2): the address is checked as the server checks it. */
export function ModalCorreo({ factura, abierto, alCerrar }: Props) {
  const [correo, setCorreo] = useState(factura.correo);
  const [mensaje, setMensaje] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enviar = useEnviarFacturaPorCorreo();

  function cerrar() {
    setError(null);
    alCerrar();
  }

  async function confirmar() {
    const valido = EnviarFacturaPorCorreo.safeParse({ correo, mensaje });
    if (!valido.success) {
      setError(valido.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const respuesta = await enviar.mutateAsync({
        id: factura._id,
        correo: valido.data.correo,
        mensaje: valido.data.mensaje ?? '',
      });
      notifications.show({ color: 'green', message: respuesta.message, autoClose: 2400 });
      cerrar();
    } catch (e) {
      notifications.show({
        color: 'red',
        title: MENSAJE_ERROR_CORREO_FACTURA,
        message: e instanceof Error ? e.message : '',
        autoClose: 5200,
      });
    }
  }

  return (
    <Modal opened={abierto} onClose={cerrar} title={`Enviar la factura ${numeroDeFactura(factura)}`} centered>
      <Stack gap="sm">
        <CampoDeTexto
          label="Correo"
          placeholder="cliente@ejemplo.com"
          max={largoMaximo(EnviarFacturaPorCorreo, 'correo')}
          value={correo}
          onChange={(e) => {
            setCorreo(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <AreaDeTexto
          label="Mensaje"
          placeholder="Texto que acompaña la factura (opcional)"
          autosize
          minRows={2}
          max={largoMaximo(EnviarFacturaPorCorreo, 'mensaje')}
          value={mensaje}
          onChange={(e) => setMensaje(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={cerrar}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconMail size={16} />}
            loading={enviar.isPending}
            onClick={() => void confirmar()}
          >
            Enviar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
