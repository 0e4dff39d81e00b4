import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Grid,
  Group,
  Loader,
  Paper,
  PasswordInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type DetalleFactura,
  type FacturaEntrada,
  type LineaFacturaEntrada,
  type ListaDePrecio,
  MENSAJE_SIN_LINEAS_FACTURA,
  METODOS_DE_PAGO_FACTURA,
  type MetodoSimple,
  type ProductoBajoStock,
  type ProductoParaDocumento,
} from '@pos/contract';
import {
  agregarMediodia,
  aPesos,
  aplicarDescuentoGlobal,
  type Centavos,
  CONFIRMACION_ACTUALIZAR_PRECIOS,
  debeActualizarPrecios,
  descuentoFueraDeLimite,
  descuentoPermitido,
  fechaYHoraEnSantoDomingo,
  mensajeDescuentoInvalido,
  porcentajeAFraccion,
  validarDescuentoGlobal,
} from '@pos/domain';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorDeApi } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado } from '../../ui/errores.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { BuscadorDeProducto } from '../inventario/BuscadorDeProducto.tsx';
import { buscarProductoParaAjuste, seleccionQueries } from '../inventario/queries.ts';
import { avisarBajoStock, avisarFacturaNoGuardada } from './avisosDeVenta.tsx';
import { NOMBRES_DE_METODO } from './etiquetas.ts';
import {
  agregarLinea,
  aLineaEntrada,
  aplicarSocio,
  cambiarPrecioDeVenta,
  camposDePago,
  cantidadesValidas,
  cobroDelFormulario,
  type LineaDelFormulario,
  lineaDesdeGuardada,
  lineaDesdeProducto,
  MIXTO_VACIO,
  type PagoDelFormulario,
  preciarEnLista,
  sinPreciosDelProducto,
  totalesDelFormulario,
} from './lineasDeFactura.ts';
import { listaDePrecioQueries, numeracionQueries } from './queries.ts';
import { type ClienteElegido, SelectorDeCliente } from './SelectorDeCliente.tsx';

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
  lineas: LineaDelFormulario[];
};

function valoresIniciales(guardado: DetalleFactura | undefined): Valores {
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
      lineas: guardado.linea_facturasRef.map(lineaDesdeGuardada),
    };
  }
  // Spec 001 §1: a new document starts today, with the default numbering, Efectivo, plazo 0, the default
  // price list and the default customer (none chosen: the server's Consumidor final).
  return {
    cliente: null,
    nombreOpcional: '',
    idNumeracion: null,
    idListaDePrecio: null,
    almacenActual: null,
    fechaEmision: fechaYHoraEnSantoDomingo(new Date()).fecha,
    plazoPagos: 0,
    pago: { metodoDePago: 'Efectivo', recibido: null, mixto: { ...MIXTO_VACIO } },
    recibidoManual: false,
    numeroDeAprobacionTarjeta: '',
    notaPieDePagina: '',
    notaInformacionInterna: '',
    lineas: [],
  };
}

/** The default list first, then the others by name. */
function ordenarListas(listas: readonly ListaDePrecio[]): ListaDePrecio[] {
  return [...listas].sort(
    (a, b) => Number(b.predeterminado) - Number(a.predeterminado) || a.nombre.localeCompare(b.nombre, 'es'),
  );
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
  puedeGuardar: boolean;
  alGuardar: () => void;
  alCancelar: () => void;
  guardar: (datos: {
    factura: FacturaEntrada;
    lineas: LineaFacturaEntrada[];
    lineasAEliminar: string[];
    total: { total: number; subtotal: number; impuestos: number };
  }) => Promise<{ solicitudDuplicada: boolean }>;
};

