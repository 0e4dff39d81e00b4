import { Anchor, Button, Group, Menu, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import {
  type CabeceraDeVenta,
  type DetalleFactura,
  type Factura,
  facturas,
  MENSAJE_ERROR_CORREO_FACTURA,
  RUTA_PDF_FACTURA,
  tienePermiso,
} from '@pos/contract';
import { MOTIVOS_ANULACION_FACTURA } from '@pos/domain';
import { IconCash, IconChevronDown, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { Cargando } from '../../ui/Cargando.tsx';
import { FilaDeTotal, Totales } from '../../ui/documento/Totales.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { dinero, fecha, fechaHora } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { rutaDelConduce } from '../conduces/rutas.ts';
import { VISTA_COTIZACION } from '../cotizaciones/rutas.ts';
import { NUEVO_INGRESO } from '../ingresos/rutas.ts';
import { cobrosDeLaFactura } from './cobrosDeLaFactura.ts';
import { nombreDeMetodo, numeroDeFactura } from './etiquetas.ts';
import { EstadoDeFactura } from './FacturasPage.tsx';
import { ModalAnular } from './ModalAnular.tsx';
import { facturaQueries, useEliminarFactura } from './queries.ts';
import { type FormatoDeRecibo, imprimirRecibo, nombreDelRecibo } from './Recibo.tsx';
import { EDITAR_FACTURA, LISTA_DE_FACTURAS } from './rutas.ts';

function motivo(codigo: string): string {
  const encontrado = MOTIVOS_ANULACION_FACTURA.find((m) => String(m.codigo) === codigo);
  return encontrado ? encontrado.motivo : codigo;
}

/** The invoice as the kit's sales header: its number is the NCF or internal number, its total `total`. */
function comoCabecera(f: Factura): CabeceraDeVenta {
  return {
    ...f,
    comprobante: numeroDeFactura(f),
    totalGral: f.total,
    idUsuarioCreador: f.idUsuarioCreador ?? '',
  };
}

/** «Imprimir recibo» on the profile's paper, with a menu for the other width (spec 000 §5 receipts). */
function ImprimirRecibo({ detalle }: { detalle: DetalleFactura }) {
  const { perfil } = usePerfil();
  const formato: FormatoDeRecibo = perfil?.impresion.formatoDePagina === '58mm' ? '58mm' : '80mm';
  const imprimir = (elegido: FormatoDeRecibo) => void imprimirRecibo(detalle, elegido);
  return (
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
  );
}

/** Its payments in money, then what credits in favour and credit notes paid (spec 001 §3). */
function Pagos({ detalle }: { detalle: DetalleFactura }) {
  const cobros = cobrosDeLaFactura(detalle);
  if (
    detalle.listaPagosIngreso.length === 0 &&
    cobros.transacciones.length === 0 &&
    cobros.notasDeCredito === 0
  ) {
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
          {cobros.transacciones.map((t) => (
            <Table.Tr key={t._id}>
              <Table.Td>{fecha(t.fecha)}</Table.Td>
              <Table.Td>Crédito a favor</Table.Td>
              <Table.Td>
                Crédito No. {t.numeroCredito} · transacción No. {t.numeroTransasccionDelCreditoAfavor}
                {t.estado === 'Por-Anular' ? ' (por anular)' : ''}
              </Table.Td>
              <Table.Td>—</Table.Td>
              <Table.Td ta="right">{dinero(t.monto)}</Table.Td>
            </Table.Tr>
          ))}
          {cobros.notasDeCredito > 0 && (
            <Table.Tr>
              <Table.Td>—</Table.Td>
              <Table.Td>Nota de crédito</Table.Td>
              <Table.Td>Notas de crédito aplicadas</Table.Td>
              <Table.Td>—</Table.Td>
              <Table.Td ta="right">{dinero(cobros.notasDeCredito)}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * /factura/vista_factura?id=…: the kit's document view with what is the invoice's own — receipt
 * printing, PDF and e-mail, «Cobrar», cancelling with the 10 fiscal reasons (spec 001 §5), the NCF data,
 * the sources it was created from, collected and pending, its journal entries and payments.
 */
export default function VistaFacturaPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const consulta = useQuery({ ...facturaQueries.una(id), enabled: id !== '' });
  const eliminar = useEliminarFactura();
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
  const cobros = cobrosDeLaFactura(detalle);
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'facturas', 'modificar');
  const puedeCobrar = !perfil || tienePermiso(perfil.privilegios, 'ingresos', 'crear');
  const activa = f.estado === 'Activo';
  const origenes = f.documentosDeOrigen ?? [];

  return (
    <VistaDeDocumento
      titulo="Factura"
      nombre="factura"
      genero="femenino"
      documento={comoCabecera(f)}
      lineas={detalle.linea_facturasRef}
      insignia={<EstadoDeFactura factura={f} />}
      imprimir={<ImprimirRecibo detalle={detalle} />}
      // Spec 001 §7: GET /email/pdf/download/{id} saved as Factura-{comprobante}.pdf; POST /email/factura/{id}.
      pdfYCorreo={{
        rutaPdf: RUTA_PDF_FACTURA,
        prefijo: 'Factura',
        correo: facturas.enviarPorCorreo,
        mensajeDeError: MENSAJE_ERROR_CORREO_FACTURA,
        nombreDelArchivo: nombreDelRecibo(detalle),
      }}
      acciones={
        puedeCobrar &&
        activa &&
        f.pendiente > 0 &&
        f.idCliente && (
          // Spec 001 §2: the new receipt is also reached to collect an invoice.
          <BotonEscritura
            leftSection={<IconCash size={16} />}
            onClick={() => navegar(`${NUEVO_INGRESO}?cliente=${f.idCliente}&factura=${f._id}`)}
          >
            Cobrar
          </BotonEscritura>
        )
      }
      datosDelNumero={[
        {
          etiqueta: 'Comprobante',
          valor: f.comprobante
            ? `${f.comprobante} · ${f.tipoNcfNombre ?? f.numeracionNombre}`
            : f.numeracionNombre,
        },
        { etiqueta: 'NCF válido hasta', valor: f.vencimientoNcf ? fecha(f.vencimientoNcf) : '' },
        { etiqueta: 'Número interno', valor: f.numeroFactura === null ? '' : String(f.numeroFactura) },
      ]}
      datos={[
        {
          etiqueta: 'Método de pago',
          valor: `${nombreDeMetodo(f.metodoDePago)}${f.numeroDeAprobacionTarjeta ? ` · aprobación ${f.numeroDeAprobacionTarjeta}` : ''}`,
        },
        { etiqueta: 'Plazo', valor: f.plazoPagos > 0 ? `${f.plazoPagos} días` : 'Contado' },
        { etiqueta: 'Vence', valor: fecha(f.vencimiento) },
        { etiqueta: 'Origen', valor: f.desdePos ? 'Punto de venta' : 'Facturación' },
        ...(origenes.length > 0
          ? [
              {
                etiqueta: 'Creada desde',
                valor: origenes.map((o, i) => (
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
                )),
              },
            ]
          : []),
      ]}
      motivoDeAnulacion={f.tipoDeAnulacion ? motivo(f.tipoDeAnulacion) : undefined}
      pie={
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Asientos contables
          </Text>
          <Text size="sm">
            {detalle.asientos.length === 0
              ? 'Sin asientos'
              : `${detalle.asientos.length} ${detalle.asientos.length === 1 ? 'asiento' : 'asientos'}: ${detalle.asientos
                  .map((a) => `No. ${a.numero}${a.revierte ? ' (reverso)' : ''}`)
                  .join(', ')}`}
          </Text>
        </div>
      }
      totales={
        <Totales
          totales={{
            importe: f.importe,
            descuento: f.descuento,
            impuestos: f.desgloseDeImpuestos.map((i) => ({ nombre: i.name, total: i.total })),
            total: f.total,
          }}
        >
          {f.totalRetenciones > 0 && (
            <>
              <FilaDeTotal etiqueta="Retenciones" valor={`-${dinero(f.totalRetenciones)}`} />
              <FilaDeTotal etiqueta="A pagar" valor={dinero(f.montoAPagar)} fuerte />
            </>
          )}
          <FilaDeTotal etiqueta="Cobrado" valor={dinero(cobros.dinero)} />
          {cobros.creditosAFavor > 0 && (
            <FilaDeTotal etiqueta="Pagado con crédito a favor" valor={dinero(cobros.creditosAFavor)} />
          )}
          {cobros.notasDeCredito > 0 && (
            <FilaDeTotal etiqueta="Notas de crédito aplicadas" valor={dinero(cobros.notasDeCredito)} />
          )}
          <FilaDeTotal
            etiqueta="Pendiente"
            valor={dinero(detalle.pendiente)}
            fuerte={detalle.pendiente > 0}
          />
          {f.cambioDeDinero > 0 && (
            <FilaDeTotal
              etiqueta={`Cambio (recibido ${dinero(f.efectivoRecibido)})`}
              valor={dinero(f.cambioDeDinero)}
            />
          )}
        </Totales>
      }
      secciones={
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={4}>Pagos</Title>
            <Pagos detalle={detalle} />
          </Stack>
        </Paper>
      }
      modalAnular={(abierto, alCerrar) => <ModalAnular factura={f} abierto={abierto} alCerrar={alCerrar} />}
      rutaLista={LISTA_DE_FACTURAS}
      rutaEditar={EDITAR_FACTURA}
      puedeModificar={puedeModificar}
      // An invoice with payments is not edited (the server refuses it too).
      editable={!(detalle.cobrado > 0)}
      // Whoever may modify invoices may ask to delete one, also once cancelled; the server refuses one
      // with an NCF, payments or deliveries in force.
      puedeEliminar={puedeModificar}
      eliminar={() => eliminar.mutateAsync(f._id)}
      alEliminarTambien="se devuelve el inventario y se borra su asiento contable"
    />
  );
}
