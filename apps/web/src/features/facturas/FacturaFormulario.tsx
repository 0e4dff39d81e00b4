import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type DetalleConduce,
  type DetalleFactura,
  type FacturaEntrada,
  type LineaFacturaEntrada,
  MENSAJE_ARTICULO_DE_CONDUCE,
  MENSAJE_SIN_LINEAS_FACTURA,
  METODOS_DE_PAGO_FACTURA,
  type MetodoSimple,
  type ProductoBajoStock,
} from '@pos/contract';
import {
  agregarMediodia,
  aPesos,
  type Centavos,
  fechaYHoraEnSantoDomingo,
  mensajeDescuentoInvalido,
} from '@pos/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorDeApi } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { EditorDeLineas } from '../../ui/documento/EditorDeLineas.tsx';
import {
  aplicarSocio,
  cantidadesValidas,
  type LineaDelFormulario,
  lineaFueraDeLimite,
  totalesDelFormulario,
} from '../../ui/documento/lineas.ts';
import { SelectorDeLista, useListaDePrecios } from '../../ui/documento/listaDePrecios.tsx';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { FilaDeTotal, Totales, totalesEnPesos } from '../../ui/documento/Totales.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado } from '../../ui/errores.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { SelectorDeCentroDeCosto } from '../centrosDeCosto/SelectorDeCentroDeCosto.tsx';
import { VISTA_COTIZACION } from '../cotizaciones/rutas.ts';
import { BotonCreditosAFavor } from '../creditos/BotonCreditosAFavor.tsx';
import {
  type CreditoElegido,
  creditosDeLaFactura,
  idsCreditoAfavor,
  totalDeCreditos,
} from '../creditos/elegidos.ts';
import { seleccionQueries } from '../inventario/queries.ts';
import { avisarBajoStock, avisarFacturaNoGuardada } from './avisosDeVenta.tsx';
import { ConducesDeLaFactura, type ConduceVinculado } from './ConducesDeLaFactura.tsx';
import { NOMBRES_DE_METODO } from './etiquetas.ts';
import {
  aLineaEntrada,
  camposDePago,
  cobroDelFormulario,
  lineaDesdeGuardada,
  lineaDesdeOrigen,
  MIXTO_VACIO,
  type PagoDelFormulario,
} from './lineasDeFactura.ts';
import { numeracionQueries } from './queries.ts';

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;
const METODOS_SIMPLES: MetodoSimple[] = ['Efectivo', 'Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque'];
const CON_APROBACION: ReadonlyArray<string> = ['Tarjeta', 'Tarjeta-Debito', 'Mixto'];

type Valores = {
  cliente: ClienteElegido | null;
  nombreOpcional: string;
  idNumeracion: string | null;
  /** null: the default list (the product's own price). */
  idListaDePrecio: string | null;
  almacenActual: string | null;
  fechaEmision: string;
  plazoPagos: number | null;
  pago: PagoDelFormulario;
  /** The amount received follows the total until the user types one (a cash sale is paid in full). */
  recibidoManual: boolean;
  numeroDeAprobacionTarjeta: string;
  notaPieDePagina: string;
  notaInformacionInterna: string;
  /** Its cost centre goes on every line of the invoice's journal entry. */
  idCentroDeCosto: string | null;
  centroDeCosto: string;
  lineas: LineaDelFormulario[];
};

/**
 * A new invoice made from other documents (spec 001 §2, §4 conversions): one or several quotations of a
 * customer, or a pre-invoice conduce. It starts with their customer and lines and is saved as any other.
 */
export type OrigenDeFactura = {
  cliente: ClienteElegido | null;
  cotizaciones: Array<{ _id: string; comprobante: string }>;
  conduces: ConduceVinculado[];
  lineas: LineaDelFormulario[];
};

/** A conduce's lines as the invoice's (locked to it, spec 001 §1). */
export function lineasDelConduce(detalle: DetalleConduce): LineaDelFormulario[] {
  return detalle.lineasConduce.map((l) =>
    lineaDesdeOrigen(l, { idConduce: detalle.conduceDb._id, idLineaConduce: l.idLineaConduce }),
  );
}

