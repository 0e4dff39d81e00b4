import {
  ActionIcon,
  Burger,
  Button,
  Drawer,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Perfil } from '@pos/contract';
import { IconChevronDown, IconHelp, IconLogout, IconPlus } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type EntradaMenu, entradasVisibles, MENU, PESTANAS, type Pestana } from '../registro.ts';

// Spec 000 §2: the help button opens an external video channel; its address is the operator's to set.
const URL_AYUDA: string | undefined = import.meta.env.VITE_URL_AYUDA || undefined;

type Props = { perfil: Perfil; alCerrarSesion: () => void; menu?: EntradaMenu[] };

/** The five tabs of spec 000 §2: left click opens the list, right click the new document. */
export function MenuPrincipal({ perfil, alCerrarSesion, menu = MENU }: Props) {
  const navegar = useNavigate();
  const movil = useMediaQuery('(max-width: 62em)');
  const [abierto, { toggle, close }] = useDisclosure(false);
  const [pestanaAbierta, setPestanaAbierta] = useState<Pestana | null>(null);
  const visibles = entradasVisibles(perfil, menu);
  // Spec 000 §2: a profile without the clientes access flag is not a valid session: log out.
  const sinFlagClientes = perfil.privilegios?.clientes?.acceso === undefined;
  useEffect(() => {
    if (sinFlagClientes) {
      alCerrarSesion();
    }
  }, [sinFlagClientes, alCerrarSesion]);

  function clicDerecho(entrada: EntradaMenu) {
    return (evento: MouseEvent) => {
      if (entrada.rutaNueva) {
        evento.preventDefault();
        close();
        setPestanaAbierta(null);
        navegar(entrada.rutaNueva);
      }
    };
  }

  // A public page of the company (the booking page) opens as a new page with its `?lista=`.
  const destino = (entrada: EntradaMenu) =>
    entrada.paginaPublica
      ? { to: `${entrada.ruta}?lista=${perfil.tenantId}`, target: '_blank', rel: 'noopener' }
      : { to: entrada.ruta };

  const pestanas = PESTANAS.filter((p) => (visibles.get(p.id) ?? []).length > 0);
  const ayuda = URL_AYUDA && (
    <Tooltip label="Ayuda en video">
      <ActionIcon
        component="a"
        href={URL_AYUDA}
        target="_blank"
        rel="noopener"
        variant="subtle"
        aria-label="Ayuda"
      >
        <IconHelp size={20} />
      </ActionIcon>
    </Tooltip>
  );
  const salir = (
    <Button variant="subtle" color="gray" leftSection={<IconLogout size={16} />} onClick={alCerrarSesion}>
      Salir
    </Button>
  );

  if (movil) {
    return (
      <>
        <Burger opened={abierto} onClick={toggle} aria-label="Abrir el menú" size="sm" />
        <Drawer opened={abierto} onClose={close} title="Menú" size="xs">
          <Stack gap={4}>
            {pestanas.map((pestana) => (
              <NavLink key={pestana.id} label={pestana.titulo} defaultOpened childrenOffset={8}>
                {(visibles.get(pestana.id) ?? []).map((entrada) => (
                  <NavLink
                    key={entrada.ruta}
                    component={Link}
                    {...destino(entrada)}
                    label={entrada.titulo}
                    onClick={close}
                    onContextMenu={clicDerecho(entrada)}
                  />
                ))}
              </NavLink>
            ))}
            {ayuda}
            {salir}
          </Stack>
        </Drawer>
      </>
    );
  }

  return (
    <Group gap={4} wrap="nowrap" component="nav" aria-label="Menú principal">
      {pestanas.map((pestana) => (
        <Menu
          key={pestana.id}
          opened={pestanaAbierta === pestana.id}
          onChange={(abrir) => setPestanaAbierta(abrir ? pestana.id : null)}
          position="bottom-start"
          shadow="md"
        >
          <Menu.Target>
            <Button variant="subtle" color="dark" rightSection={<IconChevronDown size={14} />}>
              {pestana.titulo}
            </Button>
          </Menu.Target>
          <Menu.Dropdown miw={240}>
            {(visibles.get(pestana.id) ?? []).map((entrada) => (
              <Menu.Item
                key={entrada.ruta}
                component={Link}
                {...destino(entrada)}
                onContextMenu={clicDerecho(entrada)}
                rightSection={
                  entrada.rutaNueva ? (
                    <Text size="xs" c="dimmed" aria-hidden>
                      <IconPlus size={12} />
                    </Text>
                  ) : undefined
                }
                title={entrada.rutaNueva ? 'Clic derecho: nuevo' : undefined}
              >
                {entrada.titulo}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ))}
      {ayuda}
      {salir}
    </Group>
  );
}
