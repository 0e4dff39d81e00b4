import { Alert, Badge, Box, Button, Divider, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Factura } from '@pos/contract';
import { MOTIVOS_ANULACION_FACTURA } from '@pos/domain';
import { IconArrowLeft, IconBan, IconInfoCircle, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAtajo } from '../../app/atajos.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { Cargando } from '../../ui/Cargando.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { cobrosDeLaFactura } from '../facturas/cobrosDeLaFactura.ts';
import { estadoDeFactura, nombreDeMetodo, numeroDeFactura } from '../facturas/etiquetas.ts';
import { ModalAnular } from '../facturas/ModalAnular.tsx';
import { formatoDelUsuario, imprimirRecibo, ReciboFactura } from '../facturas/Recibo.tsx';
import { posQueries } from './queries.ts';
import { FACTURACION_POS, LISTA_VENTAS_POS } from './rutas.ts';

function motivoDeAnulacion(codigo: string): string {
  return MOTIVOS_ANULACION_FACTURA.find((m) => String(m.codigo) === codigo)?.motivo ?? codigo;
}

/** Why the invoice is not (or no longer) a plain active sale: pending, cancelled or a refused request. */
function AvisoDeAnulacion({ factura }: { factura: Factura }) {
  const motivo = factura.tipoDeAnulacion ? ` · Motivo: ${motivoDeAnulacion(factura.tipoDeAnulacion)}` : '';
  const nota = factura.notaAnular ? ` · «${factura.notaAnular}»` : '';
  if (factura.estado === 'Por-Anular') {
    return (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
        Anulación pendiente de aprobación{motivo}
        {nota}
      </Alert>
    );
  }
  if (factura.estado === 'Anulado') {
    return (
      <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
        Factura anulada{motivo}
        {nota}
      </Alert>
    );
  }
  if (factura.autorizacion === 'Rechazada') {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
        Se rechazó una solicitud de anulación
        {factura.notaAutorizacion ? `: «${factura.notaAutorizacion}»` : ''}.
      </Alert>
    );
  }
  return null;
}

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {etiqueta}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

