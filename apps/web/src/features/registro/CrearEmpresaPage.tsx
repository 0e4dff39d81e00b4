import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { auth, type EmpresaRegistrada, type RegistroDeEmpresa } from '@pos/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { FormularioDeRegistro } from './FormularioDeRegistro.tsx';

type Creada = { empresa: EmpresaRegistrada; datos: RegistroDeEmpresa };

/**
 * /crear-empresa: a company signs itself up from the login page, with a trial (docs/empresas.md). At the
 * end it shows the company number, which the login asks for, and enters it.
 */
export default function CrearEmpresaPage() {
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const [creada, setCreada] = useState<Creada | null>(null);
  const [entrando, setEntrando] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function entrar({ empresa, datos }: Creada) {
    setEntrando(true);
    setError(null);
    try {
      const { token } = await api(auth.login, {
        tenantId: empresa.tenantId,
        body: { username: empresa.username, password: datos.password },
      });
      queryClient.clear();
      iniciarSesionLocal({ tenantId: empresa.tenantId, token });
      await navegar('/', { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se pudo entrar.');
    } finally {
      setEntrando(false);
    }
  }

  if (creada) {
    return (
      <Stack gap="md">
        <Stack gap={4} align="center">
          <IconCircleCheck size={40} stroke={1.5} color="var(--mantine-color-green-7)" />
          <Title order={3}>¡Tu empresa está lista!</Title>
        </Stack>
        <Text ta="center" size="sm">
          Tu número de empresa es
        </Text>
        <Text ta="center" fw={700} fz={40} lh={1} data-testid="numero-de-empresa">
          {creada.empresa.tenantId}
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          Anótalo: lo pide la pantalla de entrada junto a tu usuario ({creada.empresa.username}). Tienes{' '}
          {creada.empresa.diasDePruebaDisponibles} días de prueba.
        </Text>
        {error && (
          <Alert color="red" role="alert" py="xs">
            {error}
          </Alert>
        )}
        <Button size="md" fullWidth loading={entrando} onClick={() => void entrar(creada)}>
          Entrar a mi empresa
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Crear empresa</Title>
        <Text c="dimmed" size="sm">
          Prueba gratis durante 15 días, sin compromiso.
        </Text>
      </div>
      <FormularioDeRegistro
        operador={false}
        textoDelBoton="Crear empresa"
        alCrear={(empresa, datos) => setCreada({ empresa, datos })}
      />
      <Text size="sm" ta="center">
        ¿Ya tienes empresa?{' '}
        <Anchor component={Link} to="/login">
          Entrar
        </Anchor>
      </Text>
    </Stack>
  );
}
