import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Alert, Badge, Button, Grid, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  type CabeceraDeVentaEntrada,
  type DetalleConduce,
  type DetalleFactura,
  type LineaDeVentaEntrada,
  MENSAJE_CONDUCE_SIN_FACTURA,
  MENSAJE_CONDUCE_SIN_LINEAS,
  type TipoDeConduce,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo, mensajeDescuentoInvalido, precioConImpuesto } from '@pos/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { ErrorDeApi } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { EditorDeLineas } from '../../ui/documento/EditorDeLineas.tsx';
import {
  aLineaDeVentaEntrada,
  cantidadesValidas,
  type LineaDelFormulario,
  lineaDesdeVenta,
  lineaFueraDeLimite,
  totalesDelFormulario,
} from '../../ui/documento/lineas.ts';
import { useLineasDeVenta } from '../../ui/documento/lineasDeVenta.ts';
import { SelectorDeLista } from '../../ui/documento/listaDePrecios.tsx';
import { PieDelDocumento } from '../../ui/documento/PieDelDocumento.tsx';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { Totales, totalesEnPesos } from '../../ui/documento/Totales.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { cantidad } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { facturaQueries } from '../facturas/queries.ts';
import { seleccionQueries } from '../inventario/queries.ts';
import { SelectorDeFactura } from './SelectorDeFactura.tsx';
import { NOMBRE_DEL_TIPO } from './tipos.ts';

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

type Valores = {
  cliente: ClienteElegido | null;
  /** The name of a walk-in customer (a post-invoice conduce takes its invoice's). */
  nombre: string;
  /** null: the default list. */
  idListaDePrecio: string | null;
  almacenActual: string | null;
  /** The invoice a post-invoice conduce delivers. */
  idFactura: string | null;
  fechaEmision: string;
  notaPieDePagina: string;
  notaInformacionInterna: string;
  lineas: LineaDelFormulario[];
};

function clienteDe(d: {
  idCliente: string | null;
  nombre: string;
  rnc: string;
  socio: boolean;
  correo: string;
  idListaDePrecio: string | null;
}): ClienteElegido | null {
  return d.idCliente
    ? {
        _id: d.idCliente,
        nombre: d.nombre,
        rnc: d.rnc,
        socio: d.socio,
        descuentoParaSocios: 0,
        diasDeCredito: 0,
        limiteCredito: 0,
        correo: d.correo,
        idListaDePrecio: null,
      }
    : null;
}

function valoresIniciales(guardado: DetalleConduce | undefined): Valores {
  if (guardado) {
    const c = guardado.conduceDb;
    return {
      cliente: clienteDe(c),
      nombre: c.nombre,
      idListaDePrecio: c.idListaDePrecio,
      almacenActual: c.almacenActual || null,
      idFactura: c.idFactura,
      fechaEmision: c.fechaEmision.slice(0, 10),
      notaPieDePagina: c.notaPieDePagina,
      notaInformacionInterna: c.notaInformacionInterna,
      lineas: guardado.lineasConduce.map(lineaDesdeVenta),
    };
  }
  // Spec 001 §1: a new document starts today, with the default price list and no customer chosen.
  return {
    cliente: null,
    nombre: '',
    idListaDePrecio: null,
    almacenActual: null,
    idFactura: null,
    fechaEmision: fechaYHoraEnSantoDomingo(new Date()).fecha,
    notaPieDePagina: '',
    notaInformacionInterna: '',
    lineas: [],
  };
}

/** An invoice's line as a line the conduce proposes to deliver, at the invoice's price and discount. */
function lineaDesdeFactura(linea: DetalleFactura['linea_facturasRef'][number]): LineaDelFormulario {
  const impuestos = linea.impuestos.map((i) => ({
    name: i.name ?? '',
    tipoDeImpuesto: i.tipoDeImpuesto ?? '',
    tasa: i.tasa,
  }));
  return {
    clave: `factura-${linea._id}`,
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra,
    descripcion: linea.descripcion,
    nota: linea.nota,
    cantidad: linea.cantidad,
    precio: linea.precio,
    precioDeVenta: precioConImpuesto(linea.precio, impuestos),
    descuento: linea.descuento,
    descuentoParaSocios: linea.descuentoParaSocios,
    impuestos,
    paquete: linea.paquete,
    itemPersonalizado: linea.itemPersonalizado,
    // The invoice's price already carries its variants.
    variantes: [],
    precioPredeterminado: null,
    listaDePrecioAsignada: null,
  };
}

