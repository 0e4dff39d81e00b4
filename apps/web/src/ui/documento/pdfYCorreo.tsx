import { Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Endpoint, EnviarDocumentoPorCorreo } from '@pos/contract';
import { IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { api, ErrorDeApi, URL_API } from '../../api/client.ts';
import { leerSesion } from '../../app/sesion.ts';
import { AreaDeTexto, CampoDeTexto } from '../CampoDeTexto.tsx';
import { largoMaximo } from '../esquemas.ts';

// Spec 001 §1 "PDF / e-mail" for any document: the download of its PDF and the send-by-mail modal.
// A family passes its own paths (the invoice's /email/pdf/download/{id}, /cotizacion/pdf/{id}, …).

// A PDF answers bytes, not JSON, so it does not go through `api()`: the same headers (the token is
// required), a Blob, and the server's JSON message on errors.
/** Downloads `ruta` (with `:id` already filled) and saves it as `nombre`. */
export async function descargarPdf(ruta: string, nombre: string): Promise<void> {
  const sesion = leerSesion();
  const cabeceras: Record<string, string> = {};
  if (sesion) {
    cabeceras.tenantId = String(sesion.tenantId);
    cabeceras.authorization = `Bearer ${sesion.token}`;
  }
  let respuesta: Response;
  try {
    respuesta = await fetch(`${URL_API}${ruta}`, { headers: cabeceras });
  } catch {
    throw new ErrorDeApi(0, 'No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.');
  }
  if (!respuesta.ok) {
    const cuerpo = (await respuesta.json().catch(() => null)) as { message?: unknown } | null;
    throw new ErrorDeApi(
      respuesta.status,
      typeof cuerpo?.message === 'string'
        ? cuerpo.message
        : `El servidor respondió con el error ${respuesta.status}.`,
    );
  }
  const url = URL.createObjectURL(await respuesta.blob());
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.appendChild(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Sends document `id` by the family's e-mail endpoint (POST {…}/:id with {correo, mensaje?}). */
export function enviarPorCorreo(endpoint: EndpointDeCorreo, id: string) {
  return (body: EnviarDocumentoPorCorreo) => api(endpoint, { params: { id }, body });
}

/** The e-mail endpoint of a family: POST {…}/:id with {correo, mensaje?}. */
export type EndpointDeCorreo = Endpoint<
  typeof EnviarDocumentoPorCorreo,
  z.ZodType<{ message: string }>,
  z.ZodType<{ id: string }>
>;

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  /** 'la cotización COT-12': the modal's title says «Enviar la cotización COT-12». */
  documento: string;
  /** The customer's address, prefilled. */
  correoInicial: string;
  /** The family's call: its e-mail endpoint with the document's ids (`enviarPorCorreo` helps). */
  enviar: (body: EnviarDocumentoPorCorreo) => Promise<{ message: string }>;
  /** Spec 001 §1: 'Error al enviar {document type} por correo'. */
  mensajeDeError: string;
};

/** The send-by-mail modal (spec 001 §1): the address is checked as the server checks it. */
export function ModalCorreoDeDocumento({
  abierto,
  alCerrar,
  documento,
  correoInicial,
  enviar: enviarCorreo,
  mensajeDeError,
}: Props) {
  const [correo, setCorreo] = useState(correoInicial);
  const [mensaje, setMensaje] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enviar = useMutation({ mutationFn: enviarCorreo });

  function cerrar() {
    setError(null);
    alCerrar();
  }

  async function confirmar() {
    const valido = EnviarDocumentoPorCorreo.safeParse({ correo, mensaje });
    if (!valido.success) {
      setError(valido.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const { correo: para, mensaje: texto } = valido.data;
      const respuesta = await enviar.mutateAsync({ correo: para, ...(texto ? { mensaje: texto } : {}) });
      notifications.show({ color: 'green', message: respuesta.message, autoClose: 2400 });
      cerrar();
    } catch (e) {
      notifications.show({
        color: 'red',
        title: mensajeDeError,
        message: e instanceof Error ? e.message : '',
        autoClose: 5200,
      });
    }
  }

  return (
    <Modal opened={abierto} onClose={cerrar} title={`Enviar ${documento}`} centered>
      <Stack gap="sm">
        <CampoDeTexto
          label="Correo"
          placeholder="cliente@ejemplo.com"
          max={largoMaximo(EnviarDocumentoPorCorreo, 'correo')}
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
          placeholder="Texto que acompaña el documento (opcional)"
          autosize
          minRows={2}
          max={largoMaximo(EnviarDocumentoPorCorreo, 'mensaje')}
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