function valoresIniciales(
  guardado: DetalleFactura | undefined,
  desde: OrigenDeFactura | undefined,
  conduceDeLinea: Record<string, string>,
): Valores {
  if (guardado) {
    const f = guardado.FacturaDb;
    const metodo = (METODOS_DE_PAGO_FACTURA as readonly string[]).includes(f.metodoDePago)
      ? (f.metodoDePago as PagoDelFormulario['metodoDePago'])
      : 'Efectivo';
    return {
      cliente: f.idCliente
        ? {
            _id: f.idCliente,
            nombre: f.nombre,
            rnc: f.rnc,
            socio: f.socio,
            descuentoParaSocios: 0,
            diasDeCredito: f.plazoPagos,
            limiteCredito: 0,
            correo: f.correo,
            idListaDePrecio: null,
          }
        : null,
      nombreOpcional: f.nombreOpcional,
      idNumeracion: f.idNumeracion,
      idListaDePrecio: f.idListaDePrecio,
      almacenActual: f.almacenActual || null,
      fechaEmision: f.fechaEmision.slice(0, 10),
      plazoPagos: f.plazoPagos,
      pago: { metodoDePago: metodo, recibido: f.efectivoRecibido, mixto: { ...MIXTO_VACIO } },
      recibidoManual: true,
      numeroDeAprobacionTarjeta: f.numeroDeAprobacionTarjeta,
      notaPieDePagina: f.notaPieDePagina,
      notaInformacionInterna: f.notaInformacionInterna,
      idCentroDeCosto: f.idCentroDeCosto ?? null,
      centroDeCosto: f.centroDeCosto ?? '',
      // A line that billed a conduce's stays tied to it: a plain edit keeps the conduce linked.
      lineas: guardado.linea_facturasRef.map((l) => {
        const linea = lineaDesdeGuardada(l);
        const idConduce = l.idLineaConduce ? conduceDeLinea[l.idLineaConduce] : undefined;
        return l.idLineaConduce && idConduce
          ? { ...linea, origen: { idConduce, idLineaConduce: l.idLineaConduce } }
          : linea;
      }),
    };
  }
  // Spec 001 §1: a new document starts today, with the default numbering, Efectivo, plazo 0, the default
  // price list and the default customer (none chosen: the server's Consumidor final).
  return {
    cliente: desde?.cliente ?? null,
    nombreOpcional: '',
    idNumeracion: null,
    idListaDePrecio: null,
    almacenActual: null,
    fechaEmision: fechaYHoraEnSantoDomingo(new Date()).fecha,
    plazoPagos: desde?.cliente?.diasDeCredito ?? 0,
    pago: { metodoDePago: 'Efectivo', recibido: null, mixto: { ...MIXTO_VACIO } },
    recibidoManual: false,
    numeroDeAprobacionTarjeta: '',
    notaPieDePagina: '',
    notaInformacionInterna: '',
    idCentroDeCosto: null,
    centroDeCosto: '',
    lineas: desde?.lineas ?? [],
  };
}

function sumarDias(fechaIso: string, dias: number): string {
  const base = new Date(`${fechaIso}T12:00:00Z`);
  base.setUTCDate(base.getUTCDate() + dias);
  return base.toISOString().slice(0, 10);
}

// The server names fields of the tuple body by position ('0.plazoPagos', '1.3.cantidad'); the form by name.
function campoDelFormulario(campo: string, editando: boolean): string {
  const posicionLineas = editando ? '2.' : '1.';
  if (campo.startsWith('0.')) {
    return campo.slice(2);
  }
  return campo.startsWith(posicionLineas) ? `lineas.${campo.slice(2)}` : campo;
}

/** Spec 001 §5 credit check: a sale over the customer's limit needs the configuration's code. */
function pedirCodigoDeCredito(mensaje: string, alConfirmar: (codigo: string) => void) {
  let codigo = '';
  modals.openConfirmModal({
    title: 'Límite de crédito excedido',
    centered: true,
    children: (
      <Stack gap="sm">
        <Text size="sm">{mensaje}</Text>
        <PasswordInput
          label="Código de autorización"
          description="El código de la configuración general autoriza la venta a crédito."
          onChange={(e) => {
            codigo = e.currentTarget.value;
          }}
          data-autofocus
        />
      </Stack>
    ),
    labels: { confirm: 'Autorizar y guardar', cancel: 'Cancelar' },
    onConfirm: () => alConfirmar(codigo.trim()),
  });
}

