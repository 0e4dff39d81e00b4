import {
  Alert,
  Avatar,
  Box,
  Center,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCategory, IconHome, IconRosetteDiscount, IconShoppingBag } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { urlDeArchivo } from '../../api/archivos.ts';
import { Cargando } from '../../ui/Cargando.tsx';
import { BannerPublicitario } from './BannerPublicitario.tsx';
import { BarraDePedido } from './BarraDePedido.tsx';
import { carritoReducer, guardarCarrito, leerCarrito } from './carrito.ts';
import { useEmpresaDelCatalogo } from './consultas.ts';
import { Catalogo, type ContextoDelCatalogo, rutaDelCatalogo, useCatalogo } from './contexto.ts';
import { CATALOGO, CATALOGO_CATEGORIAS, CATALOGO_PRODUCTOS } from './rutas.ts';

/** A full-page notice of the catalogue (an incomplete link, a company without catalogue). */
function Aviso({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder radius="md" p="xl" maw={420}>
        <Stack gap="xs">
          <Title order={3}>{titulo}</Title>
          <Text c="dimmed">{children}</Text>
        </Stack>
      </Paper>
    </Center>
  );
}

function tenantDeLista(lista: string | null): number | null {
  return lista && /^[1-9]\d{0,8}$/.test(lista) ? Number(lista) : null;
}

/**
 * The public catalogue layout (spec 000 §2 "Layouts": banner, bottom navigation; "Catalogue layout
 * behaviour"): no session, the company from `?lista=`; its header, the ordering bar, the bottom
 * navigation and the advertising banner around the three catalogue pages.
 */
export function DisenoCatalogo() {
  const [parametros] = useSearchParams();
  const tenantId = tenantDeLista(parametros.get('lista'));
  if (tenantId === null) {
    return (
      <Aviso titulo="Enlace incompleto">
        Este enlace no dice de qué tienda es el catálogo. Pídele a la tienda el enlace de su catálogo.
      </Aviso>
    );
  }
  return <CatalogoDeLaEmpresa key={tenantId} tenantId={tenantId} />;
}

function CatalogoDeLaEmpresa({ tenantId }: { tenantId: number }) {
  const empresa = useEmpresaDelCatalogo(tenantId);
  const [carrito, cambiarCarrito] = useReducer(carritoReducer, tenantId, leerCarrito);
  useEffect(() => guardarCarrito(tenantId, carrito), [tenantId, carrito]);
  const enlace = useCallback(
    (ruta: string, extra?: Record<string, string | undefined>) => rutaDelCatalogo(tenantId, ruta, extra),
    [tenantId],
  );
  const contexto = useMemo<ContextoDelCatalogo | null>(
    () => (empresa.data ? { tenantId, empresa: empresa.data, carrito, cambiarCarrito, enlace } : null),
    [tenantId, empresa.data, carrito, enlace],
  );
  useEffect(() => {
    if (empresa.data) {
      document.title = `${empresa.data.nombre} · Catálogo`;
    }
  }, [empresa.data]);
  if (empresa.isPending) {
    return <Cargando />;
  }
  if (!contexto) {
    return (
      <Aviso titulo="Catálogo no disponible">
        {empresa.error?.message ?? 'No se pudo cargar el catálogo.'}
      </Aviso>
    );
  }
  return (
    <Catalogo.Provider value={contexto}>
      <Box bg="gray.0" mih="100vh" pb={150}>
        <Encabezado />
        <Container size="lg" px="sm" py="md">
          <Outlet />
        </Container>
        <Box pos="fixed" bottom={0} left={0} right={0} style={{ zIndex: 150 }}>
          <BarraDePedido />
          <NavegacionInferior />
        </Box>
        <BannerPublicitario />
      </Box>
    </Catalogo.Provider>
  );
}

/** Company name and logo; on the catalogue's first page, its cover image too. */
function Encabezado() {
  const { empresa, tenantId, enlace } = useCatalogo();
  const { pathname } = useLocation();
  const portada = pathname === CATALOGO ? urlDeArchivo(tenantId, empresa.imagenDePortada) : null;
  const logo = urlDeArchivo(tenantId, empresa.logo);
  return (
    <Box bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {portada && (
        <Box
          h={{ base: 140, sm: 220 }}
          style={{
            backgroundImage: `url("${portada}")`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
          role="img"
          aria-label={`Portada de ${empresa.nombre}`}
        />
      )}
      <Container size="lg" px="sm" py="sm">
        <Group
          gap="sm"
          wrap="nowrap"
          renderRoot={(props) => <Link to={enlace(CATALOGO)} {...props} />}
          style={{ textDecoration: 'none', color: 'inherit' }}
        >
          <Avatar
            src={logo}
            alt={`Logo de ${empresa.nombre}`}
            size={portada ? 56 : 40}
            radius="xl"
            color={empresa.colorLinkCatalogo}
            mt={portada ? -36 : 0}
            style={{ border: '2px solid white', background: 'white' }}
          >
            {empresa.nombre.slice(0, 1)}
          </Avatar>
          <Box miw={0}>
            <Title order={1} size="h4" lineClamp={1}>
              {empresa.nombre}
            </Title>
            {empresa.direccion && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {empresa.direccion}
              </Text>
            )}
          </Box>
        </Group>
      </Container>
    </Box>
  );
}

/** The bottom navigation of the catalogue layout (spec 000 §2). */
function NavegacionInferior() {
  const { empresa, enlace } = useCatalogo();
  const { pathname, search } = useLocation();
  const ofertas = pathname === CATALOGO_PRODUCTOS && new URLSearchParams(search).get('ofertas') === 'true';
  const entradas = [
    { titulo: 'Inicio', icono: IconHome, a: enlace(CATALOGO), activa: pathname === CATALOGO },
    {
      titulo: 'Categorías',
      icono: IconCategory,
      a: enlace(CATALOGO_CATEGORIAS),
      activa: pathname === CATALOGO_CATEGORIAS,
    },
    {
      titulo: 'Productos',
      icono: IconShoppingBag,
      a: enlace(CATALOGO_PRODUCTOS),
      activa: pathname === CATALOGO_PRODUCTOS && !ofertas,
    },
    {
      titulo: 'Ofertas',
      icono: IconRosetteDiscount,
      a: enlace(CATALOGO_PRODUCTOS, { ofertas: 'true' }),
      activa: ofertas,
    },
  ];
  return (
    <Box
      component="nav"
      aria-label="Navegación del catálogo"
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="sm" px={0}>
        <Group grow gap={0} wrap="nowrap">
          {entradas.map((entrada) => (
            <UnstyledButton
              key={entrada.titulo}
              component={Link}
              to={entrada.a}
              py={6}
              aria-current={entrada.activa ? 'page' : undefined}
              c={entrada.activa ? empresa.colorLinkCatalogo : 'gray.7'}
            >
              <Stack gap={0} align="center">
                <entrada.icono size={22} stroke={1.6} />
                <Text size="xs" fw={entrada.activa ? 600 : 400}>
                  {entrada.titulo}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </Group>
      </Container>
    </Box>
  );
}

/** An error of a catalogue query, in place of its content. */
export function ErrorDelCatalogo({ error }: { error: Error }) {
  return (
    <Alert color="red" title="No se pudo cargar">
      {error.message}
    </Alert>
  );
}
