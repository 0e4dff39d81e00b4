import { Alert, Anchor, Button, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { comprasApi, type DetalleCompra, MENSAJE_MOTIVO_COMPRA, tienePermiso } from '@pos/contract';
import { IconAlertTriangle, IconCash, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { descargarPdf } from '../../ui/documento/pdfYCorreo.tsx';
import { FilaDeTotal, Totales } from '../../ui/documento/Totales.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { nombreDeMetodo } from '../facturas/etiquetas.ts';
import { VISTA_ORDEN_DE_COMPRA } from '../ordenesDeCompra/rutas.ts';
import { EstadoDeCompra } from './etiquetas.tsx';
import { nombreDeTipoDeBienes } from './fiscal.ts';
import { compraQueries, useAnularCompra, useEliminarCompra } from './queries.ts';
import { EDITAR_COMPRA, LISTA_DE_COMPRAS, rutaDePagarCompra } from './rutas.ts';

/** Spec 001 §8 «Purchase delete failure». */
export const MENSAJE_NO_SE_ELIMINO_LA_COMPRA = 'No podemos elimanar la compra';

const ORIGENES: Record<string, string> = { egreso: 'Recibo de egreso', notaDeDebito: 'Nota de débito' };

/** The purchase's payments out and debit notes (spec 001 §3 listaPagosEgreso). */
function Pagos({ detalle }: { detalle: DetalleCompra }) {
  const pagos = detalle.listaPagosEgreso;
  if (pagos.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin pagos después de la compra.
      </Text>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table striped fz="sm" verticalSpacing={4} miw={560} aria-label="Pagos de la compra">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Método</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pagos.map((p) => (
            <Table.Tr key={p._id}>
              <Table.Td>{fecha(p.fecha)}</Table.Td>
              <Table.Td>
                <Text size="sm">{ORIGENES[p.tipoOrigen] ?? p.tipoOrigen}</Text>
                {p.referencia && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {p.referencia}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{p.metodo ? nombreDeMetodo(p.metodo) : '—'}</Table.Td>
              <Table.Td ta="right">{dinero(p.monto)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * /compra/vista_compra?id=…: the purchase (spec 001 §2, §3 detail response, §4): supplier and NCF, the
 * 606 data, lines, withholdings, what was paid (at once, by payments out, by debit notes) and what is
 * pending, the orders it took; print, PDF, «Pagar», edit, cancel and delete.
 */
export default function VistaCompraPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const { perfil } = usePerfil();
  const navegar = useNavigate();
  const [descargando, setDescargando] = useState(false);
  const consulta = useQuery({ ...compraQueries.una(id), enabled: id !== '' });
  const anular = useAnularCompra();
  const eliminar = useEliminarCompra();
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={consulta.error ?? (id === '' ? new Error('Falta la compra que se quiere ver.') : null)}
      />
    );
  }
  const detalle = consulta.data;
  const c = detalle.compraDb;
  // Paying a purchase is a payment out; cuentaPorPagar.emitirRecibo also pays (docs/payments.md «Pagos a
  // proveedores», Permisos).
  const puedePagar =
    !perfil ||
    tienePermiso(perfil.privilegios, 'egresos', 'crear') ||
    tienePermiso(perfil.privilegios, 'cuentaPorPagar', 'emitirRecibo');
  const pagosDespues = detalle.listaPagosEgreso.filter((p) => p.tipoOrigen !== 'notaDeDebito');
  const pagadoDespues = pagosDespues.reduce((suma, p) => suma + Math.round(p.monto * 100), 0) / 100;
  const propio = c.ncf !== '' && c.ncf === c.comprobante;

  async function pdf() {
    setDescargando(true);
    try {
      await descargarPdf(
        comprasApi.pdf.path.replace(':id', encodeURIComponent(c._id)),
        `Compra-${c.comprobante}.pdf`,
      );
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

  return (
    <VistaDeDocumento
      titulo="Compra"
      nombre="compra"
      genero="femenino"
      lado="compra"
      documento={c}
      lineas={detalle.lineasCompraDb}
      insignia={<EstadoDeCompra compra={c} />}
      acciones={
        <>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            loading={descargando}
            onClick={() => void pdf()}
          >
            Descargar PDF
          </Button>
          {puedePagar && c.estado === 'Activo' && c.pendiente > 0 && c.idProveedor && (
            // Spec 001 §2: the new payment out, for this supplier and this purchase.
            <BotonEscritura
              leftSection={<IconCash size={16} />}
              onClick={() => navegar(rutaDePagarCompra(c.idProveedor ?? '', c._id))}
            >
              Pagar
            </BotonEscritura>
          )}
        </>
      }
      datosDelNumero={[
        { etiqueta: 'Número', valor: `${c.comprobante} · ${c.numeracionNombre}` },
        { etiqueta: 'NCF', valor: c.ncf ? `${c.ncf}${propio ? ' · proveedor informal' : ''}` : 'Sin NCF' },
      ]}
      datos={[
        { etiqueta: 'Bienes y servicios (606)', valor: nombreDeTipoDeBienes(c.tiposBienesServicios) },
        {
          etiqueta: 'ITBIS',
          valor:
            [
              c.itbisAlCosto ? 'Llevado al costo' : '',
              c.itbisSujetoProporcionalidad ? 'Sujeto a proporcionalidad' : '',
            ]
              .filter(Boolean)
              .join(' · ') || 'Por adelantar',
        },
        {
          etiqueta: 'Pago al comprar',
          valor:
            c.efectivoRecibido > 0
              ? `${nombreDeMetodo(c.metodoDePago)} · ${dinero(c.efectivoRecibido)}`
              : 'Ninguno (a crédito)',
        },
        {
          etiqueta: 'Plazo',
          valor:
            c.plazoPagos > 0
              ? `${c.plazoPagos} días · vence ${c.vencimiento ? fecha(c.vencimiento) : '—'}`
              : 'Contado',
        },
        ...(detalle.ordenDeCompraVinculadas.length > 0
          ? [
              {
                etiqueta: 'Órdenes de compra',
                valor: detalle.ordenDeCompraVinculadas.map((o, i) => (
                  <span key={o._id}>
                    {i > 0 && ', '}
                    <Anchor
                      component={Link}
                      to={`${VISTA_ORDEN_DE_COMPRA}?id=${o._id}`}
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
      pie={
        detalle.advertencias.length > 0 && (
          <Alert color="yellow" variant="light" py={6} icon={<IconAlertTriangle size={16} />}>
            {detalle.advertencias.join(' ')}
          </Alert>
        )
      }
      totales={
        <Totales
          totales={{
            importe: c.importe,
            descuento: c.descuento,
            impuestos: [{ nombre: 'ITBIS e impuestos', total: c.impuestos }],
            total: c.totalGral,
          }}
          testId="totales-compra"
        >
          {detalle.retenciones.map((r) => (
            <FilaDeTotal key={r.idRetencionSeleccionada} etiqueta={r.nombre} valor={`-${dinero(r.monto)}`} />
          ))}
          {c.totalRetenciones > 0 && (
            <FilaDeTotal etiqueta="Monto a pagar" valor={dinero(c.montoAPagar)} fuerte />
          )}
          <FilaDeTotal etiqueta="Pagado al comprar" valor={dinero(c.efectivoRecibido)} />
          {pagadoDespues > 0 && <FilaDeTotal etiqueta="Recibos de egreso" valor={dinero(pagadoDespues)} />}
          {detalle.montoNotaDeDebitoRef > 0 && (
            <FilaDeTotal etiqueta="Notas de débito" valor={dinero(detalle.montoNotaDeDebitoRef)} />
          )}
          <FilaDeTotal etiqueta="Pagado" valor={dinero(detalle.cobrado)} />
          <FilaDeTotal
            etiqueta="Pendiente"
            valor={dinero(detalle.pendiente)}
            fuerte={detalle.pendiente > 0}
            {...(detalle.pendiente > 0 && c.estado === 'Activo' ? { color: 'orange.8' } : {})}
          />
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
      rutaLista={LISTA_DE_COMPRAS}
      rutaEditar={EDITAR_COMPRA}
      puedeModificar={!perfil || tienePermiso(perfil.privilegios, 'compras', 'modificar')}
      // A purchase with payments out is not edited (what was paid stands on its lines).
      editable={detalle.listaPagosEgreso.length === 0}
      mensajeSinMotivo={MENSAJE_MOTIVO_COMPRA}
      anular={async (entrada) => (await anular.mutateAsync({ id: c._id, body: entrada })).resultado}
      alEliminarTambien="se saca del inventario lo que entró, se borra su asiento y se liberan sus órdenes de compra"
      eliminar={async () => {
        try {
          return await eliminar.mutateAsync(c._id);
        } catch (e) {
          // Spec 001 §8: 'No podemos elimanar la compra', with the server's reason.
          throw new Error(`${MENSAJE_NO_SE_ELIMINO_LA_COMPRA}: ${e instanceof Error ? e.message : ''}`);
        }
      }}
    />
  );
}
