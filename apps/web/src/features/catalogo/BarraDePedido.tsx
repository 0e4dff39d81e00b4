import {
  ActionIcon,
  Alert,
  Avatar,
  Box,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { catalogo, type PedidoDelCatalogoRegistrado } from '@pos/contract';
import {
  aCentavos,
  enlaceDeWhatsApp,
  formatearDinero,
  importeDeLineaDelCatalogo,
  textoDelPedidoDelCatalogo,
  totalDelPedidoDelCatalogo,
} from '@pos/domain';
import { IconBrandWhatsapp, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { urlDeArchivo } from '../../api/archivos.ts';
import { api } from '../../api/client.ts';
import { ControlDeCantidad } from './ControlDeCantidad.tsx';
import { useCatalogo } from './contexto.ts';

/**
 * The ordering bar (spec 000 §2 "catalogue ordering bar"): the order's count and total above the bottom
 * navigation; opened, each line with its quantity (1–1000), the visitor's name and «Enviar pedido», which
 * opens a chat with the company phone carrying the order. When the company registers catalogue orders
 * (docs/catalogo.md), it is first registered as a sales order, at the server's prices.
 */
export function BarraDePedido() {
  const { carrito, empresa } = useCatalogo();
  const [abierto, { open, close }] = useDisclosure(false);
  const cantidad = carrito.reduce((suma, l) => suma + l.cantidad, 0);
  if (carrito.length === 0) {
    return null;
  }
  return (
    <>
      <Box bg={empresa.colorLinkCatalogo} c="white" data-testid="barra-de-pedido">
        <Container size="sm" px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500}>
              {cantidad === 1 ? '1 producto' : `${cantidad} productos`} ·{' '}
              <Text span fw={700}>
                {formatearDinero(totalDelPedidoDelCatalogo(carrito))}
              </Text>
            </Text>
            <Button
              size="xs"
              variant="white"
              color="dark"
              leftSection={<IconShoppingCart size={16} />}
              onClick={open}
            >
              Ver pedido
            </Button>
          </Group>
        </Container>
      </Box>
      <Drawer
        opened={abierto}
        onClose={close}
        position="bottom"
        size="92%"
        zIndex={400}
        title={<Text fw={700}>Tu pedido</Text>}
        styles={{ content: { maxWidth: 640, margin: '0 auto' } }}
        closeButtonProps={{ 'aria-label': 'Cerrar el pedido' }}
      >
        <FormularioDelPedido alVaciar={close} />
      </Drawer>
    </>
  );
}

function FormularioDelPedido({ alVaciar }: { alVaciar: () => void }) {
  const { carrito, cambiarCarrito, empresa, tenantId } = useCatalogo();
  const [nombre, setNombre] = useState('');
  const [telefono, setTelefono] = useState('');
  const [nota, setNota] = useState('');
  const [tocado, setTocado] = useState(false);
  const [identificadorUnico, setIdentificadorUnico] = useState(() => crypto.randomUUID());
  const [registrado, setRegistrado] = useState<PedidoDelCatalogoRegistrado | null>(null);
  // Another cart is another order: it gets its own key (the same cart sent again keeps it: no duplicate).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the cart changes.
  useEffect(() => {
    setRegistrado(null);
    setIdentificadorUnico(crypto.randomUUID());
  }, [carrito]);
  const nombreValido = nombre.trim() !== '';
  const telefonoChat = empresa.telefonoWhatsApp;
  const texto = textoDelPedidoDelCatalogo({
    empresa: empresa.nombre,
    visitante: nombre,
    lineas: registrado?.lineas ?? carrito,
    nota,
    ...(registrado ? { numeroPedido: registrado.numeroPedido } : {}),
  });
  const enlace = telefonoChat ? enlaceDeWhatsApp(telefonoChat, texto) : null;
  const registrar = useMutation({
    mutationFn: () =>
      api(catalogo.pedido, {
        tenantId,
        body: {
          identificadorUnico,
          nombre: nombre.trim(),
          telefono: telefono.trim(),
          nota: nota.trim(),
          lineas: carrito.map((l) => ({ idProducto: l.idProducto, cantidad: l.cantidad })),
        },
      }),
    onSuccess: (pedido) => {
      setRegistrado(pedido);
      if (telefonoChat) {
        // Still within the tap's activation, so the browser lets the chat open in a new page.
        window.open(
          enlaceDeWhatsApp(
            telefonoChat,
            textoDelPedidoDelCatalogo({
              empresa: empresa.nombre,
              visitante: nombre,
              lineas: pedido.lineas,
              nota,
              numeroPedido: pedido.numeroPedido,
            }),
          ),
          '_blank',
          'noopener',
        );
      }
    },
  });
  const vaciar = () => {
    cambiarCarrito({ tipo: 'vaciar' });
    alVaciar();
  };

  return (
    <Stack gap="sm">
      <Stack gap={0}>
        {carrito.map((linea) => (
          <Box
            key={linea.idProducto}
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Avatar src={urlDeArchivo(tenantId, linea.avatar)} radius="sm" size={44} color="gray">
                {linea.nombre.slice(0, 1)}
              </Avatar>
              <Box style={{ flex: 1 }} miw={0}>
                <Text size="sm" fw={500} lineClamp={2}>
                  {linea.nombre}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatearDinero(aCentavos(linea.precio))} c/u
                </Text>
                <Group justify="space-between" mt={4} wrap="nowrap">
                  <ControlDeCantidad
                    nombre={linea.nombre}
                    cantidad={linea.cantidad}
                    color={empresa.colorLinkCatalogo}
                    alCambiar={(cantidad) =>
                      cambiarCarrito({ tipo: 'cantidad', idProducto: linea.idProducto, cantidad })
                    }
                  />
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {formatearDinero(importeDeLineaDelCatalogo(linea))}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Quitar ${linea.nombre} del pedido`}
                      onClick={() => cambiarCarrito({ tipo: 'quitar', idProducto: linea.idProducto })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Box>
            </Group>
          </Box>
        ))}
      </Stack>
      <Group justify="space-between">
        <Text fw={600}>Total</Text>
        <Text fw={700} size="lg" data-testid="total-del-pedido">
          {formatearDinero(totalDelPedidoDelCatalogo(registrado?.lineas ?? carrito))}
        </Text>
      </Group>
      <Divider />
      <TextInput
        label="Tu nombre"
        required
        maxLength={100}
        value={nombre}
        onChange={(e) => setNombre(e.currentTarget.value)}
        onBlur={() => setTocado(true)}
        error={tocado && !nombreValido ? 'Escribe tu nombre para enviar el pedido' : undefined}
        autoComplete="name"
      />
      {empresa.registraPedidos && (
        <TextInput
          label="Teléfono (opcional)"
          maxLength={30}
          value={telefono}
          onChange={(e) => setTelefono(e.currentTarget.value.replace(/[^0-9+()\-. ]/g, ''))}
          inputMode="tel"
          autoComplete="tel"
        />
      )}
      <Textarea
        label="Nota (opcional)"
        maxLength={500}
        autosize
        minRows={1}
        maxRows={3}
        value={nota}
        onChange={(e) => setNota(e.currentTarget.value)}
      />
      {!telefonoChat && (
        <Alert color="yellow">
          {empresa.registraPedidos
            ? 'La tienda recibirá tu pedido, pero no tiene un WhatsApp configurado para escribirle.'
            : 'Esta tienda todavía no tiene un número de WhatsApp para recibir pedidos.'}
        </Alert>
      )}
      {registrar.error && (
        <Alert color="red" title="No se envió el pedido">
          {registrar.error.message}
        </Alert>
      )}
      {registrado && (
        <Alert color="green" title={`Pedido n.º ${registrado.numeroPedido} recibido`}>
          {telefonoChat
            ? 'Si WhatsApp no se abrió, toca «Abrir WhatsApp» para enviarle el detalle a la tienda.'
            : 'La tienda ya tiene tu pedido.'}
        </Alert>
      )}
      {empresa.registraPedidos && !registrado ? (
        <Button
          size="md"
          color={empresa.colorLinkCatalogo}
          leftSection={<IconBrandWhatsapp size={20} />}
          loading={registrar.isPending}
          disabled={!nombreValido}
          onClick={() => registrar.mutate()}
        >
          Enviar pedido
        </Button>
      ) : (
        enlace && (
          <Button
            size="md"
            color={empresa.colorLinkCatalogo}
            leftSection={<IconBrandWhatsapp size={20} />}
            {...(nombreValido
              ? { component: 'a' as const, href: enlace, target: '_blank', rel: 'noopener' }
              : { disabled: true })}
            onClick={() => setTocado(true)}
          >
            {registrado ? 'Abrir WhatsApp' : 'Enviar pedido'}
          </Button>
        )
      )}
      <Button variant="subtle" color="gray" onClick={vaciar}>
        {registrado ? 'Hacer otro pedido' : 'Vaciar el pedido'}
      </Button>
    </Stack>
  );
}
