import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Menu,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type DetalleFactura, tienePermiso } from '@pos/contract';
import { MOTIVOS_ANULACION_FACTURA } from '@pos/domain';
import {
  IconArrowLeft,
  IconBan,
  IconCash,
  IconChevronDown,
  IconDots,
  IconEdit,
  IconFileTypePdf,
  IconInfoCircle,
  IconMail,
  IconPrinter,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { Cargando } from '../../ui/Cargando.tsx';
import { dinero, fecha, fechaHora, porcentajeDeFraccion } from '../../ui/formato.ts';
import { BotonEscritura, useModoLectura } from '../../ui/ModoLectura.tsx';
import { rutaDelConduce } from '../conduces/rutas.ts';
import { VISTA_COTIZACION } from '../cotizaciones/rutas.ts';
import { NUEVO_INGRESO } from '../ingresos/rutas.ts';
import { nombreDeMetodo, numeroDeFactura } from './etiquetas.ts';
import { EstadoDeFactura } from './FacturasPage.tsx';
import { ModalAnular } from './ModalAnular.tsx';
import { ModalCorreo } from './ModalCorreo.tsx';
import { descargarPdfDeFactura, facturaQueries, useEliminarFactura } from './queries.ts';
import { type FormatoDeRecibo, imprimirRecibo } from './Recibo.tsx';
import { EDITAR_FACTURA, LISTA_DE_FACTURAS } from './rutas.ts';

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {etiqueta}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children === '' || children === null || children === undefined ? '—' : children}
      </Text>
    </div>
  );
}

function FilaTotal({ etiqueta, valor, fuerte }: { etiqueta: string; valor: string; fuerte?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size={fuerte ? 'md' : 'sm'} fw={fuerte ? 700 : 400}>
        {etiqueta}
      </Text>
      <Text size={fuerte ? 'md' : 'sm'} fw={fuerte ? 700 : 400}>
        {valor}
      </Text>
    </Group>
  );
}

function motivo(codigo: string): string {
  const encontrado = MOTIVOS_ANULACION_FACTURA.find((m) => String(m.codigo) === codigo);
  return encontrado ? encontrado.motivo : codigo;
}

