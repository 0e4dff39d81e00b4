import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type CompraEntrada,
  type DetalleOrdenDeCompra,
  type LineaDeVentaEntrada,
  type LineaOrdenDeCompra,
  MENSAJE_COMPRA_SIN_LINEAS,
  MENSAJE_PROVEEDOR_OBLIGATORIO,
  METODOS_DE_PAGO_COMPRA,
  numeracion,
  type Retencion,
  retenciones as retencionesApi,
  type TipoBienesServicios,
} from '@pos/contract';
import {
  agregarMediodia,
  aPesos,
  type Centavos,
  calcularTotales,
  fechaYHoraEnSantoDomingo,
  MENSAJE_SIN_ITBIS,
} from '@pos/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { api, ErrorDeApi } from '../../api/client.ts';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { EditorDeLineas } from '../../ui/documento/EditorDeLineas.tsx';
import {
  aLineaDeVentaEntrada,
  cantidadesValidas,
  type LineaDelFormulario,
  lineaDesdeVenta,
} from '../../ui/documento/lineas.ts';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { FilaDeTotal, Totales, totalesEnPesos } from '../../ui/documento/Totales.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { SelectorDeCentroDeCosto } from '../centrosDeCosto/SelectorDeCentroDeCosto.tsx';
import { NOMBRES_DE_METODO } from '../facturas/etiquetas.ts';
import { seleccionQueries } from '../inventario/queries.ts';
import { avisoDeIdentificacion, OPCIONES_DE_BIENES_Y_SERVICIOS, revisarNcfDelProveedor } from './fiscal.ts';
import { OrdenesDeLaCompra, type OrdenVinculada } from './OrdenesDeLaCompra.tsx';

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

type MetodoDePagoCompra = (typeof METODOS_DE_PAGO_COMPRA)[number];

// fiscal-do.md §1.2: the buyer-issued purchase receipts (B11/E41 informal supplier; B17/E47 payments
// abroad) are numbered by the company itself; any other purchase carries the supplier's NCF.
const PERFILES_PROPIOS = ['B11', 'E41', 'B17', 'E47'];

/** Where the purchase's NCF comes from: the supplier's receipt, or our own B11 (informal supplier). */
export type OrigenDelNcf = 'proveedor' | 'propio';

type Valores = {
  proveedor: ClienteElegido | null;
  nombreOpcional: string;
  origenDelNcf: OrigenDelNcf;
  /** The supplier's NCF as typed (origenDelNcf 'proveedor'). */
  ncf: string;
  /** The 'compras' numbering: internal (supplier's NCF) or our fiscal one (B11); null: the default. */
  idNumeracion: string | null;
  almacenActual: string | null;
  fechaEmision: string;
  plazoPagos: number | null;
  tiposBienesServicios: string;
  itbisAlCosto: boolean;
  itbisSujetoProporcionalidad: boolean;
  retenciones: string[];
  metodoDePago: MetodoDePagoCompra;
  /** What is paid at the purchase itself; null: it follows the amount to pay (cash) or 0 (credit). */
  pagado: number | null;
  notaPieDePagina: string;
  notaInformacionInterna: string;
  /** Its cost centre goes on every line of the purchase's journal entry. */
  idCentroDeCosto: string | null;
  centroDeCosto: string;
  lineas: LineaDelFormulario[];
};

/** What the form hands to its page to save. */
export type CompraAGuardar = {
  /** The header: the supplier's NCF is '' when the numbering is ours (the server takes the comprobante). */
  cabecera: z.input<typeof CompraEntrada>;
  lineas: LineaDeVentaEntrada[];
  lineasAEliminar: string[];
  retenciones: Array<{ idRetencionSeleccionada: string }>;
  /** The purchase orders the purchase takes (all of them, after the change). */
  ordenes: string[];
  /** The total the form computed (totalFacturado; the server computes its own). */
  totalFacturado: number;
  identificadorUnico: string;
};

