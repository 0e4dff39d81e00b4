import { AspectRatio, Badge, Box, Button, Center, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { ProductoDelCatalogo } from '@pos/contract';
import { aCentavos, formatearDinero } from '@pos/domain';
import { IconPhoto, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlDeArchivo } from '../../api/archivos.ts';
import { ControlDeCantidad } from './ControlDeCantidad.tsx';
import { useCatalogo } from './contexto.ts';

function Imagen({ nombre, alt, ratio }: { nombre: string | null; alt: string; ratio: number }) {
  const { tenantId } = useCatalogo();
  const src = urlDeArchivo(tenantId, nombre);
  return (
    <AspectRatio ratio={ratio}>
      {src ? (
        <Image src={src} alt={alt} fit="cover" loading="lazy" />
      ) : (
        <Center bg="gray.1" c="gray.5" aria-hidden>
          <IconPhoto size={36} stroke={1.2} />
        </Center>
      )}
    </AspectRatio>
  );
}

/** A section or category of the catalogue: its image and name, leading to `a`. */
export function TarjetaDeGrupo({
  nombre,
  avatar,
  detalle,
  a,
}: {
  nombre: string;
  avatar: string | null;
  detalle?: string;
  a: string;
}) {
  return (
    <Paper
      component={Link}
      to={a}
      withBorder
      radius="md"
      style={{ overflow: 'hidden', textDecoration: 'none', color: 'inherit' }}
    >
      <Imagen nombre={avatar} alt={nombre} ratio={16 / 9} />
      <Box p="xs">
        <Text fw={600} size="sm" lineClamp={2}>
          {nombre}
        </Text>
        {detalle && (
          <Text size="xs" c="dimmed">
            {detalle}
          </Text>
        )}
      </Box>
    </Paper>
  );
}

const dinero = (valor: number) => formatearDinero(aCentavos(valor));

/** A product: image, name, price with tax (and its offer), and the control to add it to the order. */
export function TarjetaDeProducto({ producto }: { producto: ProductoDelCatalogo }) {
  const { carrito, cambiarCarrito, empresa } = useCatalogo();
  const linea = carrito.find((l) => l.idProducto === producto._id);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="producto-del-catalogo">
      <Box pos="relative">
        <Imagen nombre={producto.avatar} alt={producto.nombre} ratio={4 / 3} />
        {producto.oferta && (
          <Badge color="red" pos="absolute" top={6} left={6}>
            Oferta
          </Badge>
        )}
      </Box>
      <Stack gap={4} p="xs">
        <Text size="sm" fw={500} lineClamp={2} mih={40}>
          {producto.nombre}
        </Text>
        {producto.oferta ? (
          <Group gap={6} align="baseline" wrap="wrap">
            <Text fw={700} c="red.7">
              {dinero(producto.oferta.precio)}
            </Text>
            <Text size="xs" c="dimmed" td="line-through" aria-label={`Antes ${dinero(producto.precio)}`}>
              {dinero(producto.precio)}
            </Text>
          </Group>
        ) : (
          <Text fw={700}>{dinero(producto.precio)}</Text>
        )}
        {!producto.disponible ? (
          <Button size="xs" variant="default" disabled>
            Agotado
          </Button>
        ) : linea ? (
          <ControlDeCantidad
            nombre={producto.nombre}
            cantidad={linea.cantidad}
            color={empresa.colorLinkCatalogo}
            alCambiar={(cantidad) => cambiarCarrito({ tipo: 'cantidad', idProducto: producto._id, cantidad })}
          />
        ) : (
          <Button
            size="xs"
            color={empresa.colorLinkCatalogo}
            leftSection={<IconPlus size={14} />}
            aria-label={`Agregar ${producto.nombre}`}
            onClick={() => cambiarCarrito({ tipo: 'agregar', producto })}
          >
            Agregar
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