function Lineas({ detalle }: { detalle: DetalleFactura }) {
  return (
    <ScrollArea type="auto">
      <Table striped fz="sm" verticalSpacing={6} miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Descripción</Table.Th>
            <Table.Th ta="right">Cantidad</Table.Th>
            <Table.Th ta="right">Precio</Table.Th>
            <Table.Th ta="right">Desc.</Table.Th>
            <Table.Th ta="right">Impuestos</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detalle.linea_facturasRef.map((l) => (
            <Table.Tr key={l._id}>
              <Table.Td>
                <Text size="sm">{l.descripcion}</Text>
                {(l.idCodigoDeBarra || l.nota) && (
                  <Text size="xs" c="dimmed">
                    {[l.idCodigoDeBarra, l.nota].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{l.cantidad}</Table.Td>
              <Table.Td ta="right">{dinero(l.precioDeVenta)}</Table.Td>
              <Table.Td ta="right">{l.descuento > 0 ? porcentajeDeFraccion(l.descuento) : '—'}</Table.Td>
              <Table.Td ta="right">{dinero(l.totalImpuestos)}</Table.Td>
              <Table.Td ta="right">{dinero(l.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function Pagos({ detalle }: { detalle: DetalleFactura }) {
  if (detalle.listaPagosIngreso.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin pagos registrados.
      </Text>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table fz="sm" verticalSpacing={4} miw={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Método</Table.Th>
            <Table.Th>Origen</Table.Th>
            <Table.Th>Aprobación</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detalle.listaPagosIngreso.map((p) => (
            <Table.Tr key={p._id}>
              <Table.Td>{fechaHora(p.fecha)}</Table.Td>
              <Table.Td>{nombreDeMetodo(p.metodo)}</Table.Td>
              <Table.Td>{p.origen === 'factura' ? 'En la factura' : 'Recibo de ingreso'}</Table.Td>
              <Table.Td>{p.numeroDeAprobacion || '—'}</Table.Td>
              <Table.Td ta="right">{dinero(p.monto)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** /factura/vista_factura?id=…: the invoice, its payments and entries, and what can be done with it. */
export default function VistaFacturaPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const consulta = useQuery({ ...facturaQueries.una(id), enabled: id !== '' });
  const eliminar = useEliminarFactura();
  const [anulando, anular] = useDisclosure(false);
  const [enviando, correo] = useDisclosure(false);
  const [descargando, setDescargando] = useState(false);
  const detalle = consulta.data;
  if (consulta.isPending && id !== '') {
    return <Cargando />;
  }
  if (!detalle) {
    return (
      <Text c="red" role="alert">
        {consulta.error?.message ?? 'Falta la factura que se quiere ver.'}
      </Text>
    );
  }
  const f = detalle.FacturaDb;
  const formatoDelPerfil = perfil?.impresion.formatoDePagina;
  const formato: FormatoDeRecibo = formatoDelPerfil === '58mm' ? '58mm' : '80mm';
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'facturas', 'modificar');
  const puedeCobrar = !perfil || tienePermiso(perfil.privilegios, 'ingresos', 'crear');
  const activa = f.estado === 'Activo';
  const tienePagos = detalle.cobrado > 0;
  const numero = numeroDeFactura(f);

  function imprimir(formatoElegido: FormatoDeRecibo) {
    if (!detalle) {
      return;
    }
    void imprimirRecibo(detalle, formatoElegido);
  }

  async function pdf() {
    if (!detalle) {
      return;
    }
    setDescargando(true);
    try {
      await descargarPdfDeFactura(detalle);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'No se pudo descargar el PDF',
        message: e instanceof Error ? e.message : '',
      });
    } finally {
      setDescargando(false);
    }
  }

  // Spec 001 §1: deleting asks for confirmation and warns it cannot be reverted.
  function confirmarEliminar() {
    if (soloLectura) {
      avisar();
      return;
    }
    modals.openConfirmModal({
      title: `Eliminar la factura ${numero}`,
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar esta factura? Esta acción no se puede revertir: se devuelve el
          inventario y se borra su asiento contable.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        eliminar.mutate(f._id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'Eliminado', autoClose: 1500 });
            void navegar(LISTA_DE_FACTURAS);
          },
          onError: (e) =>
            notifications.show({
              color: 'red',
              title: 'No se eliminó la factura',
              message: e.message,
              autoClose: 5200,
            }),
        });
      },
    });
  }

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>Factura {numero}</Title>
          <EstadoDeFactura factura={f} />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navegar(LISTA_DE_FACTURAS)}
          >
            Volver
          </Button>
          <Group gap={0}>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => imprimir(formato)}
              style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
            >
              Imprimir recibo
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="default"
                  px={6}
                  aria-label="Elegir el papel del recibo"
                  style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }}
                >
                  <IconChevronDown size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => imprimir('80mm')}>Recibo de 80 mm</Menu.Item>
                <Menu.Item onClick={() => imprimir('58mm')}>Recibo de 58 mm</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            loading={descargando}
            onClick={() => void pdf()}
          >
            PDF
          </Button>
          <Button variant="default" leftSection={<IconMail size={16} />} onClick={correo.open}>
            Enviar por correo
          </Button>
          {puedeCobrar && activa && f.pendiente > 0 && f.idCliente && (
            // Spec 001 §2: the new receipt is also reached to collect an invoice.
            <BotonEscritura
              leftSection={<IconCash size={16} />}
              onClick={() => navegar(`${NUEVO_INGRESO}?cliente=${f.idCliente}&factura=${f._id}`)}
            >
              Cobrar
            </BotonEscritura>
          )}
          {puedeModificar && activa && !tienePagos && (
            <BotonEscritura
              leftSection={<IconEdit size={16} />}
              onClick={() => navegar(`${EDITAR_FACTURA}?id=${f._id}`)}
            >
              Editar
            </BotonEscritura>
          )}
          {puedeModificar && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" px="xs" aria-label="Más acciones">
                  <IconDots size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconBan size={16} />}
                  disabled={!activa}
                  onClick={() => (soloLectura ? avisar() : anular.open())}
                >
                  Anular
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmarEliminar}>
                  Eliminar
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {!activa && (
        <Alert
          color={f.estado === 'Anulado' ? 'red' : 'yellow'}
          variant="light"
          icon={<IconInfoCircle size={18} />}
        >
          {f.estado === 'Por-Anular' ? 'Anulación pendiente de aprobación' : 'Factura anulada'}
          {f.tipoDeAnulacion ? ` · Motivo: ${motivo(f.tipoDeAnulacion)}` : ''}
          {f.notaAnular ? ` · «${f.notaAnular}»` : ''}
          {f.notaAutorizacion ? ` · Supervisor: «${f.notaAutorizacion}»` : ''}
        </Alert>
      )}
      {activa && f.autorizacion === 'Rechazada' && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          Se rechazó una solicitud de anulación{f.notaAutorizacion ? `: «${f.notaAutorizacion}»` : ''}.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
            <Dato etiqueta="Cliente">
              {f.nombreOpcional ? `${f.nombre} (${f.nombreOpcional})` : f.nombre}
            </Dato>
            <Dato etiqueta={f.tipoDeIdentificacion || 'RNC / Cédula'}>{f.rnc || f.cedula}</Dato>
            <Dato etiqueta="Teléfono">{f.telefono || f.movil}</Dato>
            <Dato etiqueta="Correo">{f.correo}</Dato>
            <Dato etiqueta="Comprobante">
              {f.comprobante
                ? `${f.comprobante} · ${f.tipoNcfNombre ?? f.numeracionNombre}`
                : f.numeracionNombre}
            </Dato>
            <Dato etiqueta="NCF válido hasta">{f.vencimientoNcf ? fecha(f.vencimientoNcf) : ''}</Dato>
            <Dato etiqueta="Número interno">{f.numeroFactura === null ? '' : String(f.numeroFactura)}</Dato>
            <Dato etiqueta="Fecha">
              {fecha(f.fechaEmision)} {f.hora.slice(0, 5)}
            </Dato>
            <Dato etiqueta="Método de pago">
              {nombreDeMetodo(f.metodoDePago)}
              {f.numeroDeAprobacionTarjeta ? ` · aprobación ${f.numeroDeAprobacionTarjeta}` : ''}
            </Dato>
            <Dato etiqueta="Plazo">{f.plazoPagos > 0 ? `${f.plazoPagos} días` : 'Contado'}</Dato>
            <Dato etiqueta="Vence">{fecha(f.vencimiento)}</Dato>
            <Dato etiqueta="Origen">{f.desdePos ? 'Punto de venta' : 'Facturación'}</Dato>
            {(f.documentosDeOrigen ?? []).length > 0 && (
              <Dato etiqueta="Creada desde">
                {(f.documentosDeOrigen ?? []).map((o, i) => (
                  <span key={o.id}>
                    {i > 0 && ', '}
                    <Anchor
                      component={Link}
                      to={o.tipo === 'conduce' ? rutaDelConduce(o.id) : `${VISTA_COTIZACION}?id=${o.id}`}
                      size="sm"
                      ff="monospace"
                    >
                      {o.comprobante}
                    </Anchor>
                  </span>
                ))}
              </Dato>
            )}
          </SimpleGrid>
          <Lineas detalle={detalle} />
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
            <Stack gap="xs" style={{ flex: 1, minWidth: 280 }}>
              {f.notaPieDePagina && <Dato etiqueta="Nota al pie">{f.notaPieDePagina}</Dato>}
              {f.notaInformacionInterna && <Dato etiqueta="Nota interna">{f.notaInformacionInterna}</Dato>}
              <Dato etiqueta="Asientos contables">
                {detalle.asientos.length === 0
                  ? 'Sin asientos'
                  : `${detalle.asientos.length} ${detalle.asientos.length === 1 ? 'asiento' : 'asientos'}: ${detalle.asientos
                      .map((a) => `No. ${a.numero}${a.revierte ? ' (reverso)' : ''}`)
                      .join(', ')}`}
              </Dato>
              <Text size="xs" c="dimmed">
                Creada por {f.creadaPor || '—'} el {fechaHora(f.creadoEn)}
              </Text>
            </Stack>
            <Stack gap={4} miw={280}>
              <FilaTotal etiqueta="Subtotal" valor={dinero(f.importe)} />
              {f.descuento > 0 && <FilaTotal etiqueta="Descuento" valor={`-${dinero(f.descuento)}`} />}
              {f.desgloseDeImpuestos.map((i) => (
                <FilaTotal key={`${i.name}-${i.tipoDeImpuesto}`} etiqueta={i.name} valor={dinero(i.total)} />
              ))}
              <Divider my={4} />
              <FilaTotal etiqueta="Total" valor={dinero(f.total)} fuerte />
              {f.totalRetenciones > 0 && (
                <>
                  <FilaTotal etiqueta="Retenciones" valor={`-${dinero(f.totalRetenciones)}`} />
                  <FilaTotal etiqueta="A pagar" valor={dinero(f.montoAPagar)} fuerte />
                </>
              )}
              <FilaTotal etiqueta="Cobrado" valor={dinero(detalle.cobrado)} />
              <FilaTotal
                etiqueta="Pendiente"
                valor={dinero(detalle.pendiente)}
                fuerte={detalle.pendiente > 0}
              />
              {f.cambioDeDinero > 0 && (
                <FilaTotal
                  etiqueta={`Cambio (recibido ${dinero(f.efectivoRecibido)})`}
                  valor={dinero(f.cambioDeDinero)}
                />
              )}
            </Stack>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={4}>Pagos</Title>
          <Pagos detalle={detalle} />
        </Stack>
      </Paper>
      <ModalAnular factura={f} abierto={anulando} alCerrar={anular.close} />
      <ModalCorreo key={f._id} factura={f} abierto={enviando} alCerrar={correo.close} />
    </Stack>
  );
}