/** What an invoice sold, per product (a line's quantity in its own unit: packages stay packages). */
function vendidoPorProducto(detalle: DetalleFactura | undefined): Map<string, number> {
  const vendido = new Map<string, number>();
  for (const l of detalle?.linea_facturasRef ?? []) {
    vendido.set(l.idProducto, (vendido.get(l.idProducto) ?? 0) + l.cantidad);
  }
  return vendido;
}

// The server names fields of the tuple body by position ('0.idFactura', '1.0.cantidad'); the form by name.
function campoDelFormulario(campo: string, editando: boolean): string {
  const posicionLineas = editando ? '2.' : '1.';
  if (campo.startsWith('0.')) {
    return campo.slice(2);
  }
  return campo.startsWith(posicionLineas) ? 'lineas' : campo;
}

/** What the form hands to its page to save. */
export type ConduceAGuardar = {
  cabecera: z.input<typeof CabeceraDeVentaEntrada>;
  idFactura: string | null;
  lineas: LineaDeVentaEntrada[];
  lineasAEliminar: string[];
  identificadorUnico: string;
};

type Props = {
  /** The kind of a new conduce; an edited one keeps its own. */
  tipo: TipoDeConduce;
  guardado?: DetalleConduce;
  puedeGuardar: boolean;
  /** Saves; answers the conduce's id and whether it already existed (spec 001 §1 duplicate protection). */
  guardar: (datos: ConduceAGuardar) => Promise<{ id: string; solicitudDuplicada: boolean }>;
  alGuardar: (id: string) => void;
  alCancelar: () => void;
};

/**
 * The delivery note form (spec 001 §2, §3 "Delivery note"): a pre-invoice conduce has a customer, a
 * warehouse and priced lines, and takes the goods out of stock when saved; a post-invoice one delivers
 * lines of an active invoice, whose quantities the user may lower.
 */
