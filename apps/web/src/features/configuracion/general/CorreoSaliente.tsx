import { Alert, PasswordInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ActualizarConfiguracionGeneral } from '@pos/contract';
import { IconMail } from '@tabler/icons-react';
import type { z } from 'zod';
import { CampoDeTexto } from '../../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../../ui/CampoNumerico.tsx';
import { largoMaximo } from '../../../ui/esquemas.ts';

type Valores = z.input<typeof ActualizarConfiguracionGeneral>;

const largo = (campo: string) => largoMaximo(ActualizarConfiguracionGeneral, `smtp.${campo}`);

/**
 * Spec 001 §1: the company's outgoing mail server, used to send invoices by e-mail. The password is never
 * read back: the field stays empty and an empty field keeps the saved one.
 */
export function CorreoSaliente({
  form,
  tienePassword,
  correoDeLaEmpresa,
}: {
  form: UseFormReturnType<Valores>;
  /** Whether the saved settings hold a password (what the server answered). */
  tienePassword: boolean;
  correoDeLaEmpresa: string;
}) {
  const smtp = form.values.smtp;
  const activo = smtp !== null && smtp !== undefined;
  function alternar(encender: boolean) {
    form.setFieldValue(
      'smtp',
      encender
        ? {
            host: '',
            port: 587,
            secure: false,
            usuario: correoDeLaEmpresa,
            password: '',
            remitente: correoDeLaEmpresa,
          }
        : null,
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Las facturas se envían por correo desde tu propio servidor de correo. Pide estos datos a tu proveedor
        (Gmail, Outlook o el de tu dominio); con Gmail se usa una contraseña de aplicación.
      </Text>
      <Switch
        label="Enviar facturas por correo"
        checked={activo}
        onChange={(evento) => alternar(evento.currentTarget.checked)}
      />
      {activo ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <CampoDeTexto
            label="Servidor SMTP"
            placeholder="smtp.gmail.com"
            withAsterisk
            max={largo('host')}
            {...form.getInputProps('smtp.host')}
          />
          <CampoNumerico
            label="Puerto"
            description="587 con STARTTLS; 465 con SSL/TLS"
            min={1}
            max={65535}
            thousandSeparator={false}
            valor={smtp.port ?? null}
            alCambiar={(puerto) => form.setFieldValue('smtp.port', puerto as never)}
            onBlur={() => form.validateField('smtp.port')}
            error={form.errors['smtp.port']}
          />
          <Switch
            mt="lg"
            label="Conexión segura SSL/TLS desde el inicio"
            description="Apágalo para el puerto 587 (STARTTLS)"
            {...form.getInputProps('smtp.secure', { type: 'checkbox' })}
          />
          <CampoDeTexto
            label="Usuario"
            autoComplete="off"
            max={largo('usuario')}
            {...form.getInputProps('smtp.usuario')}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="new-password"
            maxLength={largo('password')}
            placeholder={tienePassword ? 'Guardada; déjala vacía para no cambiarla' : ''}
            {...form.getInputProps('smtp.password')}
          />
          <CampoDeTexto
            label="Correo remitente"
            description="La dirección que ve el cliente"
            type="email"
            withAsterisk
            max={largo('remitente')}
            {...form.getInputProps('smtp.remitente')}
          />
        </SimpleGrid>
      ) : (
        <Alert variant="light" color="gray" icon={<IconMail size={18} />}>
          Sin servidor de correo: las facturas se pueden descargar en PDF, pero no enviar por correo.
        </Alert>
      )}
    </Stack>
  );
}
