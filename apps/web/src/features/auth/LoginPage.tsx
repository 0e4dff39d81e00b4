import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { auth } from '@pos/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { api, tenantDeLaUrl } from '../../api/client.ts';
import { destinoTrasLogin } from '../../app/redireccion.ts';
import { iniciarSesionLocal, ultimaEmpresa, useSesion } from '../../app/sesion.ts';

type Valores = { empresa: string; username: string; password: string };

/** /login: company, username and password; back to the page the user wanted (spec 000 §4). */
export default function LoginPage() {
  const sesion = useSesion();
  const ubicacion = useLocation();
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm<Valores>({
    initialValues: {
      empresa: String(tenantDeLaUrl() ?? ultimaEmpresa() ?? ''),
      username: '',
      password: '',
    },
    validate: {
      empresa: (v) => (/^[1-9]\d{0,8}$/.test(v.trim()) ? null : 'Escribe el número de tu empresa'),
      username: (v) => (v.trim() ? null : 'Escribe tu usuario'),
      password: (v) => (v ? null : 'Escribe tu contraseña'),
    },
  });

  if (sesion) {
    return <Navigate to={destinoTrasLogin(ubicacion.search)} replace />;
  }

  async function entrar(valores: Valores) {
    setError(null);
    setEnviando(true);
    const tenantId = Number(valores.empresa.trim());
    try {
      const { token } = await api(auth.login, {
        tenantId,
        body: { username: valores.username.trim(), password: valores.password },
      });
      queryClient.clear();
      iniciarSesionLocal({ tenantId, token });
      await navegar(destinoTrasLogin(ubicacion.search), { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se pudo iniciar sesión.');
      form.setFieldValue('password', '');
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((valores) => void entrar(valores))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Empresa"
          description="El número de tu empresa"
          inputMode="numeric"
          autoComplete="organization"
          {...form.getInputProps('empresa')}
        />
        <TextInput label="Usuario" autoComplete="username" autoFocus {...form.getInputProps('username')} />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={enviando} fullWidth size="md">
          Entrar
        </Button>
        <Text size="sm" ta="center">
          ¿No tienes empresa?{' '}
          <Anchor component={Link} to="/crear-empresa">
            Crear empresa
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