export function ConduceFormulario({ tipo, guardado, puedeGuardar, guardar, alGuardar, alCancelar }: Props) {
  const editando = guardado !== undefined;
  const postFactura = tipo === 'postFactura';
  const { perfil } = usePerfil();
  const queryClient = useQueryClient();
  const [identificadorUnico] = useState(() => guardado?.conduceDb.identificadorUnico ?? nuevoIdentificador());
  const [guardando, setGuardando] = useState(false);
  const [leyendoFactura, setLeyendoFactura] = useState(false);
  const buscador = useRef<HTMLInputElement>(null);
  const almacenes = useQuery(seleccionQueries.almacenes());
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: !editando });
  const form = useForm<Valores>({ initialValues: valoresIniciales(guardado) });
  const valores = form.values;
  const idAlmacen = valores.almacenActual ?? principal.data?._id ?? null;
  const nombreAlmacen = almacenes.data?.find((a) => a._id === idAlmacen)?.nombre ?? 'elegido';
  const limiteDescuento = perfil?.limiteDescuento ?? 100;
  const factura = useQuery({
    ...facturaQueries.una(valores.idFactura ?? ''),
    enabled: postFactura && valores.idFactura !== null,
  });
  const vendido = vendidoPorProducto(factura.data);

  const {
    listas,
    listaElegida,
    cambiarLista,
    actualizando,
    lineasAEliminar,
    ponerLineas,
    aplicarCliente,
    idLista,
  } = useLineasDeVenta(form, idAlmacen);
  const totales = totalesDelFormulario(valores.lineas);

  // Spec 001 §1: choosing a customer applies or resets the partner discounts; a customer with a price
  // list of its own brings it. For a post-invoice conduce the customer narrows the invoices offered.
  function cambiarCliente(cliente: ClienteElegido | null) {
    form.setFieldValue('cliente', cliente);
    if (postFactura) {
      const deOtro = factura.data && cliente && factura.data.FacturaDb.idCliente !== cliente._id;
      if (deOtro) {
        form.setFieldValue('idFactura', null);
        ponerLineas([]);
      }
      return;
    }
    aplicarCliente(cliente);
  }

  // Spec 001 §2: the chosen invoice's lines are proposed whole; the user lowers what is not delivered now.
  async function elegirFactura(idFactura: string) {
    form.setFieldValue('idFactura', idFactura);
    form.clearFieldError('idFactura');
    setLeyendoFactura(true);
    try {
      const detalle = await queryClient.fetchQuery(facturaQueries.una(idFactura));
      const f = detalle.FacturaDb;
      form.setFieldValue('cliente', clienteDe(f));
      form.setFieldValue('nombre', f.nombre);
      form.setFieldValue('idListaDePrecio', f.idListaDePrecio);
      form.setFieldValue('almacenActual', f.almacenActual || null);
      ponerLineas(detalle.linea_facturasRef.map(lineaDesdeFactura));
    } catch (error) {
      form.setFieldError('idFactura', error instanceof Error ? error.message : 'No se pudo leer la factura.');
    } finally {
      setLeyendoFactura(false);
    }
  }

  function validar(): boolean {
    const { lineas, cliente, idFactura } = form.getValues();
    if (postFactura && !idFactura) {
      form.setFieldError('idFactura', MENSAJE_CONDUCE_SIN_FACTURA);
      return false;
    }
    if (lineas.length === 0) {
      form.setFieldError('lineas', MENSAJE_CONDUCE_SIN_LINEAS);
      return false;
    }
    if (!cantidadesValidas(lineas)) {
      form.setFieldError(
        'lineas',
        postFactura
          ? 'Cada línea debe tener una cantidad mayor que 0: quita las que no se entregan ahora.'
          : 'Cada línea debe tener una cantidad mayor que 0.',
      );
      return false;
    }
    if (!postFactura && lineas.some((l) => lineaFueraDeLimite(l, limiteDescuento, cliente?.socio ?? false))) {
      form.setFieldError('lineas', mensajeDescuentoInvalido(limiteDescuento));
      return false;
    }
    return true;
  }

  async function enviar() {
    if (!validar()) {
      return;
    }
    const datos = form.getValues();
    const cabecera: z.input<typeof CabeceraDeVentaEntrada> = {
      idCliente: datos.cliente?._id ?? null,
      nombre: datos.cliente?.nombre ?? datos.nombre,
      idListaDePrecio: postFactura ? datos.idListaDePrecio : idLista,
      almacenActual: idAlmacen,
      fechaEmision: datos.fechaEmision,
      ...(editando && guardado ? { hora: guardado.conduceDb.hora.slice(0, 8) } : {}),
      notaPieDePagina: datos.notaPieDePagina.trim(),
      notaInformacionInterna: datos.notaInformacionInterna.trim(),
    };
    setGuardando(true);
    try {
      const { id, solicitudDuplicada } = await guardar({
        cabecera,
        idFactura: datos.idFactura,
        lineas: datos.lineas.map(aLineaDeVentaEntrada),
        lineasAEliminar,
        identificadorUnico,
      });
      if (solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(editando ? 'Conduce actualizado.' : 'Conduce guardado.');
      }
      form.resetDirty();
      alGuardar(id);
    } catch (error) {
      // The same identificadorUnico stays: saving again never makes a second conduce.
      if (error instanceof ErrorDeApi) {
        for (const { campo, mensaje } of error.errores) {
          form.setFieldError(campoDelFormulario(campo, editando), mensaje);
        }
        // Spec 001 §2: delivering more than the invoice sold is refused; its message stays by the lines
        // it is about (a toast would repeat it over the save button).
        if (error.errores.length === 0 && error.statusCode === 409) {
          form.setFieldError('lineas', error.message);
          return;
        }
      }
      mostrarErrorDeGuardado(error, undefined, editando ? 'No se actualizó' : 'No se guardó el conduce');
    } finally {
      setGuardando(false);
    }
  }

  const titulo = editando
    ? `Editar conduce ${guardado?.conduceDb.comprobante ?? ''}`
    : `Nuevo conduce ${NOMBRE_DEL_TIPO[tipo]}`;

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void enviar();
        }}
      >
        <fieldset
          disabled={guardando || actualizando || leyendoFactura || !puedeGuardar}
          style={ESTILO_FIELDSET}
        >
          <Stack gap="md" maw={1400} mx="auto">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm">
                <Title order={2}>{titulo}</Title>
                {editando && (
                  <Badge variant="outline" color={postFactura ? 'gray' : 'indigo'}>
                    {NOMBRE_DEL_TIPO[tipo]}
                  </Badge>
                )}
              </Group>
              <Group gap="xs">
                <Button variant="default" onClick={alCancelar}>
                  Cancelar
                </Button>
                {puedeGuardar && (
                  <BotonEscritura type="submit" loading={guardando}>
                    Guardar conduce
                  </BotonEscritura>
                )}
              </Group>
            </Group>
            <Alert variant="light" color={postFactura ? 'gray' : 'blue'} icon={<IconInfoCircle size={18} />}>
              {postFactura
                ? 'Entrega lo que vendió la factura, sin mover existencia (la factura ya la descontó). Baja las cantidades o quita líneas para una entrega parcial; no se entrega más de lo facturado.'
                : `Al guardar, la mercancía sale de la existencia del almacén ${nombreAlmacen}. Anular o eliminar el conduce la devuelve.`}
            </Alert>
            <Paper withBorder radius="md" p="md">
              {/* Inputs line up at the bottom: some fields carry a description under their label. */}
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <SelectorDeCliente
                    valor={valores.cliente}
                    alCambiar={cambiarCliente}
                    placeholder={
                      postFactura
                        ? 'Todos (busca por nombre o RNC)'
                        : 'Consumidor final (busca por nombre o RNC)'
                    }
                    error={form.errors.idCliente as string | undefined}
                  />
                </Grid.Col>
                {postFactura ? (
                  <Grid.Col span={{ base: 12, sm: 8, md: 5 }}>
                    {editando ? (
                      <TextInput
                        label="Factura"
                        readOnly
                        value={factura.data?.FacturaDb.comprobante ?? '…'}
                        description="Un conduce no cambia de factura."
                      />
                    ) : (
                      <SelectorDeFactura
                        idFactura={valores.idFactura}
                        idCliente={valores.cliente?._id ?? null}
                        alElegir={(id) => void elegirFactura(id)}
                        error={form.errors.idFactura as string | undefined}
                      />
                    )}
                  </Grid.Col>
                ) : (
                  <>
                    <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
                      <SelectorDeLista
                        listas={listas}
                        idLista={idLista}
                        actualizando={actualizando}
                        alCambiar={cambiarLista}
                        error={form.errors.idListaDePrecio as string | undefined}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
                      <Select
                        label="Almacén"
                        data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
                        value={idAlmacen}
                        onChange={(v) => v && form.setFieldValue('almacenActual', v)}
                        allowDeselect={false}
                        error={form.errors.almacenActual}
                      />
                    </Grid.Col>
                  </>
                )}
                <Grid.Col span={{ base: 12, sm: 4, md: postFactura ? 3 : 2 }}>
                  <DateInput
                    label="Fecha"
                    valueFormat="DD/MM/YYYY"
                    value={valores.fechaEmision}
                    onChange={(v) => v && form.setFieldValue('fechaEmision', String(v).slice(0, 10))}
                    error={form.errors.fechaEmision}
                  />
                </Grid.Col>
              </Grid>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <EditorDeLineas
                lineas={valores.lineas}
                actualizar={(cambio, eliminadas) => ponerLineas(cambio(form.getValues().lineas), eliminadas)}
                idAlmacen={idAlmacen}
                lista={listaElegida}
                socio={valores.cliente?.socio ?? false}
                limiteDescuento={limiteDescuento}
                precioBloqueado={perfil?.bloquearPrecio ?? false}
                error={form.errors.lineas as string | undefined}
                buscadorRef={buscador}
                soloCantidades={postFactura}
                {...(postFactura
                  ? {
                      detalleDeLinea: (l: LineaDelFormulario) => {
                        const facturado = vendido.get(l.idProducto);
                        return facturado === undefined ? undefined : `facturado: ${cantidad(facturado)}`;
                      },
                      vacio: 'Elige la factura que se entrega: sus artículos aparecen aquí.',
                    }
                  : {})}
              />
            </Paper>
            <PieDelDocumento
              notaPie={{
                label: 'Nota al pie del conduce',
                description: 'Se imprime en el conduce (quién recibe, dirección de entrega…).',
              }}
              entradaNotaPie={form.getInputProps('notaPieDePagina')}
              entradaNotaInterna={form.getInputProps('notaInformacionInterna')}
              totales={<Totales totales={totalesEnPesos(totales)} testId="totales-conduce" />}
            />
          </Stack>
        </fieldset>
      </form>
    </DatesProvider>
  );
}
