import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The sign-in layout: a centered card over a calm background. */
export function DisenoLogin({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.1">
      <Stack w="100%" maw={400} gap="lg">
        <Stack gap={4} align="center">
          <Box c="blue.7">
            <IconCashRegister size={44} stroke={1.5} />
          </Box>
          <Title order={2}>Caja y Facturación</Title>
          <Text c="dimmed" size="sm">
            Punto de venta, facturación con NCF e inventario
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