type Props = {
  /** The saved invoice when editing; absent for a new one. */
  guardado?: DetalleFactura;
  /** Editing: the conduce of each conduce line the invoice bills (idLineaConduce → conduce id). */
  conduceDeLinea?: Record<string, string>;
  /** A new invoice made from quotations or a conduce. */
  desde?: OrigenDeFactura;
  puedeGuardar: boolean;
  alGuardar: () => void;
  alCancelar: () => void;
  guardar: (datos: {
    factura: FacturaEntrada;
    lineas: LineaFacturaEntrada[];
    lineasAEliminar: string[];
    /** The conduces linked after the change (all of them). */
    conduces: string[];
    total: { total: number; subtotal: number; impuestos: number };
  }) => Promise<{ solicitudDuplicada: boolean }>;
};

/** The invoice document form (spec 001 §1, §3, §5): customer, numbering, dates, lines, payment, totals. */
export function FacturaFormulario({
  guardado,
  conduceDeLinea = {},
  desde,
  puedeGuardar,
  alGuardar,
  alCancelar,
  guardar,
}: Props) {
  const editando = guardado !== undefined;
  const [conduces, setConduces] = useState<ConduceVinculado[]>(() =>
    guardado
      ? guardado.conduce_facturado.map((c) => ({ _id: c.id, comprobante: c.comprobante }))
      : (desde?.conduces ?? []),
  );
  const cotizaciones = desde?.cotizaciones ?? [];
  const { perfil } = usePerfil();
  const [identificadorUnico] = useState(() => guardado?.FacturaDb.identificadorUnico ?? nuevoIdentificador());
  const [lineasAEliminar, setLineasAEliminar] = useState<string[]>([]);
  const [guardando, setGuardando] = useState(false);
  // Spec 001 §3 IdsCreditoAfavor: the customer's credits that pay this invoice (an edit keeps its own).
  const [creditos, setCreditos] = useState<CreditoElegido[]>(() => creditosDeLaFactura(guardado));
  const buscador = useRef<HTMLInputElement>(null);
  const numeraciones = useQuery(numeracionQueries.ventas());
  const almacenes = useQuery(seleccionQueries.almacenes());
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: !editando });
  const form = useForm<Valores>({ initialValues: valoresIniciales(guardado, desde, conduceDeLinea) });
  const valores = form.values;
  const idAlmacen = valores.almacenActual ?? principal.data?._id ?? null;
  const limiteDescuento = perfil?.limiteDescuento ?? 100;
  const { listas, predeterminada, listaElegida, cambiarLista, actualizando } = useListaDePrecios({
    obtenerIdLista: () => form.getValues().idListaDePrecio,
    ponerIdLista: (id) => {
      form.setFieldValue('idListaDePrecio', id);
      form.clearFieldError('idListaDePrecio');
    },
    obtenerLineas: () => form.getValues().lineas,
    ponerLineas: (lineas) => ponerLineas(lineas),
    idAlmacen,
  });
  const idLista = valores.idListaDePrecio ?? predeterminada?._id ?? null;

  const totales = totalesDelFormulario(valores.lineas);
  // What money pays: the total less the credits in favour chosen.
  const montoAPagar = Math.max(0, totales.montoAPagar - totalDeCreditos(creditos)) as Centavos;
  const credito = (valores.plazoPagos ?? 0) > 0;
  // A cash sale is paid in full until the user types what was received; a credit sale starts unpaid.
  const pago: PagoDelFormulario =
    valores.pago.metodoDePago !== 'Mixto' && !valores.recibidoManual
      ? { ...valores.pago, recibido: credito ? 0 : aPesos(montoAPagar) }
      : valores.pago;
  const cobro = cobroDelFormulario(pago, montoAPagar);

  function ponerLineas(lineas: LineaDelFormulario[], eliminadas: string[] = []) {
    form.setFieldValue('lineas', lineas);
    form.clearFieldError('lineas');
    if (eliminadas.length > 0) {
      setLineasAEliminar((previas) => [...previas, ...eliminadas]);
    }
  }

  // Spec 001 §1: choosing a customer applies or resets the partner discounts (notice 5200 ms); the
  // customer's credit days become the term.
  function cambiarCliente(cliente: ClienteElegido | null) {
    // The linked conduces are the previous customer's: another customer's invoice does not bill them.
    if (conduces.length > 0 && cliente?._id !== form.getValues().cliente?._id) {
      for (const c of conduces) {
        quitarConduce(c);
      }
      notifications.show({
        color: 'blue',
        message: 'Se quitaron los conduces del cliente anterior y sus artículos.',
        autoClose: 5200,
      });
    }
    form.setFieldValue('cliente', cliente);
    form.setFieldValue('plazoPagos', cliente?.diasDeCredito ?? 0);
    const lineas = form.getValues().lineas;
    const socio = cliente?.socio ?? false;
    if (lineas.some((l) => l.descuentoParaSocios > 0 && !l.origen)) {
      // A conduce's line keeps the conduce's discount (spec 001 §2 conversions).
      ponerLineas(lineas.map((l) => (l.origen ? l : (aplicarSocio([l], socio)[0] ?? l))));
      notifications.show({
        color: 'blue',
        message: socio
          ? 'El cliente es socio: se aplicó el descuento para socios a sus productos.'
          : 'El cliente no es socio: se quitó el descuento para socios.',
        autoClose: 5200,
      });
    }
    // Spec 001 §1: a customer with a price list of its own brings it (re-pricing as above).
    if (cliente?.idListaDePrecio) {
      cambiarLista(cliente.idListaDePrecio);
    }
  }

  // Spec 001 §4: a conduce brings all its lines; removing the conduce removes them.
  function agregarConduce(detalle: DetalleConduce) {
    setConduces((previos) => [
      ...previos,
      { _id: detalle.conduceDb._id, comprobante: detalle.conduceDb.comprobante },
    ]);
    ponerLineas([...form.getValues().lineas, ...lineasDelConduce(detalle)]);
  }

  function quitarConduce(conduce: ConduceVinculado) {
    setConduces((previos) => previos.filter((c) => c._id !== conduce._id));
    const lineas = form.getValues().lineas;
    const suyas = lineas.filter((l) => l.origen?.idConduce === conduce._id);
    ponerLineas(
      lineas.filter((l) => l.origen?.idConduce !== conduce._id),
      suyas.flatMap((l) => (l._id ? [l._id] : [])),
    );
  }

  function validar(): boolean {
    const { lineas } = form.getValues();
    if (lineas.length === 0) {
      form.setFieldError('lineas', MENSAJE_SIN_LINEAS_FACTURA);
      return false;
    }
    if (!cantidadesValidas(lineas)) {
      form.setFieldError('lineas', 'Cada línea debe tener una cantidad mayor que 0.');
      return false;
    }
    const socio = form.getValues().cliente?.socio ?? false;
    if (lineas.some((l) => lineaFueraDeLimite(l, limiteDescuento, socio))) {
      form.setFieldError('lineas', mensajeDescuentoInvalido(limiteDescuento));
      return false;
    }
    return cobro.ok;
  }

  async function enviar(codigoDeAutorizacion?: string) {
    if (!validar()) {
      return;
    }
    const datos = form.getValues();
    const factura: FacturaEntrada = {
      identificadorUnico,
      idCliente: datos.cliente?._id ?? null,
      nombreOpcional: datos.nombreOpcional.trim(),
      idNumeracion: datos.idNumeracion,
      idListaDePrecio: datos.idListaDePrecio ?? predeterminada?._id ?? null,
      almacenActual: idAlmacen,
      fechaEmision: datos.fechaEmision,
      ...(editando && guardado ? { hora: guardado.FacturaDb.hora.slice(0, 8) } : {}),
      plazoPagos: datos.plazoPagos ?? 0,
      ...camposDePago(pago),
      numeroDeAprobacionTarjeta: CON_APROBACION.includes(pago.metodoDePago)
        ? datos.numeroDeAprobacionTarjeta.trim()
        : '',
      notaPieDePagina: datos.notaPieDePagina.trim(),
      notaInformacionInterna: datos.notaInformacionInterna.trim(),
      idCentroDeCosto: datos.idCentroDeCosto,
      centroDeCosto: datos.idCentroDeCosto ? datos.centroDeCosto : '',
      ...(codigoDeAutorizacion ? { codigoDeAutorizacion } : {}),
      // Spec 001 §3: the quotation (one) or the quotations (several) the invoice is made from.
      ...(cotizaciones.length === 1 ? { idCotizacion: cotizaciones[0]?._id ?? null } : {}),
      ...(cotizaciones.length > 1 ? { idCotizaciones: cotizaciones.map((c) => c._id) } : {}),
      ...idsCreditoAfavor(creditos),
    };
    setGuardando(true);
    try {
      const respuesta = await guardar({
        factura,
        lineas: datos.lineas.map(aLineaEntrada),
        lineasAEliminar,
        conduces: conduces.map((c) => c._id),
        total: {
          total: aPesos(totales.total),
          subtotal: aPesos(totales.subtotal),
          impuestos: aPesos(totales.impuestos),
        },
      });
      if (respuesta.solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(editando ? 'Factura actualizada.' : 'Factura guardada.');
      }
      form.resetDirty();
      alGuardar();
    } catch (error) {
      manejarError(error, codigoDeAutorizacion);
    } finally {
      setGuardando(false);
    }
  }

  function manejarError(error: unknown, codigo: string | undefined) {
    if (error instanceof ErrorDeApi) {
      const bajoStock = error.datos.productoBajoStock;
      if (Array.isArray(bajoStock)) {
        avisarBajoStock(error.message, bajoStock as ProductoBajoStock[]);
        return;
      }
      if (error.datos.excedeLimiteDeCredito === true) {
        pedirCodigoDeCredito(error.message, (nuevo) => void enviar(nuevo));
        return;
      }
      for (const { campo, mensaje } of error.errores) {
        form.setFieldError(campoDelFormulario(campo, editando), mensaje);
      }
    }
    // Spec 001 §8: any other error, 'No se guardo la factura' with the server's message and a retry (the
    // same identificadorUnico, so a retry never makes a second invoice).
    avisarFacturaNoGuardada(
      error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
      () => void enviar(codigo),
    );
  }

  const opcionesDeNumeracion = (numeraciones.data ?? []).map((n) => ({
    value: n._id,
    label: `${n.nombre} · próximo ${n.proximoComprobante}`,
  }));
  if (
    guardado &&
    valores.idNumeracion &&
    !opcionesDeNumeracion.some((o) => o.value === valores.idNumeracion)
  ) {
    opcionesDeNumeracion.push({ value: valores.idNumeracion, label: guardado.FacturaDb.numeracionNombre });
  }
  const plazo = valores.plazoPagos ?? 0;
  const comprobanteDe = (idConduce: string) => conduces.find((c) => c._id === idConduce)?.comprobante ?? '';
  const errorDeLineas = form.errors.lineas;

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void enviar();
        }}
      >
        <fieldset disabled={guardando || actualizando || !puedeGuardar} style={ESTILO_FIELDSET}>
          <Stack gap="md" maw={1400} mx="auto">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Title order={2}>
                {editando ? `Editar factura ${guardado?.FacturaDb.comprobante ?? ''}` : 'Nueva factura'}
              </Title>
              <Group gap="xs">
                <Button variant="default" onClick={alCancelar}>
                  Cancelar
                </Button>
                {puedeGuardar && (
                  <BotonEscritura type="submit" loading={guardando} disabled={!cobro.ok}>
                    Guardar factura
                  </BotonEscritura>
                )}
              </Group>
            </Group>
            <Paper withBorder radius="md" p="md">
              {/* Inputs line up at the bottom: some fields carry a description under their label. */}
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <SelectorDeCliente
                    valor={valores.cliente}
                    alCambiar={cambiarCliente}
                    error={form.errors.idCliente as string | undefined}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <TextInput
                    label="Nombre en la factura"
                    placeholder="Opcional (consumidor final)"
                    maxLength={200}
                    {...form.getInputProps('nombreOpcional')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <Select
                    label="Numeración"
                    placeholder="Según el tipo de NCF del cliente"
                    data={opcionesDeNumeracion}
                    clearable
                    disabled={editando}
                    description={editando ? 'El número y el NCF de una factura no cambian.' : undefined}
                    {...form.getInputProps('idNumeracion')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <DateInput
                    label="Fecha"
                    valueFormat="DD/MM/YYYY"
                    value={valores.fechaEmision}
                    onChange={(v) => v && form.setFieldValue('fechaEmision', String(v).slice(0, 10))}
                    error={form.errors.fechaEmision}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <CampoNumerico
                    label="Plazo de pago (días)"
                    min={0}
                    max={3650}
                    description={
                      plazo > 0
                        ? `Vence el ${fecha(agregarMediodia(sumarDias(valores.fechaEmision, plazo)))}`
                        : 'Contado'
                    }
                    valor={valores.plazoPagos ?? null}
                    alCambiar={(dias) => form.setFieldValue('plazoPagos', dias)}
                    error={form.errors.plazoPagos}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <Select
                    label="Almacén"
                    data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
                    value={idAlmacen}
                    onChange={(v) => v && form.setFieldValue('almacenActual', v)}
                    allowDeselect={false}
                    description="De donde sale la mercancía."
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <SelectorDeLista
                    listas={listas}
                    idLista={idLista}
                    actualizando={actualizando}
                    alCambiar={cambiarLista}
                    error={form.errors.idListaDePrecio as string | undefined}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <SelectorDeCentroDeCosto
                    value={valores.idCentroDeCosto}
                    onChange={(id, nombre) => form.setValues({ idCentroDeCosto: id, centroDeCosto: nombre })}
                  />
                </Grid.Col>
              </Grid>
            </Paper>
            {cotizaciones.length > 0 && (
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} py="xs">
                {cotizaciones.length === 1 ? 'Desde cotización ' : 'Desde cotizaciones '}
                {cotizaciones.map((c, i) => (
                  <span key={c._id}>
                    {i > 0 && ', '}
                    <Anchor component={Link} to={`${VISTA_COTIZACION}?id=${c._id}`} ff="monospace" size="sm">
                      {c.comprobante}
                    </Anchor>
                  </span>
                ))}
              </Alert>
            )}
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <ConducesDeLaFactura
                  idCliente={valores.cliente?._id ?? null}
                  vinculados={conduces}
                  alAgregar={agregarConduce}
                  alQuitar={quitarConduce}
                />
                <EditorDeLineas
                  lineas={valores.lineas}
                  actualizar={(cambio, eliminadas) =>
                    ponerLineas(cambio(form.getValues().lineas), eliminadas)
                  }
                  idAlmacen={idAlmacen}
                  lista={listaElegida}
                  socio={valores.cliente?.socio ?? false}
                  limiteDescuento={limiteDescuento}
                  precioBloqueado={perfil?.bloquearPrecio ?? false}
                  error={errorDeLineas as string | undefined}
                  buscadorRef={buscador}
                  detalleDeLinea={(l) =>
                    l.origen ? `conduce ${comprobanteDe(l.origen.idConduce)}` : undefined
                  }
                  lineaBloqueada={(l) => (l.origen ? MENSAJE_ARTICULO_DE_CONDUCE : undefined)}
                />
              </Stack>
            </Paper>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder radius="md" p="md" h="100%">
                  <Stack gap="sm">
                    <Textarea
                      label="Nota al pie de la factura"
                      description="Se imprime en la factura."
                      autosize
                      minRows={2}
                      maxLength={1000}
                      {...form.getInputProps('notaPieDePagina')}
                    />
                    <Textarea
                      label="Nota interna"
                      description="Solo la ve el personal."
                      autosize
                      minRows={2}
                      maxLength={1000}
                      {...form.getInputProps('notaInformacionInterna')}
                    />
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper withBorder radius="md" p="md">
                  <Grid gap="md">
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <BotonCreditosAFavor
                        idCliente={valores.cliente?._id}
                        nombreCliente={valores.cliente?.nombre ?? ''}
                        maximo={totales.montoAPagar}
                        elegidos={creditos}
                        alCambiar={setCreditos}
                      />
                      <CamposDePago
                        pago={pago}
                        conAprobacion={CON_APROBACION.includes(pago.metodoDePago)}
                        aprobacion={valores.numeroDeAprobacionTarjeta}
                        alCambiarAprobacion={(v) => form.setFieldValue('numeroDeAprobacionTarjeta', v)}
                        alCambiarMetodo={(metodo) => {
                          // Spec 001 §4: after choosing the payment method, received amounts reset.
                          form.setFieldValue('pago', {
                            metodoDePago: metodo,
                            recibido: null,
                            mixto: { ...MIXTO_VACIO },
                          });
                          form.setFieldValue('recibidoManual', metodo === 'Mixto');
                        }}
                        alCambiarRecibido={(recibido) => {
                          form.setFieldValue('pago', { ...pago, recibido });
                          form.setFieldValue('recibidoManual', true);
                        }}
                        alCambiarMixto={(metodo, monto) =>
                          form.setFieldValue('pago', { ...pago, mixto: { ...pago.mixto, [metodo]: monto } })
                        }
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TotalesDeFactura totales={totales} cobro={cobro} />
                    </Grid.Col>
                  </Grid>
                </Paper>
              </Grid.Col>
            </Grid>
          </Stack>
        </fieldset>
      </form>
    </DatesProvider>
  );
}

