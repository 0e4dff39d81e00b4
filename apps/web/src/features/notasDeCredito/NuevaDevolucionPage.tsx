import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Factura, facturas, LIMITE_FACTURAS } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { IconBarcode, IconList, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { useAtajo } from '../../app/atajos.ts';
import { useConexion } from '../../app/Conexion.tsx';
import { EditorDeLineas } from '../../ui/documento/EditorDeLineas.tsx';
import { Totales, totalesEnPesos } from '../../ui/documento/Totales.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { dinero } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { clasificarRechazo, useTurnoCerradoEnElPos } from '../pos/avisos.tsx';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { posQueries } from '../pos/queries.ts';
import { DETALLES_TURNOS } from '../pos/rutas.ts';
import { usePuntoDeVenta } from '../pos/usePuntoDeVenta.ts';
import { PanelDeDestino } from './PanelDeDestino.tsx';
import { useCrearNotaDeCredito } from './queries.ts';
import { LISTA_DEVOLUCIONES_POS, VISTA_DEVOLUCION_POS } from './rutas.ts';
import { useDevolucion } from './useDevolucion.ts';

/** Decision (docs/web.md): a return needs the server (stock, the invoice's balance, the shift's cash). */
export const MENSAJE_DEVOLUCION_SIN_CONEXION =
  'Las devoluciones necesitan conexión: el servidor comprueba lo vendido y lo ya devuelto, y el efectivo del turno. Vuelve a intentarlo cuando regrese la conexión.';

function numeroDe(f: Pick<Factura, 'comprobante' | 'numeroFactura'>): string {
  return f.comprobante ?? `No. ${f.numeroFactura}`;
}

/** The sale a typed NCF or number names: the active invoice whose NCF or internal number is exactly it. */
function coincidencia(res: readonly Factura[], texto: string): Factura | undefined {
  const buscado = texto.trim().toUpperCase();
  return res.find(
    (f) =>
      f.estado === 'Activo' &&
      ((f.comprobante ?? '').toUpperCase() === buscado || String(f.numeroFactura ?? '') === buscado),
  );
}

/**
 * /vistas_pos/nueva_devolucion (spec 000 §2, 001 §2): the cashier scans or types the sale's NCF or
 * number (or picks it among the shift's sales), lowers the quantities that come back, and gives the money
 * back (cash by default) or leaves it as a credit in favour. It saves a credit note from the POS, on the
 * open shift: a cash refund comes out of the shift's cash (devolucionesDeEfectvo).
 */
export default function NuevaDevolucionPage() {
  const navegar = useNavigate();
  const turnoCerrado = useTurnoCerradoEnElPos();
  const { enLinea } = useConexion();
  const pos = usePuntoDeVenta();
  const turno = pos.turno;
  const [identificadorUnico] = useState(nuevoIdentificador);
  const [texto, setTexto] = useState('');
  const [buscandoFactura, setBuscandoFactura] = useState(false);
  const [errorDeBusqueda, setErrorDeBusqueda] = useState<string | null>(null);
  const [guardando, setGuardando] = useState(false);
  const campoFactura = useRef<HTMLInputElement>(null);
  const crear = useCrearNotaDeCredito();
  const nota = useDevolucion({ destinoInicial: () => 'reembolso', reembolsoSigueAlTotal: true });
  const f = nota.factura?.FacturaDb;
  const sinTurno = enLinea && !pos.cargandoTurno && turno === null;
  const ventas = useQuery({
    ...posQueries.ventas({
      ...(turno ? { facturasDelTurno: true, idTurnoRef: turno._id } : { periodo: 1 }),
      page: 1,
      limit: LIMITE_FACTURAS,
    }),
    enabled: enLinea && !pos.cargandoTurno && f === undefined,
  });

  async function buscar() {
    const buscado = texto.trim();
    if (buscado === '') {
      return;
    }
    setBuscandoFactura(true);
    setErrorDeBusqueda(null);
    try {
      const { res } = await api(facturas.lista, { body: { input: buscado, page: 1, limit: 25 } });
      const factura = coincidencia(res, buscado);
      if (!factura) {
        setErrorDeBusqueda(`No hay una factura activa con el NCF o número «${buscado}».`);
        return;
      }
      await elegir(factura._id);
    } catch (error) {
      setErrorDeBusqueda(error instanceof Error ? error.message : 'No se pudo buscar la factura.');
    } finally {
      setBuscandoFactura(false);
    }
  }

  async function elegir(id: string) {
    if (await nota.elegirFactura(id)) {
      // The keyboard goes on to the first quantity.
      setTimeout(
        () => document.querySelector<HTMLInputElement>('input[aria-label^="Cantidad de "]')?.select(),
        0,
      );
    }
  }

  async function guardar() {
    if (guardando || !turno || !f || nota.validar()) {
      return;
    }
    const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
    setGuardando(true);
    try {
      const respuesta = await crear.mutateAsync({
        desdeElpos: {
          desdePos: true,
          idTerminalRef: turno.idTerminalRef,
          idUsuarioDelTurno: turno.idUserRef,
        },
        idTurnoRef: turno._id,
        notaDeCredito: { idFactura: f._id, fechaEmision: hoy, metodoDePago: 'Efectivo' },
        ...nota.cuerpo(hoy),
        asientoContable: {
          totalFacturado: nota.totales.total / 100,
          subtotalFacturado: nota.totales.subtotal / 100,
        },
        identificadorUnico,
      });
      if (respuesta.solicitudDuplicada) {
        avisarDuplicado();
      }
      void navegar(`${VISTA_DEVOLUCION_POS}?id=${respuesta.notaDeCreditoDb._id}`, { state: { nueva: true } });
    } catch (error) {
      const rechazo = clasificarRechazo(error);
      if (rechazo.tipo === 'turnoCerrado') {
        turnoCerrado(rechazo.mensaje);
      } else if (!nota.ubicarRechazo(error)) {
        // Spec 001 §8: "Other credit note error: danger toast 'Error'".
        notifications.show({ color: 'red', title: 'Error', message: rechazo.mensaje, autoClose: 5200 });
      }
    } finally {
      setGuardando(false);
    }
  }

  useAtajo('F12', () => void guardar());

  const encabezado = (
    <EncabezadoPos titulo="Nueva devolución">
      <Button
        variant="default"
        leftSection={<IconList size={16} />}
        onClick={() => void navegar(LISTA_DEVOLUCIONES_POS)}
      >
        Lista de devoluciones
      </Button>
    </EncabezadoPos>
  );

  if (!enLinea) {
    return (
      <Stack p="sm" gap="sm" maw={1100} mx="auto">
        {encabezado}
        <Alert
          color="orange"
          variant="light"
          icon={<IconWifiOff size={20} />}
          title="Sin conexión"
          role="alert"
        >
          {MENSAJE_DEVOLUCION_SIN_CONEXION}
        </Alert>
      </Stack>
    );
  }

  return (
    <ScrollArea h="100%" type="auto">
      <Stack p="sm" gap="sm" maw={1280} mx="auto">
        {encabezado}
        {sinTurno && (
          <Alert color="red" p="xs" title="No hay un turno abierto">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">Para devolver dinero en el punto de venta abre tu turno.</Text>
              <Button size="xs" onClick={() => void navegar(DETALLES_TURNOS)}>
                Abrir turno
              </Button>
            </Group>
          </Alert>
        )}
        <Paper withBorder radius="md" p="sm">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void buscar();
            }}
          >
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                ref={campoFactura}
                label="Factura"
                aria-label="NCF o número de la factura"
                placeholder="Escanea o escribe el NCF o número y pulsa Enter"
                leftSection={<IconBarcode size={18} />}
                rightSection={buscandoFactura || nota.leyendo ? <Loader size={14} /> : undefined}
                value={texto}
                onChange={(e) => setTexto(e.currentTarget.value)}
                error={errorDeBusqueda ?? nota.errores.factura}
                autoFocus
                style={{ flex: 1, minWidth: 260 }}
              />
              <Button type="submit" variant="default" loading={buscandoFactura}>
                Buscar
              </Button>
            </Group>
          </form>
          {f && nota.factura && (
            <Text size="sm" mt="xs" data-testid="factura-elegida">
              <b>{numeroDe(f)}</b> · {f.nombre || 'Consumidor final'} · {dinero(f.total)}
              {nota.factura.pendiente > 0 ? ` · debe ${dinero(nota.factura.pendiente)}` : ''}
            </Text>
          )}
        </Paper>
        {!f ? (
          <Paper withBorder radius="md">
            <Text fw={600} p="sm" pb={0}>
              {turno ? 'Ventas del turno' : 'Ventas de hoy'}
            </Text>
            <Table highlightOnHover verticalSpacing={8} fz="sm" aria-label="Ventas para devolver">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Factura</Table.Th>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(ventas.data?.res ?? [])
                  .filter((v) => v.estado === 'Activo')
                  .map((v) => (
                    <Table.Tr
                      key={v._id}
                      style={{ cursor: 'pointer' }}
                      tabIndex={0}
                      aria-label={`Devolver de la factura ${numeroDe(v)}`}
                      onClick={() => void elegir(v._id)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          void elegir(v._id);
                        }
                      }}
                    >
                      <Table.Td ff="monospace" fw={600}>
                        {numeroDe(v)}
                      </Table.Td>
                      <Table.Td>{v.nombre || 'Consumidor final'}</Table.Td>
                      <Table.Td ta="right">{dinero(v.total)}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
            {(ventas.data?.res.length ?? 0) === 0 && (
              <Center p="md">
                <Text size="sm" c="dimmed">
                  {ventas.isPending
                    ? 'Cargando…'
                    : ventas.isError
                      ? ventas.error.message
                      : 'No hay ventas para mostrar.'}
                </Text>
              </Center>
            )}
          </Paper>
        ) : (
          <>
            <Paper withBorder radius="md" p="sm">
              <EditorDeLineas
                lineas={nota.lineas}
                actualizar={nota.actualizarLineas}
                idAlmacen={null}
                lista={() => undefined}
                socio={false}
                limiteDescuento={100}
                precioBloqueado
                soloCantidades
                error={nota.errores.lineas}
                detalleDeLinea={nota.detalleDeLinea}
                vacio="Nada por devolver de esta factura."
              />
            </Paper>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper withBorder radius="md" p="sm" h="100%">
                  <PanelDeDestino
                    destino={nota.destino}
                    alCambiarDestino={nota.cambiarDestino}
                    reembolsos={nota.reembolsos}
                    alCambiarReembolsos={nota.cambiarReembolsos}
                    total={nota.totales.total / 100}
                    reparto={nota.reparto}
                    pendienteDeLaFactura={nota.pendiente}
                    destinos={['reembolso', 'credito']}
                    error={nota.errores.destino}
                  />
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder radius="md" p="sm" h="100%">
                  <Stack gap="sm">
                    <Totales totales={totalesEnPesos(nota.totales)} testId="totales-devolucion" />
                    <Button
                      size="lg"
                      color="red"
                      loading={guardando}
                      disabled={!turno || nota.lineas.length === 0}
                      onClick={() => void guardar()}
                    >
                      Guardar devolución (F12)
                    </Button>
                  </Stack>
                </Paper>
              </Grid.Col>
            </Grid>
          </>
        )}
      </Stack>
    </ScrollArea>
  );
}