// Spec 000 §2 "POS (/vistas_pos/)": the POS invoice view. A cashier opens a sale from the sales list
// (F10) to see its receipt, reprint it, ask for (or make) its cancellation and go back to selling, with
// big buttons for a touch screen.
/** /vistas_pos/vista_factura_pos?id=…: one sale's receipt and what a cashier can do with it. */
export default function VistaFacturaPosPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const consulta = useQuery({ ...posQueries.factura(id), enabled: id !== '' });
  const [anulando, anular] = useDisclosure(false);
  const [imprimiendo, setImprimiendo] = useState(false);
  // The receipt previewed is the one Reimprimir prints: the user's paper (spec 002 §3), 80 mm by default.
  const formato = formatoDelUsuario(perfil);

  // Spec 000 §2: F1 starts a sale (F10, back to the list, is the POS layout's); not under the dialog.
  useAtajo('F1', () => {
    if (!anulando) {
      void navegar(FACTURACION_POS);
    }
  });

  if (id !== '' && consulta.isPending) {
    return <Cargando />;
  }
  const detalle = consulta.data;
  if (!detalle) {
    return (
      <Stack p="md" gap="sm" align="flex-start">
        <Text c="red" role="alert">
          {consulta.error?.message ?? 'Falta la factura que se quiere ver.'}
        </Text>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void navegar(LISTA_VENTAS_POS)}
        >
          Volver a ventas (F10)
        </Button>
      </Stack>
    );
  }
  const f = detalle.FacturaDb;
  const cobros = cobrosDeLaFactura(detalle);
  const estado = estadoDeFactura(f);
  // The server decides request or direct cancellation (spec 001 §4, §5); the label says which to expect.
  const directo = perfil?.anularYEliminarDocumentos === true;

  async function reimprimir() {
    if (!detalle) {
      return;
    }
    setImprimiendo(true);
    await imprimirRecibo(detalle, formato);
    setImprimiendo(false);
  }

  // The receipt and the actions side by side under the title, centred as one block; the receipt scrolls
  // inside its card when taller than the screen. The title sits on the left, clear of the top-right
  // notifications (the cancellation notice stays 4.5 s). On a phone the actions come first.
  return (
    <Stack gap="sm" p="md" mx="auto" w={{ base: '100%', md: 'fit-content' }} h={{ base: 'auto', md: '100%' }}>
      <Group gap="sm" wrap="wrap">
        <Title order={3}>Factura {numeroDeFactura(f)}</Title>
        <Badge color={estado.color} variant="light" size="lg">
          {estado.texto}
        </Badge>
      </Group>
      <Flex
        direction={{ base: 'column-reverse', md: 'row' }}
        align={{ base: 'stretch', md: 'flex-start' }}
        gap="lg"
        style={{ flex: 1, minHeight: 0 }}
      >
        <Paper
          withBorder
          radius="md"
          bg="gray.1"
          p="md"
          mah={{ base: 'none', md: '100%' }}
          style={{ overflow: 'auto', flexShrink: 0, display: 'flex', justifyContent: 'center' }}
          aria-label="Vista previa del recibo"
        >
          <Box style={{ boxShadow: '0 1px 4px rgba(0,0,0,.15)', height: 'fit-content' }}>
            <ReciboFactura detalle={detalle} formato={formato} />
          </Box>
        </Paper>
        <Stack gap="sm" w={{ base: '100%', md: 380 }} style={{ flexShrink: 0 }}>
          <Paper withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Group justify="space-between" align="baseline">
                <Text size="sm" c="dimmed">
                  Total
                </Text>
                <Text fz={28} fw={800} lh={1.1}>
                  {dinero(f.total)}
                </Text>
              </Group>
              <Divider />
              <Dato etiqueta="Cliente">{f.nombre || 'Consumidor final'}</Dato>
              <Dato etiqueta="Método">{nombreDeMetodo(f.metodoDePago)}</Dato>
              <Dato etiqueta="Fecha">
                {fecha(f.fechaEmision)} {f.hora.slice(0, 5)}
              </Dato>
              {f.numeroFactura !== null && f.comprobante && (
                <Dato etiqueta="Número interno">{f.numeroFactura}</Dato>
              )}
              {/* What credits in favour and credit notes paid, so Total − them − money = Pendiente. */}
              {cobros.creditosAFavor > 0 && (
                <Dato etiqueta="Pagado con crédito a favor">{dinero(cobros.creditosAFavor)}</Dato>
              )}
              {cobros.notasDeCredito > 0 && (
                <Dato etiqueta="Notas de crédito aplicadas">{dinero(cobros.notasDeCredito)}</Dato>
              )}
              {detalle.pendiente > 0 && f.estado === 'Activo' && (
                <Dato etiqueta="Pendiente">
                  <Text span size="sm" fw={700} c="orange.8">
                    {dinero(detalle.pendiente)}
                  </Text>
                </Dato>
              )}
            </Stack>
          </Paper>
          <AvisoDeAnulacion factura={f} />
          <Button
            size="xl"
            fullWidth
            leftSection={<IconPrinter size={22} />}
            loading={imprimiendo}
            onClick={() => void reimprimir()}
          >
            Reimprimir
          </Button>
          <BotonEscritura
            size="xl"
            fullWidth
            color="red"
            variant="light"
            leftSection={<IconBan size={22} />}
            disabled={f.estado !== 'Activo'}
            onClick={anular.open}
          >
            {directo ? 'Anular' : 'Solicitar anulación'}
          </BotonEscritura>
          <Button
            size="lg"
            fullWidth
            variant="default"
            leftSection={<IconArrowLeft size={20} />}
            onClick={() => void navegar(LISTA_VENTAS_POS)}
          >
            Volver a ventas (F10)
          </Button>
          <Button
            size="lg"
            fullWidth
            variant="default"
            leftSection={<IconPlus size={20} />}
            onClick={() => void navegar(FACTURACION_POS)}
          >
            Nueva venta (F1)
          </Button>
        </Stack>
      </Flex>
      <ModalAnular factura={f} abierto={anulando} alCerrar={anular.close} />
    </Stack>
  );
}
