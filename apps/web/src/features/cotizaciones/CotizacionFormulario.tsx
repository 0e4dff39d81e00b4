import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Button, Grid, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  type CotizacionEntrada,
  type DetalleCotizacion,
  type LineaDeVentaEntrada,
  MENSAJE_COTIZACION_SIN_LINEAS,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo, mensajeDescuentoInvalido } from '@pos/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
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
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { seleccionQueries } from '../inventario/queries.ts';

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

type Valores = {
  cliente: ClienteElegido | null;
  nombreOpcional: string;
  /** null: the default list. */
  idListaDePrecio: string | null;
  almacenActual: string | null;
  fechaEmision: string;
  /** Until when the quotation holds (vencimiento), 'YYYY-MM-DD'; null: no date. */
  vencimiento: string | null;
  notaPieDePagina: string;
  notaInformacionInterna: string;
  lineas: LineaDelFormulario[];
};

function valoresIniciales(guardado: DetalleCotizacion | undefined): Valores {
  if (guardado) {
    const c = guardado.cotizacionDb;
    return {
      cliente: c.idCliente
        ? {
            _id: c.idCliente,
            nombre: c.nombre,
            rnc: c.rnc,
            socio: c.socio,
            descuentoParaSocios: 0,
            diasDeCredito: 0,
            limiteCredito: 0,
            correo: c.correo,
            idListaDePrecio: null,
          }
        : null,
      nombreOpcional: c.nombreOpcional,
      idListaDePrecio: c.idListaDePrecio,
      almacenActual: c.almacenActual || null,
      fechaEmision: c.fechaEmision.slice(0, 10),
      vencimiento: c.vencimiento ? c.vencimiento.slice(0, 10) : null,
      notaPieDePagina: c.notaPieDePagina,
      notaInformacionInterna: c.notaInformacionInterna,
      lineas: guardado.lineasCotizacion.map(lineaDesdeVenta),
    };
  }
  // Spec 001 §1: a new document starts today, with the default price list and no customer chosen.
  return {
    cliente: null,
    nombreOpcional: '',
    idListaDePrecio: null,
    almacenActual: null,
    fechaEmision: fechaYHoraEnSantoDomingo(new Date()).fecha,
    vencimiento: null,
    notaPieDePagina: '',
    notaInformacionInterna: '',
    lineas: [],
  };
}

// The server names fields of the tuple body by position ('0.vencimiento', '1.0.cantidad'); the form by name.
function campoDelFormulario(campo: string, editando: boolean): string {
  const posicionLineas = editando ? '2.' : '1.';
  if (campo.startsWith('0.')) {
    return campo.slice(2);
  }
  return campo.startsWith(posicionLineas) ? 'lineas' : campo;
}

/** What the form hands to its page to save. */
export type CotizacionAGuardar = {
  cabecera: CotizacionEntrada;
  lineas: LineaDeVentaEntrada[];
  lineasAEliminar: string[];
  identificadorUnico: string;
};

type Props = {
  guardado?: DetalleCotizacion;
  puedeGuardar: boolean;
  /** Saves; answers the quotation's id and whether it already existed (spec 001 §1 duplicate protection). */
  guardar: (datos: CotizacionAGuardar) => Promise<{ id: string; solicitudDuplicada: boolean }>;
  alGuardar: (id: string) => void;
  alCancelar: () => void;
};

