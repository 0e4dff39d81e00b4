import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CrearIngreso,
  contactos,
  type DetalleIngreso,
  type FormaDePagoIngreso,
  ingresos,
  LineaIngresoEntrada,
  MENSAJE_SIN_FACTURAS_PENDIENTES,
} from '@pos/contract';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import { IconCash, IconWifiOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { useConexion } from '../../app/Conexion.tsx';
import { usePerfil } from '../../app/usePerfil.ts';
import { AreaDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { SelectorDeCentroDeCosto } from '../centrosDeCosto/SelectorDeCentroDeCosto.tsx';
import { AplicarCreditosAFactura } from '../creditos/AplicarCreditosAFactura.tsx';
import {
  type ClienteElegido,
  SelectorDeCliente as SelectorDeOficina,
} from '../facturas/SelectorDeCliente.tsx';
import { useSinConexion } from '../offline/ProveedorSinConexion.tsx';
import { clasificarRechazo, useTurnoCerradoEnElPos } from '../pos/avisos.tsx';
import { type ClienteDelBorrador, clienteDesdeContacto } from '../pos/borrador.ts';
import { DETALLES_TURNOS } from '../pos/rutas.ts';
import { SelectorDeCliente as SelectorDelPos } from '../pos/SelectorDeCliente.tsx';
import { usePuntoDeVenta } from '../pos/usePuntoDeVenta.ts';
import { excedenteDe, filasDeEdicion, filasDeFacturas, lineasDeEdicion, montosDe } from './edicion.ts';
import { FORMAS_DE_PAGO } from './etiquetas.ts';
import {
  AVISO_INGRESO_SIN_CONEXION,
  type CuerpoDeIngreso,
  guardarIngresoSinConexion,
  pendientesLocales,
} from './ingresoSinConexion.ts';
import { ModalIngreso } from './ModalIngreso.tsx';
import { ingresoQueries } from './queries.ts';
import { LISTA_INGRESOS, LISTA_INGRESOS_POS } from './rutas.ts';

type Cliente = { _id: string; nombre: string };

/**
 * The receipt that collects a customer's invoices (spec 001 §3 "Receipt in", tipoDeIngreso true): the
 * customer, their invoices that still owe with what is collected from each, the payment method and a
 * note. At the POS it belongs to the open shift and, without a connection, is kept to sync later
 * against the receivables downloaded when offline mode was prepared (spec 000 §7).
 * With «Generar crédito a favor» (online) what is paid above an invoice's balance, and an advance
 * without invoice, become the customer's credit in favour (docs/payments.md). `edicion`: the receipt
 * being edited (PUT /ingresos-recibidos/update/): its customer fixed, its amounts filled in.
 */
export function CobroDeFacturas({ pos, edicion }: { pos: boolean; edicion?: DetalleIngreso }) {
  const recibo = edicion?.ingresoReferenciadoGral;
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const turnoCerrado = useTurnoCerradoEnElPos();
  const { enLinea } = useConexion();
  const { perfil } = usePerfil();
  const puntoDeVenta = usePuntoDeVenta();
  const base = useSinConexion()?.base ?? null;
  // Each selector keeps its own kind of customer; the receipt needs only the id and name.
  const [clienteDelPos, setClienteDelPos] = useState<ClienteDelBorrador | null>(null);
  const [clienteDeOficina, setClienteDeOficina] = useState<ClienteElegido | null>(null);
  const cliente: Cliente | null = recibo?.idCliente
    ? { _id: recibo.idCliente, nombre: recibo.nombreCliente }
    : pos
      ? clienteDelPos
      : clienteDeOficina;
  const iniciales = edicion ? montosDe(edicion) : { montos: {}, anticipo: null };
  // What is typed per invoice (null while empty, which collects nothing from it).
  const [montos, setMontos] = useState<Record<string, number | null>>(iniciales.montos);
  const [anticipo, setAnticipo] = useState<number | null>(iniciales.anticipo);
  const [generarCredito, setGenerarCredito] = useState(recibo?.generarCreditoAfavor ?? false);
  const [formaDePago, setFormaDePago] = useState<FormaDePagoIngreso>(recibo?.formaDePago ?? 'Efectivo');
  // The receipt's cost centre goes on every line of its journal entry (docs/accounting.md «Centros de costo»).
  const [centro, setCentro] = useState({
    id: recibo?.idCentroDeCosto ?? null,
    nombre: recibo?.centroDeCosto ?? '',
  });
  const [detalles, setDetalles] = useState(recibo?.detalles ?? '');
  const [identificadorUnico, setIdentificadorUnico] = useState(() => crypto.randomUUID());
  const [creado, setCreado] = useState<string | null>(null);
  const sinConexion = pos && !enLinea;
  const remotas = useQuery({
    ...ingresoQueries.pendientes(cliente?._id ?? ''),
    enabled: cliente !== null && !sinConexion,
  });
  const locales = useQuery({
    queryKey: ['ingresos', 'pendientesLocales', cliente?._id],
    queryFn: () => (base && cliente ? pendientesLocales(base, cliente._id) : []),
    enabled: cliente !== null && sinConexion,
    networkMode: 'always',
    staleTime: 0,
  });
  const consulta = sinConexion ? locales : remotas;
  // Reached from an invoice or a statement («Cobrar», `?cliente=&factura=`), in the office and at the
  // POS alike: its customer chosen in this screen's selector and what it owes filled in, once.
  const [parametros] = useSearchParams();
  const idClienteInicial = recibo ? null : parametros.get('cliente');
  const idFacturaInicial = parametros.get('factura');
  const clienteInicial = useQuery({
    queryKey: ['contactos', 'uno', idClienteInicial],
    queryFn: ({ signal }) => api(contactos.obtener, { params: { id: idClienteInicial ?? '' }, signal }),
    enabled: idClienteInicial !== null,
  });
  const aplicados = useRef({ cliente: false, factura: false });
  useEffect(() => {
    if (clienteInicial.data && !aplicados.current.cliente) {
      aplicados.current.cliente = true;
      if (pos) {
        setClienteDelPos(clienteDesdeContacto(clienteInicial.data));
      } else {
        setClienteDeOficina(clienteInicial.data);
      }
    }
  }, [clienteInicial.data, pos]);
  useEffect(() => {
    const factura = remotas.data?.res.find((f) => f._id === idFacturaInicial);
    if (factura && !aplicados.current.factura) {
      aplicados.current.factura = true;
      setMontos({ [factura._id]: factura.pendiente });
    }
  }, [remotas.data, idFacturaInicial]);
  const pendientes = (sinConexion ? locales.data : remotas.data?.res) ?? [];
  const filas = edicion ? filasDeEdicion(edicion, pendientes) : filasDeFacturas(pendientes);
  // Credit in favour needs the server (the customer's credit is made with the receipt).
  const conCredito = generarCredito && !sinConexion;
  // A negative or over-owed amount stays as typed with its message by the field (the contract's
  // Importe; the server's «Debe RD$…» when it is more than the invoice owes) and blocks the receipt,
  // unless the excess becomes credit in favour.
  const errores = Object.fromEntries(
    filas.map((f) => {
      const importe = montos[f.idFactura] ?? null;
      if (importe === null || importe === 0) {
        return [f.idFactura, null];
      }
      const error =
        errorDeCampo(LineaIngresoEntrada, 'importe', importe) ??
        (!conCredito && aCentavos(importe) > aCentavos(f.pendiente)
          ? `Debe ${dinero(f.pendiente)}. Activa «Generar crédito a favor» para recibir más.`
          : null);
      return [f.idFactura, error];
    }),
  );
  const errorAnticipo =
    conCredito && anticipo ? errorDeCampo(LineaIngresoEntrada, 'importe', anticipo) : null;
  const hayErrores = Object.values(errores).some((error) => error !== null) || errorAnticipo !== null;
  const lineas = filas
    .map((f) => ({ fila: f, importe: montos[f.idFactura] ?? 0 }))
    .filter((l) => l.importe > 0);
  const importeAnticipo = conCredito ? (anticipo ?? 0) : 0;
  const total = aPesos(
    sumarCentavos([...lineas.map((l) => aCentavos(l.importe)), aCentavos(importeAnticipo)]),
  );
  const credito = conCredito
    ? aPesos(sumarCentavos([aCentavos(excedenteDe(filas, montos)), aCentavos(importeAnticipo)]))
    : 0;
  // A credit in favour needs the server; on an edit a row's pending includes what this receipt applies,
  // so credits are offered on a new receipt only.
  const creditosEnFilas = !edicion && !sinConexion;
  async function recargarPendientes() {
    await queryClient.invalidateQueries({ queryKey: ingresoQueries.pendientes(cliente?._id ?? '').queryKey });
    await queryClient.invalidateQueries({ queryKey: ['facturas'] });
  }
  const sinTurno = pos && !puntoDeVenta.cargandoTurno && puntoDeVenta.turno === null && enLinea;

  function reiniciar() {
    setMontos({});
    setAnticipo(null);
    setDetalles('');
    setIdentificadorUnico(crypto.randomUUID());
  }

  function cuerpo(): CuerpoDeIngreso {
    return {
      identificadorUnico,
      idCliente: cliente?._id ?? null,
      nombreCliente: cliente?.nombre ?? '',
      tipoDeIngreso: true,
      formaDePago,
      idCentroDeCosto: centro.id,
      centroDeCosto: centro.id ? centro.nombre : '',
      detalles: detalles.trim(),
      generarCreditoAfavor: conCredito,
      res: [
        ...lineas.map((l) => ({ idFactura: l.fila.idFactura, importe: l.importe })),
        ...(importeAnticipo > 0 ? [{ importe: importeAnticipo, nota: 'Anticipo' }] : []),
      ],
      desdeElpos: pos
        ? {
            desdePos: true,
            idTerminalRef: puntoDeVenta.turno?.idTerminalRef ?? null,
            idUsuarioDelTurno: perfil?._id ?? null,
          }
        : { desdePos: false },
    };
  }

  const actualizar = useMutation({
    mutationFn: () =>
      api(ingresos.actualizar, {
        body: {
          idIngresosRef: recibo?._id ?? '',
          ...lineasDeEdicion(edicion as DetalleIngreso, filas, montos, importeAnticipo),
          generarCreditoAfavor: conCredito,
          formaDePago,
          idCentroDeCosto: centro.id,
          centroDeCosto: centro.id ? centro.nombre : '',
          detalles: detalles.trim(),
        },
      }),
    onSuccess: async (respuesta) => {
      notifications.show({
        color: 'green',
        message: `Recibo ${respuesta.ingresoReferenciadoGral.comprobante} actualizado.`,
        autoClose: 1500,
      });
      await queryClient.invalidateQueries({ queryKey: ingresoQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['facturas'] });
      void navegar(pos ? LISTA_INGRESOS_POS : LISTA_INGRESOS);
    },
    // Spec 001 §8 "Receipt update failure": the server's message (what to fix) in a toast.
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No se actualizó', message: error.message, autoClose: 5200 }),
  });

  const guardar = useMutation({
    mutationFn: async () => {
      if (sinConexion) {
        if (!base) {
          throw new Error('Este navegador no puede guardar documentos sin conexión.');
        }
        await guardarIngresoSinConexion(base, cuerpo());
        return null;
      }
      return api(ingresos.crear, { body: cuerpo() });
    },
    onSuccess: async (respuesta) => {
      if (respuesta === null) {
        notifications.show({ color: 'yellow', message: AVISO_INGRESO_SIN_CONEXION, autoClose: 4500 });
      } else if (respuesta[0]?.solicitudDuplicada) {
        avisarDuplicado();
      } else {
        setCreado(respuesta[0]?.idIngresosRef ?? null);
      }
      reiniciar();
      await queryClient.invalidateQueries({ queryKey: ingresoQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['facturas'] });
    },
    onError: (error) => {
      // Spec 001 §8 "Receipt in create with closed shift": as every POS operation refused so.
      const rechazo = clasificarRechazo(error);
      if (pos && rechazo.tipo === 'turnoCerrado') {
        turnoCerrado(rechazo.mensaje);
        return;
      }
      notifications.show({ color: 'red', title: 'Oops...', message: error.message, autoClose: 5200 });
    },
  });

  const selector = recibo ? (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        Cliente
      </Text>
      <Text fw={600}>{recibo.nombreCliente || 'Sin cliente'}</Text>
    </Stack>
  ) : pos ? (
    <SelectorDelPos
      cliente={clienteDelPos}
      alElegir={(c) => {
        setClienteDelPos(c);
        setMontos({});
      }}
      puedeBuscar
      puedeCrear={false}
      placeholder="Buscar el cliente que paga"
    />
  ) : (
    <SelectorDeOficina
      placeholder="Busca el cliente por nombre o RNC"
      valor={clienteDeOficina}
      alCambiar={(c) => {
        setClienteDeOficina(c);
        setMontos({});
      }}
    />
  );

  return (
    <Stack gap="md">
      {sinConexion && (
        <Alert color="yellow" icon={<IconWifiOff size={18} />} p="xs">
          Sin conexión: se cobran las cuentas descargadas al preparar el modo sin conexión y el recibo se
          sincroniza al volver la red.
        </Alert>
      )}
      {sinTurno && (
        <Alert color="red" p="xs" title="No hay un turno abierto">
          <Group justify="space-between">
            <Text size="sm">Para cobrar en el punto de venta abre tu turno.</Text>
            <Button size="xs" onClick={() => void navegar(DETALLES_TURNOS)}>
              Abrir turno
            </Button>
          </Group>
        </Alert>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: 1, minWidth: 260 }}>{selector}</div>
        <Select
          label="Forma de pago"
          data={FORMAS_DE_PAGO}
          value={formaDePago}
          onChange={(v) => setFormaDePago((v as FormaDePagoIngreso | null) ?? 'Efectivo')}
          allowDeselect={false}
          w={200}
        />
        <SelectorDeCentroDeCosto
          value={centro.id}
          onChange={(id, nombre) => setCentro({ id, nombre })}
          w={220}
        />
      </Group>
      {cliente === null ? (
        <Text size="sm" c="dimmed">
          Elige el cliente para ver sus facturas pendientes.
        </Text>
      ) : consulta.isPending ? (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      ) : consulta.isError ? (
        <Text c="red">{consulta.error.message}</Text>
      ) : filas.length === 0 ? (
        <Alert color="blue" p="xs" title="No hay facturas pendientes">
          {MENSAJE_SIN_FACTURAS_PENDIENTES}
        </Alert>
      ) : (
        <Paper withBorder radius="sm">
          <Table verticalSpacing={6} fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Factura</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Pendiente</Table.Th>
                <Table.Th ta="right" w={170}>
                  A cobrar
                </Table.Th>
                <Table.Th w={creditosEnFilas ? 220 : 70} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((f) => (
                <Table.Tr key={f.idFactura}>
                  <Table.Td ff="monospace">{f.etiqueta}</Table.Td>
                  <Table.Td>{f.fechaEmision ? fecha(f.fechaEmision) : '—'}</Table.Td>
                  <Table.Td ta="right">{dinero(f.total)}</Table.Td>
                  <Table.Td ta="right">{dinero(f.pendiente)}</Table.Td>
                  <Table.Td>
                    <CampoNumerico
                      aria-label={`A cobrar de ${f.etiqueta}`}
                      valor={montos[f.idFactura] ?? null}
                      alCambiar={(importe) => setMontos((m) => ({ ...m, [f.idFactura]: importe }))}
                      error={errores[f.idFactura] ?? undefined}
                      min={0}
                      {...(conCredito ? {} : { max: f.pendiente })}
                      decimalScale={2}
                      thousandSeparator=","
                      hideControls
                      size="xs"
                      styles={{ input: { textAlign: 'right' } }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setMontos((m) => ({ ...m, [f.idFactura]: f.pendiente }))}
                      >
                        Todo
                      </Button>
                      {creditosEnFilas && cliente && (
                        // Spec 001 §7 "Credits in favour": the invoice is paid (in part) from the
                        // customer's credit at once, apart from this receipt; then it owes less.
                        <AplicarCreditosAFactura
                          idCliente={cliente._id}
                          nombreCliente={cliente.nombre}
                          idFactura={f.idFactura}
                          pendiente={f.pendiente}
                          alAplicar={() => void recargarPendientes()}
                        />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {cliente !== null && !sinConexion && (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Switch
            label="Generar crédito a favor"
            description="Lo recibido de más y el anticipo quedan como crédito a favor del cliente."
            checked={generarCredito}
            onChange={(e) => setGenerarCredito(e.currentTarget.checked)}
          />
          {generarCredito && (
            <CampoNumerico
              label="Anticipo sin factura"
              aria-label="Anticipo sin factura"
              valor={anticipo}
              alCambiar={setAnticipo}
              error={errorAnticipo ?? undefined}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              hideControls
              size="xs"
              w={170}
              styles={{ input: { textAlign: 'right' } }}
            />
          )}
        </Group>
      )}
      {credito > 0 && (
        <Alert color="teal" p="xs" title="Crédito a favor">
          {dinero(credito)} queda como crédito a favor de {cliente?.nombre}: lo recibido por encima de lo que
          deben sus facturas{importeAnticipo > 0 ? ' y el anticipo' : ''}.
        </Alert>
      )}
      <AreaDeTexto
        label="Detalles"
        placeholder="Nota del recibo (opcional)"
        value={detalles}
        onChange={(e) => setDetalles(e.currentTarget.value)}
        autosize
        minRows={1}
        max={largoMaximo(CrearIngreso, 'detalles')}
        error={errorDeCampo(CrearIngreso, 'detalles', detalles) ?? undefined}
      />
      <Group justify="space-between">
        <Text fw={700} size="lg">
          Total a cobrar {dinero(total)}
        </Text>
        <Button
          leftSection={<IconCash size={18} />}
          disabled={
            total <= 0 ||
            (sinTurno && !edicion) ||
            hayErrores ||
            errorDeCampo(CrearIngreso, 'detalles', detalles) !== null
          }
          loading={guardar.isPending || actualizar.isPending}
          onClick={() => (edicion ? actualizar.mutate() : guardar.mutate())}
        >
          {edicion ? 'Guardar cambios' : 'Guardar recibo'}
        </Button>
      </Group>
      <ModalIngreso id={creado} alCerrar={() => setCreado(null)} />
    </Stack>
  );
}
