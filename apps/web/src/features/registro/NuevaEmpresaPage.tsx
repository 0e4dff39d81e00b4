import { Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { FormularioDeRegistro } from './FormularioDeRegistro.tsx';

/**
 * /configuraciones/registro-de-empresa/nueva_empresa (spec 002 §2, §6: tenant 2 and
 * crearInstanciaDelSistema). The company is created with its first user; then the user goes to /.
 */
export default function NuevaEmpresaPage() {
  const navegar = useNavigate();
  return (
    <Stack gap="md" maw={720} mx="auto">
      <div>
        <Title order={2}>Registro de empresa</Title>
        <Text c="dimmed" size="sm">
          Crea una empresa nueva con su primer usuario, que tendrá todos los permisos. Queda como cliente de
          esta empresa para facturarle la suscripción.
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        <FormularioDeRegistro
          operador
          textoDelBoton="Crear empresa"
          alCrear={async (creada) => {
            notifications.show({
              color: 'green',
              title: `Empresa ${creada.tenantId} creada`,
              message: `Su usuario es ${creada.username}. Entra con el número de empresa ${creada.tenantId}.`,
              autoClose: false,
            });
            await navegar('/');
          }}
        />
      </Paper>
    </Stack>
  );
}
