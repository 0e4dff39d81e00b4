import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Button, Grid, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  type DetalleOrdenDeCompra,
  type LineaDeVentaEntrada,
  MENSAJE_ORDEN_DE_COMPRA_SIN_LINEAS,
  type OrdenDeCompraEntrada,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorDeApi } from '../../api/client.ts';
import { EditorDeLineas } from '../../ui/documento/EditorDeLineas.tsx';
import {
  aLineaDeVentaEntrada,
  cantidadesValidas,
  type LineaDelFormulario,
  lineaDesdeVenta,
  totalesDelFormulario,
} from '../../ui/documento/lineas.ts';
import { PieDelDocumento } from '../../ui/documento/PieDelDocumento.tsx';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { Totales, totalesEnPesos } from '../../ui/documento/Totales.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { seleccionQueries } from '../inventario/queries.ts';

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

type Valores = {
  proveedor: ClienteElegido | null;
  nombreOpcional: string;
  almacenActual: string | null;
  fechaEmision: string;
  /** When the goods are expected (vencimiento), 'YYYY-MM-DD'; null: no date. */
  vencimiento: string | null;
  notaPieDePagina: string;
  notaInformacionInterna: string;
  lineas: LineaDelFormulario[];
};

function valoresIniciales(guardado: DetalleOrdenDeCompra | undefined): Valores {
  if (guardado) {
    const o = guardado.ordenCompraDb;
    return {
      proveedor: o.idCliente
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
        : null,
      nombreOpcional: o.nombreOpcional,
      almacenActual: o.almacenActual || null,
      fechaEmision: o.fechaEmision.slice(0, 10),
      vencimiento: o.vencimiento ? o.vencimiento.slice(0, 10) : null,
      notaPieDePagina: o.notaPieDePagina,
      notaInformacionInterna: o.notaInformacionInterna,
      lineas: guardado.lineaOrdenDeCompra.map(lineaDesdeVenta),
    };
  }
  return {
    proveedor: null,
    nombreOpcional: '',
    almacenActual: null,
    fechaEmision: fechaYHoraEnSantoDomingo(new Date()).fecha,
    vencimiento: null,
    notaPieDePagina: '',
    notaInformacionInterna: '',
    lineas: [],
  };
}

// The create body is one object (its lines in lineasDeCompraDto); the edit body a tuple ('2.0.cantidad').
function campoDelFormulario(campo: string, editando: boolean): string {
  if (editando && campo.startsWith('0.')) {
    return campo.slice(2);
  }
  if (campo.startsWith(editando ? '2.' : 'lineasDeCompraDto')) {
    return 'lineas';
  }
  return campo === 'idCliente' ? 'proveedor' : campo;
}

/** What the form hands to its page to save. */
export type OrdenDeCompraAGuardar = {
  cabecera: OrdenDeCompraEntrada;
  lineas: LineaDeVentaEntrada[];
  lineasAEliminar: string[];
  identificadorUnico: string;
};

type Props = {
  guardado?: DetalleOrdenDeCompra;
  puedeGuardar: boolean;
  /** Saves; answers the order's id and whether it already existed (spec 001 §1 duplicate protection). */
  guardar: (datos: OrdenDeCompraAGuardar) => Promise<{ id: string; solicitudDuplicada: boolean }>;
  alGuardar: (id: string) => void;
  alCancelar: () => void;
};

/**
 * The purchase-order form (spec 001 §3 "Purchase order", §5): the supplier (a contact), warehouse,
 * dates, lines at cost (the product's cost, which the user may change), notes and totals.
 */
