import {
  ActionIcon,
  Badge,
  Combobox,
  Group,
  Loader,
  Paper,
  Text,
  TextInput,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconUser, IconUserPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConexion } from '../../app/Conexion.tsx';
import { diferido } from '../../ui/diferido.tsx';
import { buscarClientesLocales, type ClienteLocal } from '../offline/contactosLocales.ts';
import { useSinConexion } from '../offline/ProveedorSinConexion.tsx';
import { type ClienteDelBorrador, clienteDesdeContacto } from './borrador.ts';
import { posQueries } from './queries.ts';

// The new-customer form (and its form library) loads when first opened, not with the POS.
const ModalCliente = diferido(async () => (await import('../contactos/ModalCliente.tsx')).ModalCliente);
const ModalClienteSinConexion = diferido(
  async () => (await import('../offline/ModalClienteSinConexion.tsx')).ModalClienteSinConexion,
);

type Props = {
  cliente: ClienteDelBorrador | null;
  alElegir: (cliente: ClienteDelBorrador | null) => void;
  /** clientes.ver: search existing contacts. */
  puedeBuscar: boolean;
  /** clientes.crear: the new-client modal. */
  puedeCrear: boolean;
  /** What the empty field says; a sale without a customer is to the final consumer. */
  placeholder?: string;
};

/** The customer of the sale: Consumidor final by default, a search of contacts, or a new client. */
export function SelectorDeCliente({ cliente, alElegir, puedeBuscar, puedeCrear, placeholder }: Props) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [texto, setTexto] = useState('');
  const [buscado] = useDebouncedValue(texto.trim(), 300);
  const [nuevoAbierto, nuevo] = useDisclosure(false);
  const { enLinea } = useConexion();
  const base = useSinConexion()?.base ?? null;
  const consulta = useQuery({
    ...posQueries.clientes(buscado),
    enabled: puedeBuscar && combobox.dropdownOpened && enLinea,
  });
  // Offline (spec 002 §4) the downloaded contacts and those created offline are searched locally.
  const locales = useQuery({
    queryKey: ['clientesLocales', buscado],
    queryFn: () => (base ? buscarClientesLocales(base, buscado) : []),
    enabled: puedeBuscar && combobox.dropdownOpened && !enLinea && base !== null,
    networkMode: 'always',
    staleTime: 0,
  });
  const encontrados: ClienteLocal[] = enLinea
    ? (consulta.data?.res ?? []).map((c) => ({
        cliente: clienteDesdeContacto(c),
        detalle: [c.rnc || 'Sin RNC', c.telefono].filter(Boolean).join(' · '),
      }))
    : (locales.data ?? []);
  const buscando = enLinea ? consulta.isFetching : locales.isFetching;

  const botonNuevo = puedeCrear && (
    <Tooltip label="Nuevo cliente">
      <ActionIcon variant="light" size={36} aria-label="Nuevo cliente" onClick={nuevo.open}>
        <IconUserPlus size={18} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <>
      {cliente ? (
        <Paper withBorder p={6} px="sm" radius="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconUser size={18} color="var(--mantine-color-blue-6)" />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={650} lineClamp={1}>
                  {cliente.nombre}
                </Text>
                <Group gap={6}>
                  {cliente.rnc && (
                    <Text size="xs" c="dimmed">
                      {cliente.rnc}
                    </Text>
                  )}
                  {cliente.socio && (
                    <Badge size="xs" color="teal" variant="light">
                      Socio
                    </Badge>
                  )}
                </Group>
              </div>
            </Group>
            <Tooltip label="Quitar cliente (Consumidor final)">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Quitar cliente"
                onClick={() => alElegir(null)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ) : (
        <Group gap={6} wrap="nowrap">
          <Combobox
            store={combobox}
            onOptionSubmit={(id) => {
              const encontrado = encontrados.find((c) => c.cliente._id === id);
              if (encontrado) {
                alElegir(encontrado.cliente);
              }
              setTexto('');
              combobox.closeDropdown();
            }}
          >
            <Combobox.Target>
              <TextInput
                style={{ flex: 1 }}
                aria-label="Buscar cliente"
                placeholder={
                  placeholder ?? (puedeBuscar ? 'Consumidor final · buscar cliente' : 'Consumidor final')
                }
                leftSection={<IconUser size={16} />}
                rightSection={buscando ? <Loader size={14} /> : null}
                value={texto}
                disabled={!puedeBuscar}
                autoComplete="off"
                onChange={(e) => {
                  setTexto(e.currentTarget.value);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
                onClick={() => combobox.openDropdown()}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
              />
            </Combobox.Target>
            <Combobox.Dropdown>
              <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
                {encontrados.length === 0 ? (
                  <Combobox.Empty>{buscando ? 'Buscando…' : 'Sin resultados'}</Combobox.Empty>
                ) : (
                  encontrados.map(({ cliente: c, detalle }) => (
                    <Combobox.Option value={c._id} key={c._id}>
                      <Group justify="space-between" wrap="nowrap">
                        <div>
                          <Text size="sm">{c.nombre}</Text>
                          <Text size="xs" c="dimmed">
                            {detalle}
                          </Text>
                        </div>
                        {c.socio && (
                          <Badge size="xs" color="teal" variant="light">
                            Socio
                          </Badge>
                        )}
                      </Group>
                    </Combobox.Option>
                  ))
                )}
              </Combobox.Options>
            </Combobox.Dropdown>
          </Combobox>
          {botonNuevo}
        </Group>
      )}
      {enLinea ? (
        <ModalCliente.Componente
          montar={nuevoAbierto}
          abierto={nuevoAbierto}
          alCerrar={nuevo.close}
          onCreado={(contacto) => alElegir(clienteDesdeContacto(contacto))}
        />
      ) : (
        <ModalClienteSinConexion.Componente
          montar={nuevoAbierto}
          abierto={nuevoAbierto}
          alCerrar={nuevo.close}
          onCreado={alElegir}
        />
      )}
    </>
  );
}
