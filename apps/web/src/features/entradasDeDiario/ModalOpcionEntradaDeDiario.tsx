import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type OpcionEntradaDeDiario, opcionesEntradaDeDiario } from '@pos/contract';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { AreaDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { entradaDeDiarioQueries } from './queries.ts';

/**
 * The journal-entry option modal (spec 002 §2 "journal entry option modal"; §3 "Journal option":
 * nombre, codigo, nota): pick a saved option to prefill the entry's description and notes, or create one
 * here (POST /opciones-entrada-de-diario/) and use it at once.
 */
export function ModalOpcionEntradaDeDiario({
  abierto,
  alCerrar,
  alElegir,
}: {
  abierto: boolean;
  alCerrar: () => void;
  alElegir: (opcion: OpcionEntradaDeDiario) => void;
}) {
  const queryClient = useQueryClient();
  const consulta = useQuery({ ...entradaDeDiarioQueries.opciones(), enabled: abierto });
  const [creando, setCreando] = useState(false);
  const [nombre, setNombre] = useState('');
  const [codigo, setCodigo] = useState('');
  const [nota, setNota] = useState('');
  const crear = useMutation({
    mutationFn: () =>
      api(opcionesEntradaDeDiario.crear, {
        body: {
          identificadorUnico: crypto.randomUUID(),
          nombre: nombre.trim(),
          codigo: codigo.trim(),
          nota: nota.trim(),
        },
      }),
    onSuccess: async (creada) => {
      await queryClient.invalidateQueries({ queryKey: entradaDeDiarioQueries.opciones().queryKey });
      setCreando(false);
      setNombre('');
      setCodigo('');
      setNota('');
      elegir(creada);
    },
  });

  function elegir(opcion: OpcionEntradaDeDiario) {
    alElegir(opcion);
    alCerrar();
  }

  const opciones = consulta.data?.res ?? [];
  return (
    <Modal opened={abierto} onClose={alCerrar} title="Opciones de entrada de diario" size="lg">
      <Stack gap="sm">
        {!consulta.data ? (
          <CargandoOError cargando={consulta.isPending} error={consulta.error} />
        ) : opciones.length === 0 ? (
          <Text size="sm" c="dimmed">
            Todavía no hay opciones guardadas; crea una con su descripción y su nota.
          </Text>
        ) : (
          <Table highlightOnHover verticalSpacing={6} fz="sm" aria-label="Opciones de entrada">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Código</Table.Th>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Nota</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {opciones.map((o) => (
                <Table.Tr key={o._id}>
                  <Table.Td ff="monospace">{o.codigo || '—'}</Table.Td>
                  <Table.Td>{o.nombre}</Table.Td>
                  <Table.Td>{o.nota || '—'}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="light" onClick={() => elegir(o)}>
                      Usar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {creando ? (
          <Stack gap="xs">
            <Group grow align="flex-start">
              <TextInput
                label="Nombre"
                withAsterisk
                value={nombre}
                maxLength={200}
                onChange={(e) => setNombre(e.currentTarget.value)}
              />
              <TextInput
                label="Código"
                value={codigo}
                maxLength={50}
                onChange={(e) => setCodigo(e.currentTarget.value)}
              />
            </Group>
            <AreaDeTexto
              label="Nota"
              value={nota}
              max={500}
              autosize
              minRows={1}
              onChange={(e) => setNota(e.currentTarget.value)}
            />
            {crear.error && (
              <Alert color="red" variant="light" title="Error de Datos Requeridos">
                {crear.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreando(false)}>
                Cancelar
              </Button>
              <Button loading={crear.isPending} disabled={!nombre.trim()} onClick={() => crear.mutate()}>
                Guardar y usar
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="flex-start">
            <Button variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => setCreando(true)}>
              Nueva opción
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
