import { Badge, Box, Button, Group } from '@mantine/core';
import { IconLogout, IconWifiOff } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { useConexion } from '../app/Conexion.tsx';
import { useCerrarSesion } from '../app/usePerfil.ts';

/** The POS layout: full screen, with the bottom bar of spec 000 §2 (the POS screens fill its menu). */
export function DisenoPos() {
  const { enLinea } = useConexion();
  const cerrarSesion = useCerrarSesion();
  return (
    <Box h="100vh" style={{ display: 'grid', gridTemplateRows: '1fr auto' }}>
      <Box style={{ overflow: 'auto' }}>
        <Outlet />
      </Box>
      <Group component="footer" px="sm" py={6} justify="space-between" bg="dark.7" c="white">
        {!enLinea ? (
          <Badge color="red" leftSection={<IconWifiOff size={12} />}>
            Facturar Sin conexión
          </Badge>
        ) : (
          <span />
        )}
        <Button
          size="xs"
          variant="subtle"
          color="gray.3"
          leftSection={<IconLogout size={14} />}
          onClick={cerrarSesion}
        >
          Salir del sistema
        </Button>
      </Group>
    </Box>
  );
}