/** The invoice document form (spec 001 §1, §3, §5): customer, numbering, dates, lines, payment, totals. */
export function FacturaFormulario({ guardado, puedeGuardar, alGuardar, alCancelar, guardar }: Props) {
  const editando = guardado !== undefined;
  const { perfil } = usePerfil();
  const [identificadorUnico] = useState(() => guardado?.FacturaDb.identificadorUnico ?? nuevoIdentificador());
  const [lineasAEliminar, setLineasAEliminar] = useState<string[]>([]);
  const [descuentoGeneral, setDescuentoGeneral] = useState<number | null>(null);
  const [errorDescuento, setErrorDescuento] = useState<string | null>(null);
  const [guardando, setGuardando] = useState(false);
  const [actualizandoPrecios, setActualizandoPrecios] = useState(false);
  const buscador = useRef<HTMLInputElement>(null);
  const numeraciones = useQuery(numeracionQueries.ventas());
  const listas = ordenarListas(useQuery(listaDePrecioQueries.activas()).data ?? []);
  const predeterminada = listas.find((l) => l.predeterminado);
  const almacenes = useQuery(seleccionQueries.almacenes());
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: !editando });
  const form = useForm<Valores>({ initialValues: valoresIniciales(guardado) });
  const valores = form.values;
  const idAlmacen = valores.almacenActual ?? principal.data?._id ?? null;
  const limiteDescuento = perfil?.limiteDescuento ?? 100;
  const idLista = valores.idListaDePrecio ?? predeterminada?._id ?? null;

  const totales = totalesDelFormulario(valores.lineas);
  const montoAPagar = totales.montoAPagar;
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

  function alEncontrar(producto: ProductoParaDocumento) {
    if (producto.aviso) {
      notifications.show({
        color: producto.aviso.tipo === 'danger' ? 'red' : 'orange',
        message: producto.aviso.mensaje,
        autoClose: 3000,
      });
    }
    const socio = form.getValues().cliente?.socio ?? false;
    // The finder asks for the product's own price; the document's list prices it (spec 000 §3-§4).
    const lista = listaElegida();
    const [linea] = preciarEnLista([lineaDesdeProducto(producto, socio)], lista);
    if (linea) {
      ponerLineas(agregarLinea(form.getValues().lineas, linea).lineas);
    }
  }

  /** The chosen list (the default one when none was chosen); undefined when there are no lists. */
  function listaElegida(): ListaDePrecio | undefined {
    const id = form.getValues().idListaDePrecio ?? predeterminada?._id;
    return listas.find((l) => l._id === id);
  }

  // Spec 000 §4, §8; 001 §1: choosing a list other than the default with lines re-prices them after
  // 'Actualizar los precios' / 'Si, Actualizar!' (the domain's debeActualizarPrecios); cancelling keeps
  // the list. Without lines, or back to the default list, only the list changes.
  function cambiarLista(id: string) {
    const lista = listas.find((l) => l._id === id);
    if (!lista || id === (form.getValues().idListaDePrecio ?? predeterminada?._id ?? null)) {
      return;
    }
    if (!debeActualizarPrecios(lista, form.getValues().lineas.length)) {
      form.setFieldValue('idListaDePrecio', id);
      form.clearFieldError('idListaDePrecio');
      return;
    }
    modals.openConfirmModal({
      title: CONFIRMACION_ACTUALIZAR_PRECIOS.titulo,
      centered: true,
      children: (
        <Text size="sm">
          {CONFIRMACION_ACTUALIZAR_PRECIOS.texto} listado de precios «{lista.nombre}».
        </Text>
      ),
      labels: { confirm: CONFIRMACION_ACTUALIZAR_PRECIOS.boton, cancel: 'Cancelar' },
      onConfirm: () => void actualizarPrecios(lista),
    });
  }

  // A saved line does not keep the product's list prices: its product is read again (agregarproducto, as
  // lines are added, with the new list), once per product; then every line is priced by the domain.
  async function actualizarPrecios(lista: ListaDePrecio) {
    setActualizandoPrecios(true);
    try {
      const porLeer = [
        ...new Set(
          form
            .getValues()
            .lineas.filter(sinPreciosDelProducto)
            .map((l) => l.idProducto),
        ),
      ];
      if (porLeer.length > 0 && !idAlmacen) {
        throw new Error('Elige el almacén para leer los precios de los productos.');
      }
      const leidos = new Map(
        await Promise.all(
          porLeer.map(async (idProducto) => {
            const producto = await buscarProductoParaAjuste({
              idCodigoDeBarra: idProducto,
              Almacen: idAlmacen ?? '',
              idListaDePrecio: lista._id,
            });
            return [idProducto, producto.linea] as const;
          }),
        ),
      );
      const completas = form.getValues().lineas.map((l) => {
        const leido = sinPreciosDelProducto(l) ? leidos.get(l.idProducto) : undefined;
        return leido
          ? {
              ...l,
              precioPredeterminado: leido.precioPredeterminado,
              listaDePrecioAsignada: leido.listaDePrecioAsignada.map(({ idLista, precio }) => ({
                idLista,
                precio,
              })),
            }
          : l;
      });
      form.setFieldValue('idListaDePrecio', lista._id);
      form.clearFieldError('idListaDePrecio');
      ponerLineas(preciarEnLista(completas, lista));
      notifications.show({
        color: 'green',
        message: `Precios actualizados a la lista «${lista.nombre}».`,
        autoClose: 3500,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se actualizaron los precios',
        message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
        autoClose: 7400,
      });
    } finally {
      setActualizandoPrecios(false);
    }
  }

  function alFallarProducto(error: unknown) {
    const noEncontrado = error instanceof ErrorDeApi && error.statusCode === 404;
    notifications.show({
      color: noEncontrado ? 'orange' : 'red',
      title: noEncontrado ? 'Lo siento' : 'El producto no fue agregado.',
      message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
      autoClose: noEncontrado ? 3200 : 7400,
    });
  }

  function cambiarLinea(clave: string, cambio: (l: LineaDelFormulario) => LineaDelFormulario) {
    ponerLineas(form.getValues().lineas.map((l) => (l.clave === clave ? cambio(l) : l)));
  }

  function quitarLinea(linea: LineaDelFormulario) {
    ponerLineas(
      form.getValues().lineas.filter((l) => l.clave !== linea.clave),
      linea._id ? [linea._id] : [],
    );
  }

  // Spec 001 §1: choosing a customer applies or resets the partner discounts (notice 5200 ms); the
  // customer's credit days become the term.
  function cambiarCliente(cliente: ClienteElegido | null) {
    form.setFieldValue('cliente', cliente);
    form.setFieldValue('plazoPagos', cliente?.diasDeCredito ?? 0);
    const lineas = form.getValues().lineas;
    const socio = cliente?.socio ?? false;
    if (lineas.some((l) => l.descuentoParaSocios > 0)) {
      ponerLineas(aplicarSocio(lineas, socio));
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

  // Spec 001 §1 "Global discount": a whole number 0..limiteDescuento applied to every line (0 removes it).
  function aplicarDescuento() {
    const resultado = validarDescuentoGlobal(descuentoGeneral ?? '', limiteDescuento);
    if (!resultado.ok) {
      setErrorDescuento(resultado.mensaje);
      return;
    }
    setErrorDescuento(null);
    ponerLineas(aplicarDescuentoGlobal(form.getValues().lineas, resultado.valor));
    notifications.show({ color: 'green', message: 'Descuento aplicado', autoClose: 3500 });
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
      ...(codigoDeAutorizacion ? { codigoDeAutorizacion } : {}),
    };
    setGuardando(true);
    try {
      const respuesta = await guardar({
        factura,
        lineas: datos.lineas.map(aLineaEntrada),
        lineasAEliminar,
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
  const opcionesDeLista = listas.map((l) => ({ value: l._id, label: l.nombre }));
  // A saved invoice's list may have been deactivated since: it is still shown.
  if (idLista && !opcionesDeLista.some((o) => o.value === idLista)) {
    opcionesDeLista.push({ value: idLista, label: 'Lista desactivada' });
  }
  const plazo = valores.plazoPagos ?? 0;
  const errorDeLineas = form.errors.lineas;

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void enviar();
        }}
      >
        <fieldset disabled={guardando || actualizandoPrecios || !puedeGuardar} style={ESTILO_FIELDSET}>
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
                  <Select
                    label="Lista de precios"
                    data={opcionesDeLista}
                    value={idLista}
                    onChange={(v) => v && cambiarLista(v)}
                    allowDeselect={false}
                    placeholder="Precio del producto"
                    description="Con qué precios se venden los artículos."
                    disabled={opcionesDeLista.length === 0}
                    rightSection={actualizandoPrecios ? <Loader size={14} /> : undefined}
                    error={form.errors.idListaDePrecio}
                  />
                </Grid.Col>
              </Grid>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <div style={{ flex: 1, minWidth: 280 }}>
                    <BuscadorDeProducto
                      ref={buscador}
                      idAlmacen={idAlmacen}
                      alEncontrar={alEncontrar}
                      alFallar={alFallarProducto}
                    />
                  </div>
                  <Group gap="xs" align="flex-end">
                    <CampoNumerico
                      label="Descuento general %"
                      w={170}
                      min={0}
                      max={limiteDescuento}
                      valor={descuentoGeneral}
                      alCambiar={(porcentaje) => {
                        setDescuentoGeneral(porcentaje);
                        setErrorDescuento(null);
                      }}
                      error={errorDescuento}
                    />
                    <Button
                      variant="default"
                      onClick={aplicarDescuento}
                      disabled={valores.lineas.length === 0}
                    >
                      Aplicar
                    </Button>
                  </Group>
                </Group>
                {errorDeLineas && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                    {errorDeLineas}
                  </Alert>
                )}
                <TablaDeLineasDeFactura
                  lineas={valores.lineas}
                  precioBloqueado={perfil?.bloquearPrecio ?? false}
                  limiteDescuento={limiteDescuento}
                  socio={valores.cliente?.socio ?? false}
                  alCambiar={cambiarLinea}
                  alQuitar={quitarLinea}
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
                      <Totales totales={totales} cobro={cobro} />
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

/** Spec 001 §1: a line's discount is within the user's limit, or a partner customer's own discount. */
function lineaFueraDeLimite(linea: LineaDelFormulario, limiteDescuento: number, socio: boolean): boolean {
  const { descuentoParaSocios } = linea;
  return descuentoFueraDeLimite(
    linea.descuento,
    descuentoPermitido({ limiteDescuento, socio, descuentoParaSocios }),
  );
}

function TablaDeLineasDeFactura({
  lineas,
  precioBloqueado,
  limiteDescuento,
  socio,
  alCambiar,
  alQuitar,
}: {
  lineas: LineaDelFormulario[];
  precioBloqueado: boolean;
  limiteDescuento: number;
  socio: boolean;
  alCambiar: (clave: string, cambio: (l: LineaDelFormulario) => LineaDelFormulario) => void;
  alQuitar: (linea: LineaDelFormulario) => void;
}) {
  if (lineas.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" size="sm">
        Todavía no hay artículos: escanea un código o busca un producto por nombre.
      </Text>
    );
  }
  const calculadas = totalesDelFormulario(lineas).lineas;
  return (
    <ScrollArea type="auto">
      <Table striped fz="sm" verticalSpacing={4} miw={820}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Artículo</Table.Th>
            <Table.Th w={110} ta="right">
              Cantidad
            </Table.Th>
            <Table.Th w={140} ta="right">
              Precio c/ imp.
            </Table.Th>
            <Table.Th w={100} ta="right">
              Desc. %
            </Table.Th>
            <Table.Th w={110} ta="right">
              Impuestos
            </Table.Th>
            <Table.Th w={120} ta="right">
              Total
            </Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lineas.map((l, i) => {
            const calculada = calculadas[i];
            return (
              <Table.Tr key={l.clave}>
                <Table.Td>
                  <Text size="sm">{l.descripcion}</Text>
                  <Text size="xs" c="dimmed">
                    {l.idCodigoDeBarra || 'Sin código'}
                    {l.paquete ? ' · paquete' : ''}
                    {l.impuestos.length > 0
                      ? ` · ${l.impuestos.map((imp) => imp.name).join(', ')}`
                      : ' · sin impuestos'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <CampoNumerico
                    aria-label={`Cantidad de ${l.descripcion}`}
                    size="xs"
                    min={0}
                    decimalScale={4}
                    valor={l.cantidad}
                    alCambiar={(cantidad) => alCambiar(l.clave, (x) => ({ ...x, cantidad }))}
                    error={l.cantidad === null || l.cantidad <= 0}
                  />
                </Table.Td>
                <Table.Td>
                  <CampoNumerico
                    aria-label={`Precio de ${l.descripcion}`}
                    size="xs"
                    min={0}
                    decimalScale={2}
                    fixedDecimalScale
                    thousandSeparator=","
                    readOnly={precioBloqueado}
                    valor={l.precioDeVenta}
                    alCambiar={(precio) => alCambiar(l.clave, (x) => cambiarPrecioDeVenta(x, precio ?? 0))}
                  />
                </Table.Td>
                <Table.Td>
                  <CampoNumerico
                    aria-label={`Descuento de ${l.descripcion}`}
                    size="xs"
                    min={0}
                    max={limiteDescuento}
                    decimalScale={2}
                    valor={Math.round(l.descuento * 10000) / 100}
                    vacio={0}
                    // What is typed stands (150 is not 100): the line is refused next to it, and on save.
                    alCambiar={(porcentaje) =>
                      alCambiar(l.clave, (x) => ({ ...x, descuento: porcentajeAFraccion(porcentaje) }))
                    }
                    error={
                      lineaFueraDeLimite(l, limiteDescuento, socio)
                        ? mensajeDescuentoInvalido(limiteDescuento)
                        : undefined
                    }
                  />
                </Table.Td>
                <Table.Td ta="right">{calculada ? dinero(aPesos(calculada.totalImpuestos)) : '—'}</Table.Td>
                <Table.Td ta="right" fw={500}>
                  {calculada ? dinero(aPesos(calculada.total)) : '—'}
                </Table.Td>
                <Table.Td>
                  <Tooltip label="Quitar">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Quitar ${l.descripcion}`}
                      onClick={() => alQuitar(l)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
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

function Fila({
  etiqueta,
  valor,
  fuerte,
  color,
}: {
  etiqueta: string;
  valor: string;
  fuerte?: boolean;
  color?: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size={fuerte ? 'md' : 'sm'} fw={fuerte ? 700 : 400} c={color}>
        {etiqueta}
      </Text>
      <Text size={fuerte ? 'md' : 'sm'} fw={fuerte ? 700 : 400} c={color} ff="monospace">
        {valor}
      </Text>
    </Group>
  );
}

function Totales({
  totales,
  cobro,
}: {
  totales: ReturnType<typeof totalesDelFormulario>;
  cobro: ReturnType<typeof cobroDelFormulario>;
}) {
  const pesos = (c: Centavos) => dinero(aPesos(c));
  return (
    <Stack gap={4} data-testid="totales-factura">
      <Fila etiqueta="Subtotal" valor={pesos(totales.importe)} />
      {totales.descuento > 0 && <Fila etiqueta="Descuento" valor={`-${pesos(totales.descuento)}`} />}
      {totales.desgloseDeImpuestos.map((i) => (
        <Fila key={`${i.name}-${i.tipoDeImpuesto}`} etiqueta={i.name} valor={pesos(i.total)} />
      ))}
      <Divider my={4} />
      <Fila etiqueta="Total" valor={pesos(totales.total)} fuerte />
      {cobro.ok ? (
        <>
          <Fila etiqueta="Cobrado" valor={pesos(cobro.valor.cobrado)} />
          {cobro.valor.cambio > 0 && (
            <Fila etiqueta="Cambio" valor={pesos(cobro.valor.cambio)} color="teal.8" />
          )}
          <Fila
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
    </Stack>
  );
}
