import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AccionesDeCliente } from './AccionesDeCliente.tsx';
import { ClienteFormulario } from './ClienteFormulario.tsx';
import { COLOR_DE_ESTADO, ESTADOS, nombreCompleto } from './etiquetas.ts';
import { contactoQueries } from './queries.ts';

export const LISTA_DE_CLIENTES = '/cliente/lista';
export const NUEVO_CLIENTE = '/cliente/nuevocliente';

/** /cliente/nuevocliente and /cliente/editarCliente?id=…. */
export default function ClientePage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const existente = useQuery({ ...contactoQueries.uno(id ?? ''), enabled: id !== null });
  const contacto = existente.data;
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>
            {id ? `Contacto «${contacto ? nombreCompleto(contacto) : ''}»` : 'Nuevo contacto'}
          </Title>
          {contacto && contacto.estado !== 'Activo' && (
            <Badge color={COLOR_DE_ESTADO[contacto.estado]} variant="light">
              {ESTADOS[contacto.estado]}
            </Badge>
          )}
        </Group>
        {id && contacto && (
          <Group gap="xs">
            <Button
              variant="subtle"
              leftSection={<IconEye size={16} />}
              onClick={() => navegar(`/cliente/vista_cliente?id=${id}`)}
            >
              Ver
            </Button>
            <AccionesDeCliente contacto={contacto} alEliminar={() => void navegar(LISTA_DE_CLIENTES)} />
          </Group>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        {/* A new location (save-and-new) starts a fresh form with a fresh identificadorUnico. */}
        <ClienteFormulario
          key={ubicacion.key}
          id={id}
          alGuardar={(_, { yNuevo }) =>
            void navegar(yNuevo ? NUEVO_CLIENTE : LISTA_DE_CLIENTES, yNuevo ? { replace: true } : undefined)
          }
          alCancelar={() => void navegar(LISTA_DE_CLIENTES)}
        />
      </Paper>
    </Stack>
  );
}