export function OrdenDeCompraFormulario({ guardado, puedeGuardar, guardar, alGuardar, alCancelar }: Props) {
  const editando = guardado !== undefined;
  const [identificadorUnico] = useState(
    () => guardado?.ordenCompraDb.identificadorUnico ?? nuevoIdentificador(),
  );
  const [lineasAEliminar, setLineasAEliminar] = useState<string[]>([]);
  const [guardando, setGuardando] = useState(false);
  const buscador = useRef<HTMLInputElement>(null);
  const almacenes = useQuery(seleccionQueries.almacenes());
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: !editando });
  const form = useForm<Valores>({ initialValues: valoresIniciales(guardado) });
  const valores = form.values;
  const idAlmacen = valores.almacenActual ?? principal.data?._id ?? null;
  const totales = totalesDelFormulario(valores.lineas);

  function ponerLineas(lineas: LineaDelFormulario[], eliminadas: string[] = []) {
    form.setFieldValue('lineas', lineas);
    form.clearFieldError('lineas');
    if (eliminadas.length > 0) {
      setLineasAEliminar((previas) => [...previas, ...eliminadas]);
    }
  }

  function validar(): boolean {
    const { lineas, fechaEmision, vencimiento } = form.getValues();
    if (lineas.length === 0) {
      form.setFieldError('lineas', MENSAJE_ORDEN_DE_COMPRA_SIN_LINEAS);
      return false;
    }
    if (!cantidadesValidas(lineas)) {
      form.setFieldError('lineas', 'Cada línea debe tener una cantidad mayor que 0.');
      return false;
    }
    if (vencimiento && vencimiento < fechaEmision) {
      form.setFieldError('vencimiento', 'La entrega no puede ser antes de la fecha de la orden.');
      return false;
    }
    return true;
  }

  async function enviar() {
    if (!validar()) {
      return;
    }
    const datos = form.getValues();
    const cabecera: OrdenDeCompraEntrada = {
      idCliente: datos.proveedor?._id ?? null,
      nombre: datos.proveedor?.nombre ?? '',
      nombreOpcional: datos.nombreOpcional.trim(),
      almacenActual: idAlmacen,
      fechaEmision: datos.fechaEmision,
      ...(editando && guardado ? { hora: guardado.ordenCompraDb.hora.slice(0, 8) } : {}),
      vencimiento: datos.vencimiento,
      notaPieDePagina: datos.notaPieDePagina.trim(),
      notaInformacionInterna: datos.notaInformacionInterna.trim(),
    };
    setGuardando(true);
    try {
      const { id, solicitudDuplicada } = await guardar({
        cabecera,
        lineas: datos.lineas.map(aLineaDeVentaEntrada),
        lineasAEliminar,
        identificadorUnico,
      });
      if (solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(editando ? 'Orden de compra actualizada.' : 'Orden de compra guardada.');
      }
      form.resetDirty();
      alGuardar(id);
    } catch (error) {
      if (error instanceof ErrorDeApi) {
        for (const { campo, mensaje } of error.errores) {
          form.setFieldError(campoDelFormulario(campo, editando), mensaje);
        }
      }
      // Spec 001 §8: an update failure says 'No se actualizo'; the same identificadorUnico stays, so
      // saving again never makes a second order.
      mostrarErrorDeGuardado(
        error,
        undefined,
        editando ? 'No se actualizo' : 'No se guardó la orden de compra',
      );
    } finally {
      setGuardando(false);
    }
  }

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
                {editando
                  ? `Editar orden de compra ${guardado?.ordenCompraDb.comprobante ?? ''}`
                  : 'Nueva orden de compra'}
              </Title>
              <Group gap="xs">
                <Button variant="default" onClick={alCancelar}>
                  Cancelar
                </Button>
                {puedeGuardar && (
                  <BotonEscritura type="submit" loading={guardando}>
                    Guardar orden de compra
                  </BotonEscritura>
                )}
              </Group>
            </Group>
            <Paper withBorder radius="md" p="md">
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <SelectorDeCliente
                    proveedor
                    valor={valores.proveedor}
                    alCambiar={(p) => {
                      form.setFieldValue('proveedor', p);
                      form.clearFieldError('proveedor');
                    }}
                    placeholder="Busca el proveedor por nombre o RNC"
                    error={form.errors.proveedor as string | undefined}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <TextInput
                    label="Nombre en la orden"
                    placeholder="Opcional"
                    maxLength={200}
                    {...form.getInputProps('nombreOpcional')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <Select
                    label="Almacén"
                    description="Donde se recibe la mercancía"
                    data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
                    value={idAlmacen}
                    onChange={(v) => v && form.setFieldValue('almacenActual', v)}
                    allowDeselect={false}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 4, md: 3 }}>
                  <DateInput
                    label="Fecha"
                    valueFormat="DD/MM/YYYY"
                    value={valores.fechaEmision}
                    onChange={(v) => v && form.setFieldValue('fechaEmision', String(v).slice(0, 10))}
                    error={form.errors.fechaEmision}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 4, md: 3 }}>
                  <DateInput
                    label="Entrega esperada"
                    placeholder="Sin fecha"
                    valueFormat="DD/MM/YYYY"
                    clearable
                    value={valores.vencimiento}
                    onChange={(v) => {
                      form.setFieldValue('vencimiento', v ? String(v).slice(0, 10) : null);
                      form.clearFieldError('vencimiento');
                    }}
                    error={form.errors.vencimiento}
                  />
                </Grid.Col>
              </Grid>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <EditorDeLineas
                documento="compra"
                lineas={valores.lineas}
                actualizar={(cambio, eliminadas) => ponerLineas(cambio(form.getValues().lineas), eliminadas)}
                idAlmacen={idAlmacen}
                lista={() => undefined}
                socio={false}
                // A purchasing document's discount is any 0–100 %, not the sale limit (docs/documents.md
                // «Compras»).
                limiteDescuento={100}
                precioBloqueado={false}
                error={form.errors.lineas as string | undefined}
                buscadorRef={buscador}
              />
            </Paper>
            <PieDelDocumento
              notaPie={{
                label: 'Nota al pie de la orden',
                description: 'Se imprime en la orden (condiciones de entrega, forma de pago…).',
              }}
              entradaNotaPie={form.getInputProps('notaPieDePagina')}
              entradaNotaInterna={form.getInputProps('notaInformacionInterna')}
              totales={<Totales totales={totalesEnPesos(totales)} testId="totales-orden-de-compra" />}
            />
          </Stack>
        </fieldset>
      </form>
    </DatesProvider>
  );
}
