import { AppShell, Badge, Group, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { useConexion } from '../app/Conexion.tsx';
import { MenuPrincipal } from '../app/menu/MenuPrincipal.tsx';
import { useConfiguracionGeneral } from '../app/useEmpresa.ts';
import { useCerrarSesion, usePerfil } from '../app/usePerfil.ts';
import { AvisosDelPlan } from '../ui/AvisosDelPlan.tsx';

/** The administration area: header with the company and the main menu, plan banners, the screen. */
export function DisenoPrincipal() {
  const { perfil } = usePerfil();
  const general = useConfiguracionGeneral();
  const cerrarSesion = useCerrarSesion();
  const { enLinea } = useConexion();
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Link to="/" style={{ textDecoration: 'none', color: 'inherit', minWidth: 0 }}>
              <Title order={4} lineClamp={1}>
                {general?.configGeneral[0].nombre ?? 'Caja y Facturación'}
              </Title>
            </Link>
            {!enLinea && (
              <Badge color="red" variant="light" leftSection={<IconWifiOff size={12} />}>
                Sin conexión
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {perfil && (
              <Text size="sm" c="dimmed" visibleFrom="sm">
                {perfil.username}
              </Text>
            )}
            {perfil && <MenuPrincipal perfil={perfil} alCerrarSesion={cerrarSesion} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <AvisosDelPlan />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
