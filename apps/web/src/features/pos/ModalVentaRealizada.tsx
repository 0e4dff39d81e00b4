import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { DetalleFactura } from '@pos/contract';
import { IconCircleCheck, IconCopy, IconPlus, IconPrinter, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { MENSAJE_DE_DUPLICIDAD, TITULO_DE_DUPLICIDAD } from '../../ui/duplicidad.tsx';
import { dinero } from '../../ui/formato.ts';
import { formatoDelUsuario, imprimirRecibo, ReciboFactura } from '../facturas/Recibo.tsx';

export type VentaRealizada = {
  detalle: DetalleFactura;
  /** The server answered solicitudDuplicada: the sale already existed (spec 001 §8). */
  duplicada: boolean;
  /** Charged offline: queued, number and NCF PENDIENTE until the sync (issue 8). */
  sinConexion?: boolean;
};

type Props = {
  venta: VentaRealizada | null;
  /** The cashier: the receipt's roll width comes from their printing settings. */
  perfil: Parameters<typeof formatoDelUsuario>[0];
  /** F1 or the button: close and start the next sale. */
  alNuevaVenta: () => void;
};

// After charging: the change large, the 80 mm receipt and its printing, and F1 for the next sale. A
// duplicate answer (spec 001 §8) shows 'Protección de duplicidad' with the existing invoice's voucher,
// amount and customer, and the same choices: print it or start a new sale.
/** The result of a charge: the receipt and what to do next. */
export function ModalVentaRealizada({ venta, perfil, alNuevaVenta }: Props) {
  const formato = formatoDelUsuario(perfil);
  const [imprimiendo, setImprimiendo] = useState(false);
  const factura = venta?.detalle.FacturaDb;

  async function alImprimir() {
    if (!venta) {
      return;
    }
    setImprimiendo(true);
    await imprimirRecibo(venta.detalle, formato);
    setImprimiendo(false);
  }

  return (
    <Modal
      opened={venta !== null}
      onClose={alNuevaVenta}
      title={
        venta?.duplicada ? (
          <Group gap="xs">
            <ThemeIcon color="orange" variant="light" radius="xl">
              <IconCopy size={16} />
            </ThemeIcon>
            <Text fw={650}>{TITULO_DE_DUPLICIDAD}</Text>
          </Group>
        ) : (
          <Group gap="xs">
            <ThemeIcon color="green" variant="light" radius="xl">
              <IconCircleCheck size={16} />
            </ThemeIcon>
            <Text fw={650}>{venta?.sinConexion ? 'Venta guardada sin conexión' : 'Venta realizada'}</Text>
          </Group>
        )
      }
      size={venta?.duplicada ? 'md' : 'lg'}
      centered
      closeOnClickOutside={false}
    >
      {venta && factura && (
        <Stack gap="md">
          {venta.duplicada && <Text size="sm">{MENSAJE_DE_DUPLICIDAD}</Text>}
          {venta.sinConexion && (
            <Alert color="orange" variant="light" py={6} icon={<IconWifiOff size={18} />}>
              <Text size="sm">
                Factura creada sin conexión. Su número y su NCF quedan pendientes hasta sincronizar.
              </Text>
            </Alert>
          )}
          <SimpleGrid cols={venta.duplicada ? 1 : 2} spacing="sm">
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {factura.comprobante ? 'Comprobante' : 'Factura'}
              </Text>
              <Text fw={700} ff="monospace">
                {factura.comprobante ?? `#${factura.numeroFactura ?? ''}`}
              </Text>
              <Text size="sm">
                {dinero(factura.total)} · {factura.nombre || 'Consumidor final'}
              </Text>
            </Paper>
            {!venta.duplicada && (
              <Paper withBorder p="sm" radius="md" bg={factura.cambioDeDinero > 0 ? 'green.0' : undefined}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Cambio
                </Text>
                <Text fz={34} fw={800} lh={1.1} c={factura.cambioDeDinero > 0 ? 'green.8' : 'gray.6'}>
                  {dinero(factura.cambioDeDinero)}
                </Text>
              </Paper>
            )}
          </SimpleGrid>
          {!venta.duplicada && (
            <ScrollArea.Autosize mah="45vh" type="auto">
              <Box bg="gray.1" p="md" style={{ display: 'flex', justifyContent: 'center', borderRadius: 8 }}>
                <Box style={{ boxShadow: '0 1px 4px rgba(0,0,0,.15)' }}>
                  <ReciboFactura detalle={venta.detalle} formato={formato} />
                </Box>
              </Box>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              size="md"
              leftSection={<IconPrinter size={18} />}
              loading={imprimiendo}
              onClick={() => void alImprimir()}
            >
              {venta.duplicada ? 'Imprimir la factura' : 'Imprimir'}
            </Button>
            <Button size="md" leftSection={<IconPlus size={18} />} onClick={alNuevaVenta} data-autofocus>
              Nueva venta (F1)
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