/** A saved purchase as the form edits it (the page reads it from the contract's detail). */
export type CompraGuardada = {
  valores: Omit<Valores, 'lineas'>;
  lineas: LineaDelFormulario[];
  comprobante: string;
  /** The saved time, kept on an edit (HH:mm:ss). */
  hora: string;
  identificadorUnico: string;
  ordenes: OrdenVinculada[];
};

/** A new purchase made from a purchase order (/compra/nueva_compra?orden=<id>, spec 001 §4). */
export type OrigenDeCompra = { proveedor: ClienteElegido | null; orden: DetalleOrdenDeCompra };

let contador = 0;

/** An order's lines as new purchase lines (each keeps the order's cost, quantity and discount). */
function lineasDeLaOrden(lineas: readonly LineaOrdenDeCompra[]): LineaDelFormulario[] {
  return lineas.map((l) => {
    contador += 1;
    const { _id: _idDeLaOrden, ...linea } = lineaDesdeVenta(l);
    return { ...linea, clave: `orden-${contador}` };
  });
}

/** The supplier of an order's header, as the picker keeps it. */
export function proveedorDeLaOrden(orden: DetalleOrdenDeCompra): ClienteElegido | null {
  const o = orden.ordenCompraDb;
  return o.idCliente
    ? {
        _id: o.idCliente,
        nombre: o.nombre,
        rnc: o.rnc,
        socio: false,
        descuentoParaSocios: 0,
        diasDeCredito: 0,
        limiteCredito: 0,
        correo: o.correo,
        idListaDePrecio: null,
      }
    : null;
}

function valoresIniciales(guardada: CompraGuardada | undefined, desde: OrigenDeCompra | undefined): Valores {
  if (guardada) {
    return { ...guardada.valores, lineas: guardada.lineas };
  }
  // Spec 001 §1, §9: a new purchase starts today, Efectivo, plazo 0, the default numbering.
  return {
    proveedor: desde?.proveedor ?? null,
    nombreOpcional: '',
    origenDelNcf: 'proveedor',
    ncf: '',
    idNumeracion: null,
    almacenActual: desde?.orden.ordenCompraDb.almacenActual || null,
    fechaEmision: fechaYHoraEnSantoDomingo(new Date()).fecha,
    plazoPagos: 0,
    tiposBienesServicios: '09',
    itbisAlCosto: false,
    itbisSujetoProporcionalidad: false,
    retenciones: [],
    metodoDePago: 'Efectivo',
    pagado: null,
    notaPieDePagina: '',
    notaInformacionInterna: '',
    idCentroDeCosto: null,
    centroDeCosto: '',
    lineas: desde ? lineasDeLaOrden(desde.orden.lineaOrdenDeCompra) : [],
  };
}

function sumarDias(fechaIso: string, dias: number): string {
  const base = new Date(`${fechaIso}T12:00:00Z`);
  base.setUTCDate(base.getUTCDate() + dias);
  return base.toISOString().slice(0, 10);
}

type Props = {
  guardada?: CompraGuardada;
  desde?: OrigenDeCompra;
  puedeGuardar: boolean;
  /** Saves; answers the purchase's id and whether it already existed (spec 001 §1 duplicate protection). */
  guardar: (datos: CompraAGuardar) => Promise<{ id: string; solicitudDuplicada: boolean }>;
  alGuardar: (id: string) => void;
  alCancelar: () => void;
  /** Maps a server field ('0.ncf') to the form's ('ncf'). */
  campoDelFormulario?: (campo: string) => string;
};

/**
 * The purchase form (spec 001 §1, §3 "Purchase", §4, §5; fiscal-do.md §1, §3.1): supplier, numbering
 * and NCF, the 606's data, linked purchase orders, lines at cost, withholdings, payment and totals.
 */