/** The quotation form (spec 001 §1, §3 "Quotation", §5): customer, price list, dates, lines, notes, totals. */
export function CotizacionFormulario({ guardado, puedeGuardar, guardar, alGuardar, alCancelar }: Props) {
  const editando = guardado !== undefined;
  const { perfil } = usePerfil();
  const [identificadorUnico] = useState(
    () => guardado?.cotizacionDb.identificadorUnico ?? nuevoIdentificador(),
  );
  const [guardando, setGuardando] = useState(false);
  const buscador = useRef<HTMLInputElement>(null);
  const almacenes = useQuery(seleccionQueries.almacenes());
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: !editando });
  const form = useForm<Valores>({ initialValues: valoresIniciales(guardado) });
  const valores = form.values;
  const idAlmacen = valores.almacenActual ?? principal.data?._id ?? null;
  const limiteDescuento = perfil?.limiteDescuento ?? 100;

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
  // list of its own brings it.
  function cambiarCliente(cliente: ClienteElegido | null) {
    form.setFieldValue('cliente', cliente);
    aplicarCliente(cliente);
  }

  function validar(): boolean {
    const { lineas, cliente } = form.getValues();
    if (lineas.length === 0) {
      form.setFieldError('lineas', MENSAJE_COTIZACION_SIN_LINEAS);
      return false;
    }
    if (!cantidadesValidas(lineas)) {
      form.setFieldError('lineas', 'Cada línea debe tener una cantidad mayor que 0.');
      return false;
    }
    if (lineas.some((l) => lineaFueraDeLimite(l, limiteDescuento, cliente?.socio ?? false))) {
      form.setFieldError('lineas', mensajeDescuentoInvalido(limiteDescuento));
      return false;
    }
    const { fechaEmision, vencimiento } = form.getValues();
    if (vencimiento && vencimiento < fechaEmision) {
      form.setFieldError('vencimiento', 'La cotización no puede vencer antes de su fecha.');
      return false;
    }
    return true;
  }

  async function enviar() {
    if (!validar()) {
      return;
    }
    const datos = form.getValues();
    const cabecera: CotizacionEntrada = {
      idCliente: datos.cliente?._id ?? null,
      nombre: datos.cliente?.nombre ?? '',
      nombreOpcional: datos.nombreOpcional.trim(),
      idListaDePrecio: idLista,
      almacenActual: idAlmacen,
      fechaEmision: datos.fechaEmision,
      ...(editando && guardado ? { hora: guardado.cotizacionDb.hora.slice(0, 8) } : {}),
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
        avisarGuardado(editando ? 'Cotización actualizada.' : 'Cotización guardada.');
      }
      form.resetDirty();
      alGuardar(id);
    } catch (error) {
      if (error instanceof ErrorDeApi) {
        for (const { campo, mensaje } of error.errores) {
          form.setFieldError(campoDelFormulario(campo, editando), mensaje);
        }
      }
      // The same identificadorUnico stays: saving again never makes a second quotation.
      mostrarErrorDeGuardado(error, undefined, 'No se guardó la cotización');
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
        <fieldset disabled={guardando || actualizando || !puedeGuardar} style={ESTILO_FIELDSET}>
          <Stack gap="md" maw={1400} mx="auto">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Title order={2}>
                {editando
                  ? `Editar cotización ${guardado?.cotizacionDb.comprobante ?? ''}`
                  : 'Nueva cotización'}
              </Title>
              <Group gap="xs">
                <Button variant="default" onClick={alCancelar}>
                  Cancelar
                </Button>
                {puedeGuardar && (
                  <BotonEscritura type="submit" loading={guardando}>
                    Guardar cotización
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
                    placeholder="Cliente de paso (busca por nombre o RNC)"
                    error={form.errors.idCliente as string | undefined}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <TextInput
                    label="Nombre en la cotización"
                    placeholder="Opcional"
                    maxLength={200}
                    {...form.getInputProps('nombreOpcional')}
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
                    label="Válida hasta"
                    placeholder="Sin vencimiento"
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
                <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
                  <Select
                    label="Almacén"
                    data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
                    value={idAlmacen}
                    onChange={(v) => v && form.setFieldValue('almacenActual', v)}
                    allowDeselect={false}
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
              />
            </Paper>
            <PieDelDocumento
              notaPie={{
                label: 'Nota al pie de la cotización',
                description: 'Se imprime en la cotización (condiciones, tiempo de entrega…).',
              }}
              entradaNotaPie={form.getInputProps('notaPieDePagina')}
              entradaNotaInterna={form.getInputProps('notaInformacionInterna')}
              totales={<Totales totales={totalesEnPesos(totales)} testId="totales-cotizacion" />}
            />
          </Stack>
        </fieldset>
      </form>
    </DatesProvider>
  );
}