function CamposDePago({
  pago,
  conAprobacion,
  aprobacion,
  alCambiarAprobacion,
  alCambiarMetodo,
  alCambiarRecibido,
  alCambiarMixto,
}: {
  pago: PagoDelFormulario;
  conAprobacion: boolean;
  aprobacion: string;
  alCambiarAprobacion: (v: string) => void;
  alCambiarMetodo: (metodo: PagoDelFormulario['metodoDePago']) => void;
  alCambiarRecibido: (v: number | null) => void;
  alCambiarMixto: (metodo: MetodoSimple, monto: number | null) => void;
}) {
  return (
    <Stack gap="xs">
      <Select
        label="Método de pago"
        data={METODOS_DE_PAGO_FACTURA.map((m) => ({ value: m, label: NOMBRES_DE_METODO[m] }))}
        value={pago.metodoDePago}
        onChange={(v) => v && alCambiarMetodo(v as PagoDelFormulario['metodoDePago'])}
        allowDeselect={false}
      />
      {pago.metodoDePago === 'Mixto' ? (
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          {METODOS_SIMPLES.map((m) => (
            <CampoNumerico
              key={m}
              label={NOMBRES_DE_METODO[m]}
              size="xs"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              valor={pago.mixto[m]}
              alCambiar={(v) => alCambiarMixto(m, v)}
            />
          ))}
        </SimpleGrid>
      ) : (
        <CampoNumerico
          label={pago.metodoDePago === 'Efectivo' ? 'Efectivo recibido' : 'Monto cobrado'}
          min={0}
          decimalScale={2}
          thousandSeparator=","
          valor={pago.recibido}
          alCambiar={alCambiarRecibido}
        />
      )}
      {conAprobacion && (
        <TextInput
          label="Número de aprobación"
          maxLength={50}
          value={aprobacion}
          onChange={(e) => alCambiarAprobacion(e.currentTarget.value)}
        />
      )}
    </Stack>
  );
}

/** The invoice's totals: the kit's, then what was paid, the change and what stays owed. */
function TotalesDeFactura({
  totales,
  cobro,
}: {
  totales: ReturnType<typeof totalesDelFormulario>;
  cobro: ReturnType<typeof cobroDelFormulario>;
}) {
  const pesos = (c: Centavos) => dinero(aPesos(c));
  return (
    <Totales totales={totalesEnPesos(totales)} testId="totales-factura">
      {cobro.ok ? (
        <>
          <FilaDeTotal etiqueta="Cobrado" valor={pesos(cobro.valor.cobrado)} />
          {cobro.valor.cambio > 0 && (
            <FilaDeTotal etiqueta="Cambio" valor={pesos(cobro.valor.cambio)} color="teal.8" />
          )}
          <FilaDeTotal
            etiqueta={cobro.valor.pendiente > 0 ? 'Pendiente (a crédito)' : 'Pendiente'}
            valor={pesos(cobro.valor.pendiente)}
            {...(cobro.valor.pendiente > 0 ? { color: 'orange.8' } : {})}
          />
        </>
      ) : (
        <Text size="sm" c="red" role="alert">
          {cobro.mensaje}
        </Text>
      )}
    </Totales>
  );
}