export function CompraFormulario({
  guardada,
  desde,
  puedeGuardar,
  guardar,
  alGuardar,
  alCancelar,
  campoDelFormulario = (c) => c,
}: Props) {
  const editando = guardada !== undefined;
  const [identificadorUnico] = useState(() => guardada?.identificadorUnico ?? nuevoIdentificador());
  const [lineasAEliminar, setLineasAEliminar] = useState<string[]>([]);
  const [guardando, setGuardando] = useState(false);
  const [ordenes, setOrdenes] = useState<OrdenVinculada[]>(() =>
    guardada
      ? guardada.ordenes
      : desde
        ? [{ _id: desde.orden.ordenCompraDb._id, comprobante: desde.orden.ordenCompraDb.comprobante }]
        : [],
  );
  const [inicio] = useState(() => {
    const iniciales = valoresIniciales(guardada, desde);
    const idOrden = desde?.orden.ordenCompraDb._id;
    return {
      valores: iniciales,
      deOrden: idOrden ? Object.fromEntries(iniciales.lineas.map((l) => [l.clave, idOrden])) : {},
    };
  });
  // The lines each order brought in this form, by key (removing the order removes them).
  const [lineasDeOrden, setLineasDeOrden] = useState<Record<string, string>>(inicio.deOrden);
  const buscador = useRef<HTMLInputElement>(null);
  const numeraciones = useQuery({
    queryKey: ['numeraciones', 'compras'],
    queryFn: async ({ signal }) =>
      (await api(numeracion.listar, { signal })).filter((n) => n.tipoDeDocumento === 'compras'),
    staleTime: 60_000,
  });
  const listaDeRetenciones = useQuery({
    queryKey: ['retenciones', 'todas'],
    queryFn: ({ signal }) => api(retencionesApi.listarConBarra, { signal }),
    staleTime: 60_000,
  });
  const almacenes = useQuery(seleccionQueries.almacenes());
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: !editando });
  const form = useForm<Valores>({ initialValues: inicio.valores });
  const valores = form.values;
  const idAlmacen = valores.almacenActual ?? principal.data?._id ?? null;

  const retencionesActivas: Retencion[] = (listaDeRetenciones.data?.res ?? []).filter(
    (r) => r.estado === 'Activo' || valores.retenciones.includes(r._id),
  );
  const elegidas = valores.retenciones.flatMap((id) => retencionesActivas.filter((r) => r._id === id));
  // Spec 001 §1, §5: the domain's totals with the withholdings; amount to pay = total − withholdings.
  const totales = calcularTotales(
    valores.lineas.map((l) => ({
      cantidad: l.cantidad ?? 0,
      precio: l.precio,
      descuento: l.descuento,
      impuestos: l.impuestos,
    })),
    elegidas.map((r) => ({ tipoRetencion: r.tipoRetencion, porcentaje: r.porcentaje })),
  );
  const plazo = valores.plazoPagos ?? 0;
  const montoAPagar = aPesos(totales.montoAPagar);
  // Cash: paid in full until the user types another amount; credit: nothing paid at once.
  const pagado = valores.pagado ?? (plazo > 0 ? 0 : montoAPagar);
  const pendiente = Math.max(0, Math.round((montoAPagar - pagado) * 100) / 100);
  const avisoRnc = avisoDeIdentificacion(valores.proveedor?.rnc ?? '');

  const numeracionesDeCompras = numeraciones.data ?? [];
  const propias = numeracionesDeCompras.filter(
    (n) => n.fiscal && PERFILES_PROPIOS.includes(n.perfilesDeTipos),
  );
  const internas = numeracionesDeCompras.filter((n) => !n.fiscal);
  const opcionesDeNumeracion = (valores.origenDelNcf === 'propio' ? propias : internas).map((n) => ({
    value: n._id,
    label: `${n.nombre} · próximo ${n.proximoComprobante}`,
  }));

  function ponerLineas(lineas: LineaDelFormulario[], eliminadas: string[] = []) {
    form.setFieldValue('lineas', lineas);
    form.clearFieldError('lineas');
    if (eliminadas.length > 0) {
      setLineasAEliminar((previas) => [...previas, ...eliminadas]);
    }
  }

  function cambiarProveedor(proveedor: ClienteElegido | null) {
    // The linked orders are the previous supplier's: another supplier's purchase does not take them.
    if (ordenes.length > 0 && proveedor?._id !== form.getValues().proveedor?._id) {
      for (const o of ordenes) {
        quitarOrden(o);
      }
      notifications.show({
        color: 'blue',
        message: 'Se quitaron las órdenes de compra del proveedor anterior y sus artículos.',
        autoClose: 5200,
      });
    }
    form.setFieldValue('proveedor', proveedor);
    form.clearFieldError('idProveedor');
    if (proveedor && proveedor.diasDeCredito > 0) {
      form.setFieldValue('plazoPagos', proveedor.diasDeCredito);
    }
  }

  // Spec 001 §4: an order brings all its lines; removing the order removes them.
  function agregarOrden(detalle: DetalleOrdenDeCompra) {
    const o = detalle.ordenCompraDb;
    const nuevas = lineasDeLaOrden(detalle.lineaOrdenDeCompra);
    setOrdenes((previas) => [...previas, { _id: o._id, comprobante: o.comprobante }]);
    setLineasDeOrden((previas) => ({
      ...previas,
      ...Object.fromEntries(nuevas.map((l) => [l.clave, o._id])),
    }));
    ponerLineas([...form.getValues().lineas, ...nuevas]);
    if (!form.getValues().almacenActual && o.almacenActual) {
      form.setFieldValue('almacenActual', o.almacenActual);
    }
  }

  function quitarOrden(orden: OrdenVinculada) {
    setOrdenes((previas) => previas.filter((o) => o._id !== orden._id));
    const lineas = form.getValues().lineas;
    const suyas = lineas.filter((l) => lineasDeOrden[l.clave] === orden._id);
    ponerLineas(
      lineas.filter((l) => lineasDeOrden[l.clave] !== orden._id),
      suyas.flatMap((l) => (l._id ? [l._id] : [])),
    );
  }

  function cambiarRetenciones(ids: string[]) {
    // Spec 001 §5: an ITBIS withholding needs ITBIS on the purchase.
    const nueva = ids.find((id) => !form.getValues().retenciones.includes(id));
    const retencion = retencionesActivas.find((r) => r._id === nueva);
    if (retencion && retencion.tipoRetencion !== 'isr' && totales.itbis === 0) {
      notifications.show({ color: 'orange', message: MENSAJE_SIN_ITBIS, autoClose: 3000 });
      return;
    }
    form.setFieldValue('retenciones', ids);
  }

  function validar(): string | null {
    const datos = form.getValues();
    let valido = true;
    if (!datos.proveedor) {
      form.setFieldError('idProveedor', MENSAJE_PROVEEDOR_OBLIGATORIO);
      valido = false;
    }
    if (datos.lineas.length === 0) {
      form.setFieldError('lineas', MENSAJE_COMPRA_SIN_LINEAS);
      valido = false;
    } else if (!cantidadesValidas(datos.lineas)) {
      form.setFieldError('lineas', 'Cada línea debe tener una cantidad mayor que 0.');
      valido = false;
    }
    let ncf = '';
    if (datos.origenDelNcf === 'proveedor') {
      const revisado = revisarNcfDelProveedor(datos.ncf);
      if ('error' in revisado) {
        form.setFieldError('ncf', revisado.error);
        valido = false;
      } else {
        ncf = revisado.ncf;
      }
    } else if (!datos.idNumeracion) {
      form.setFieldError('idNumeracion', 'Elige la numeración B11 de la empresa para el proveedor informal.');
      valido = false;
    }
    if (
      elegidas.some((r) => r.tipoRetencion !== 'isr') &&
      totales.itbis === 0 &&
      datos.retenciones.length > 0
    ) {
      form.setFieldError('retenciones', MENSAJE_SIN_ITBIS);
      valido = false;
    }
    if (pagado < 0 || pagado > montoAPagar) {
      form.setFieldError('pagado', `Lo pagado ahora debe estar entre RD$0.00 y ${dinero(montoAPagar)}.`);
      valido = false;
    }
    return valido ? ncf : null;
  }

  async function enviar() {
    const ncf = validar();
    if (ncf === null) {
      return;
    }
    const datos = form.getValues();
    const cabecera: z.input<typeof CompraEntrada> = {
      idProveedor: datos.proveedor?._id ?? '',
      nombreOpcional: datos.nombreOpcional.trim(),
      idNumeracion: datos.idNumeracion,
      ncf,
      almacenActual: idAlmacen,
      fechaEmision: datos.fechaEmision,
      ...(guardada ? { hora: guardada.hora.slice(0, 5) } : {}),
      plazoPagos: plazo,
      tiposBienesServicios: datos.tiposBienesServicios as TipoBienesServicios,
      itbisAlCosto: datos.itbisAlCosto,
      itbisSujetoProporcionalidad: datos.itbisSujetoProporcionalidad,
      metodoDePago: datos.metodoDePago,
      efectivoRecibido: pagado,
      notaPieDePagina: datos.notaPieDePagina.trim(),
      notaInformacionInterna: datos.notaInformacionInterna.trim(),
      idCentroDeCosto: datos.idCentroDeCosto,
      centroDeCosto: datos.idCentroDeCosto ? datos.centroDeCosto : '',
    };
    setGuardando(true);
    try {
      const { id, solicitudDuplicada } = await guardar({
        cabecera,
        lineas: datos.lineas.map(aLineaDeVentaEntrada),
        lineasAEliminar,
        retenciones: datos.retenciones.map((idRetencionSeleccionada) => ({ idRetencionSeleccionada })),
        ordenes: ordenes.map((o) => o._id),
        totalFacturado: aPesos(totales.total),
        identificadorUnico,
      });
      if (solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(editando ? 'Compra actualizada.' : 'Compra guardada.');
      }
      form.resetDirty();
      alGuardar(id);
    } catch (error) {
      if (error instanceof ErrorDeApi) {
        for (const { campo, mensaje } of error.errores) {
          form.setFieldError(campoDelFormulario(campo), mensaje);
        }
      }
      // Spec 001 §8: a failed update says 'Por algun motivo no se actualizo la fatura'; the same
      // identificadorUnico stays, so saving again never makes a second purchase.
      mostrarErrorDeGuardado(
        error,
        undefined,
        editando ? 'Por algun motivo no se actualizo la fatura' : 'No se guardó la compra',
      );
    } finally {
      setGuardando(false);
    }
  }

  const vence = plazo > 0 ? fecha(agregarMediodia(sumarDias(valores.fechaEmision, plazo))) : null;

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void enviar();
        }}
      >
        <fieldset disabled={guardando || !puedeGuardar} style={ESTILO_FIELDSET}>
          <Stack gap="md" maw={1400} mx="auto">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Title order={2}>
                {editando ? `Editar compra ${guardada?.comprobante ?? ''}` : 'Nueva compra'}
              </Title>
              <Group gap="xs">
                <Button variant="default" onClick={alCancelar}>
                  Cancelar
                </Button>
                {puedeGuardar && (
                  <BotonEscritura type="submit" loading={guardando}>
                    Guardar compra
                  </BotonEscritura>
                )}
              </Group>
            </Group>
            <Paper withBorder radius="md" p="md">
              {/* Inputs line up at the bottom: some fields carry a description under their label. */}
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <SelectorDeCliente
                    proveedor
                    valor={valores.proveedor}
                    alCambiar={cambiarProveedor}
                    placeholder="Busca el proveedor por nombre o RNC"
                    error={form.errors.idProveedor as string | undefined}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <TextInput
                    label="Nombre en la compra"
                    placeholder="Opcional"
                    maxLength={200}
                    {...form.getInputProps('nombreOpcional')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <Select
                    label="Almacén"
                    data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
                    value={idAlmacen}
                    onChange={(v) => v && form.setFieldValue('almacenActual', v)}
                    allowDeselect={false}
                    description="Donde entra la mercancía."
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
                    description={vence ? `Vence el ${vence}` : 'Contado'}
                    valor={valores.plazoPagos}
                    alCambiar={(dias) => {
                      form.setFieldValue('plazoPagos', dias);
                      // What is paid at once follows the new term until the user types it.
                      form.setFieldValue('pagado', null);
                    }}
                    error={form.errors.plazoPagos}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  {avisoRnc && (
                    <Alert color="yellow" variant="light" py={6} icon={<IconAlertTriangle size={16} />}>
                      RNC {valores.proveedor?.rnc}: {avisoRnc}
                    </Alert>
                  )}
                </Grid.Col>
              </Grid>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between" gap="sm">
                  <Title order={4}>Comprobante fiscal (606)</Title>
                  <SegmentedControl
                    size="xs"
                    aria-label="Origen del NCF"
                    value={valores.origenDelNcf}
                    disabled={editando}
                    onChange={(v) => {
                      form.setFieldValue('origenDelNcf', v as OrigenDelNcf);
                      form.setFieldValue('idNumeracion', null);
                      form.clearFieldError('ncf');
                      form.clearFieldError('idNumeracion');
                    }}
                    data={[
                      { value: 'proveedor', label: 'Con NCF del proveedor' },
                      { value: 'propio', label: 'Proveedor informal (B11)' },
                    ]}
                  />
                </Group>
                <Grid gap="sm" align="flex-end">
                  {valores.origenDelNcf === 'proveedor' ? (
                    <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                      <TextInput
                        label="NCF del proveedor"
                        placeholder="B0100000001"
                        maxLength={19}
                        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                        {...form.getInputProps('ncf')}
                        onBlur={() => {
                          const texto = form.getValues().ncf;
                          if (texto.trim() !== '') {
                            const revisado = revisarNcfDelProveedor(texto);
                            if ('error' in revisado) {
                              form.setFieldError('ncf', revisado.error);
                            } else {
                              form.setFieldValue('ncf', revisado.ncf);
                            }
                          }
                        }}
                      />
                    </Grid.Col>
                  ) : null}
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <Select
                      label={
                        valores.origenDelNcf === 'propio'
                          ? 'Numeración B11 de la empresa'
                          : 'Numeración interna'
                      }
                      placeholder={
                        valores.origenDelNcf === 'propio' ? 'Elige la numeración' : 'La predeterminada'
                      }
                      data={opcionesDeNumeracion}
                      clearable={valores.origenDelNcf === 'proveedor'}
                      disabled={editando}
                      {...form.getInputProps('idNumeracion')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <SelectorDeCentroDeCosto
                      value={valores.idCentroDeCosto}
                      onChange={(id, nombre) =>
                        form.setValues({ idCentroDeCosto: id, centroDeCosto: nombre })
                      }
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <Select
                      label="Tipo de bienes y servicios"
                      data={OPCIONES_DE_BIENES_Y_SERVICIOS}
                      allowDeselect={false}
                      {...form.getInputProps('tiposBienesServicios')}
                    />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Group gap="xl">
                      <Checkbox
                        label="ITBIS llevado al costo"
                        description="El ITBIS pagado no se adelanta: forma parte del costo o del gasto."
                        {...form.getInputProps('itbisAlCosto', { type: 'checkbox' })}
                      />
                      <Checkbox
                        label="ITBIS sujeto a proporcionalidad (Art. 349)"
                        {...form.getInputProps('itbisSujetoProporcionalidad', { type: 'checkbox' })}
                      />
                    </Group>
                  </Grid.Col>
                </Grid>
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <OrdenesDeLaCompra
                  idProveedor={valores.proveedor?._id ?? null}
                  vinculadas={ordenes}
                  alAgregar={agregarOrden}
                  alQuitar={quitarOrden}
                />
                <EditorDeLineas
                  documento="compra"
                  lineas={valores.lineas}
                  actualizar={(cambio, eliminadas) =>
                    ponerLineas(cambio(form.getValues().lineas), eliminadas)
                  }
                  idAlmacen={idAlmacen}
                  lista={() => undefined}
                  socio={false}
                  // A purchase's discount is any 0–100 %, not the user's sale limit (docs/documents.md
                  // «Compras»).
                  limiteDescuento={100}
                  precioBloqueado={false}
                  error={form.errors.lineas as string | undefined}
                  buscadorRef={buscador}
                  detalleDeLinea={(l) => {
                    const idOrden = lineasDeOrden[l.clave];
                    const orden = ordenes.find((o) => o._id === idOrden);
                    return orden ? `orden ${orden.comprobante}` : undefined;
                  }}
                />
              </Stack>
            </Paper>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder radius="md" p="md" h="100%">
                  <Stack gap="sm">
                    <Textarea
                      label="Nota al pie"
                      description="Se imprime en la compra."
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
                      <Stack gap="xs">
                        <MultiSelect
                          label="Retenciones"
                          placeholder={valores.retenciones.length === 0 ? 'Sin retenciones' : undefined}
                          data={retencionesActivas.map((r) => ({
                            value: r._id,
                            label: `${r.nombre} (${r.porcentaje} %)`,
                          }))}
                          value={valores.retenciones}
                          onChange={cambiarRetenciones}
                          error={form.errors.retenciones}
                          clearable
                        />
                        <Select
                          label="Método de pago"
                          data={METODOS_DE_PAGO_COMPRA.map((m) => ({
                            value: m,
                            label: NOMBRES_DE_METODO[m],
                          }))}
                          value={valores.metodoDePago}
                          onChange={(v) => {
                            if (v) {
                              // Spec 001 §4: after choosing the payment method, the amount paid resets.
                              form.setFieldValue('metodoDePago', v as MetodoDePagoCompra);
                              form.setFieldValue('pagado', null);
                            }
                          }}
                          allowDeselect={false}
                        />
                        <CampoNumerico
                          label="Pagado ahora"
                          description={
                            plazo > 0 ? 'A crédito: lo que se paga al recibir.' : 'Contado: el monto a pagar.'
                          }
                          min={0}
                          decimalScale={2}
                          thousandSeparator=","
                          valor={pagado}
                          alCambiar={(v) => {
                            form.setFieldValue('pagado', v ?? 0);
                            form.clearFieldError('pagado');
                          }}
                          error={form.errors.pagado}
                        />
                      </Stack>
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <Totales totales={totalesEnPesos(totales)} testId="totales-compra">
                        {elegidas.map((r, i) => (
                          <FilaDeTotal
                            key={r._id}
                            etiqueta={r.nombre}
                            valor={`-${dinero(aPesos(totales.retenciones[i] ?? (0 as Centavos)))}`}
                          />
                        ))}
                        {totales.totalRetenciones > 0 && (
                          <FilaDeTotal etiqueta="Monto a pagar" valor={dinero(montoAPagar)} fuerte />
                        )}
                        <FilaDeTotal etiqueta="Pagado ahora" valor={dinero(pagado)} />
                        <FilaDeTotal
                          etiqueta={pendiente > 0 ? 'Pendiente (a crédito)' : 'Pendiente'}
                          valor={dinero(pendiente)}
                          {...(pendiente > 0 ? { color: 'orange.8' } : {})}
                        />
                      </Totales>
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
