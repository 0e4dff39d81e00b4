import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  Button,
  Checkbox,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  type CrearFacturaRecurrente,
  type DetalleFacturaRecurrente,
  FRECUENCIAS_TIPO,
  type FrecuenciaTipo,
  type LineaDeVentaEntrada,
  MENSAJE_FACTURA_RECURRENTE_SIN_LINEAS,
  MENSAJE_VIGENCIA_ANTES_DEL_INICIO,
  NOMBRES_DE_FRECUENCIA,
} from '@pos/contract';
import { hoyEnSantoDomingo, mensajeDescuentoInvalido } from '@pos/domain';
import { useQuery } from '@tanstack/react-query';
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
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { numeracionQueries } from '../facturas/queries.ts';
import { seleccionQueries } from '../inventario/queries.ts';

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

type Valores = {
  cliente: ClienteElegido | null;
  nombreOpcional: string;
  idListaDePrecio: string | null;
  almacenActual: string | null;
  /** The invoices' numbering (NCF type); null: the default sales numbering. */
  idNumeracion: string | null;
  plazoPagos: number;
  fechaDeInicio: string;
  fechaVigencia: string | null;
  frecuencia: number;
  frecuenciaTipo: FrecuenciaTipo;
  enviarPorCorreo: boolean;
  notaPieDePagina: string;
  notaInformacionInterna: string;
  lineas: LineaDelFormulario[];
};

function valoresIniciales(guardada: DetalleFacturaRecurrente | undefined): Valores {
  if (guardada) {
    return {
      cliente: guardada.idCliente
        ? {
            _id: guardada.idCliente,
            nombre: guardada.nombre,
            rnc: guardada.rnc,
            socio: guardada.socio,
            descuentoParaSocios: 0,
            diasDeCredito: 0,
            limiteCredito: 0,
            correo: guardada.correo,
            idListaDePrecio: null,
          }
        : null,
      nombreOpcional: guardada.nombreOpcional,
      idListaDePrecio: guardada.idListaDePrecio,
      almacenActual: guardada.almacenActual || null,
      idNumeracion: guardada.idNumeracion,
      plazoPagos: guardada.plazoPagos,
      fechaDeInicio: guardada.fechaDeInicio,
      fechaVigencia: guardada.fechaVigencia,
      frecuencia: guardada.frecuencia,
      frecuenciaTipo: guardada.frecuenciaTipo,
      enviarPorCorreo: guardada.enviarPorCorreo,
      notaPieDePagina: guardada.notaPieDePagina,
      notaInformacionInterna: guardada.notaInformacionInterna,
      lineas: guardada.lineasFacturaRecurrente.map(lineaDesdeVenta),
    };
  }
  // Spec 001 §9: plazoPagos 30, frecuencia 1, frecuenciaTipo month; the first invoice today.
  return {
    cliente: null,
    nombreOpcional: '',
    idListaDePrecio: null,
    almacenActual: null,
    idNumeracion: null,
    plazoPagos: 30,
    fechaDeInicio: hoyEnSantoDomingo(),
    fechaVigencia: null,
    frecuencia: 1,
    frecuenciaTipo: 'month',
    enviarPorCorreo: false,
    notaPieDePagina: '',
    notaInformacionInterna: '',
    lineas: [],
  };
}

// The server names the lines' fields 'lineasFacturaRecurrente.0.cantidad'; the form shows them on the lines.
function campoDelFormulario(campo: string): string {
  return campo.startsWith('lineasFacturaRecurrente') ? 'lineas' : campo;
}

/** What the form hands to its page to save. */
export type FacturaRecurrenteAGuardar = {
  /** The create body (an edit sends it with lineasDelete; its identificadorUnico is ignored there). */
  cuerpo: z.input<typeof CrearFacturaRecurrente>;
  lineasAEliminar: string[];
};

type Props = {
  guardada?: DetalleFacturaRecurrente;
  puedeGuardar: boolean;
  guardar: (datos: FacturaRecurrenteAGuardar) => Promise<{ id: string; solicitudDuplicada: boolean }>;
  alGuardar: (id: string) => void;
  alCancelar: () => void;
};

/** The recurring invoice form (spec 001 §3 "Recurring invoice", §9): customer, recurrence, lines, notes. */
export function FacturaRecurrenteFormulario({
  guardada,
  puedeGuardar,
  guardar,
  alGuardar,
  alCancelar,
}: Props) {
  const editando = guardada !== undefined;
  const { perfil } = usePerfil();
  const [identificadorUnico] = useState(() => guardada?.identificadorUnico ?? nuevoIdentificador());
  const [guardando, setGuardando] = useState(false);
  const buscador = useRef<HTMLInputElement>(null);
  const almacenes = useQuery(seleccionQueries.almacenes());
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: !editando });
  const numeraciones = useQuery(numeracionQueries.ventas());
  const form = useForm<Valores>({ initialValues: valoresIniciales(guardada) });
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

  // Spec 001 §1: choosing a customer applies its partner discounts and price list (useLineasDeVenta).
  function cambiarCliente(cliente: ClienteElegido | null) {
    form.setFieldValue('cliente', cliente);
    form.clearFieldError('idCliente');
    if (!cliente?.correo) {
      form.setFieldValue('enviarPorCorreo', false);
    }
    aplicarCliente(cliente);
  }

  function validar(): boolean {
    const { lineas, cliente, fechaDeInicio, fechaVigencia } = form.getValues();
    if (!cliente) {
      // Invoices billed on credit need their customer (spec 001 §5).
      form.setFieldError('idCliente', 'Elige el cliente al que se le factura.');
      return false;
    }
    if (lineas.length === 0) {
      form.setFieldError('lineas', MENSAJE_FACTURA_RECURRENTE_SIN_LINEAS);
      return false;
    }
    if (!cantidadesValidas(lineas)) {
      form.setFieldError('lineas', 'Cada línea debe tener una cantidad mayor que 0.');
      return false;
    }
    if (lineas.some((l) => lineaFueraDeLimite(l, limiteDescuento, cliente.socio))) {
      form.setFieldError('lineas', mensajeDescuentoInvalido(limiteDescuento));
      return false;
    }
    if (fechaVigencia && fechaVigencia < fechaDeInicio) {
      form.setFieldError('fechaVigencia', MENSAJE_VIGENCIA_ANTES_DEL_INICIO);
      return false;
    }
    return true;
  }

  async function enviar() {
    if (!validar()) {
      return;
    }
    const datos = form.getValues();
    const cuerpo: FacturaRecurrenteAGuardar['cuerpo'] = {
      idCliente: datos.cliente?._id ?? null,
      nombre: datos.cliente?.nombre ?? '',
      nombreOpcional: datos.nombreOpcional.trim(),
      idListaDePrecio: idLista,
      almacenActual: idAlmacen,
      idNumeracion: datos.idNumeracion,
      plazoPagos: datos.plazoPagos,
      fechaDeInicio: datos.fechaDeInicio,
      fechaVigencia: datos.fechaVigencia,
      frecuencia: datos.frecuencia,
      frecuenciaTipo: datos.frecuenciaTipo,
      enviarPorCorreo: datos.enviarPorCorreo,
      notaPieDePagina: datos.notaPieDePagina.trim(),
      notaInformacionInterna: datos.notaInformacionInterna.trim(),
      lineasFacturaRecurrente: datos.lineas.map(aLineaDeVentaEntrada) as LineaDeVentaEntrada[],
      identificadorUnico,
    };
    setGuardando(true);
    try {
      const { id, solicitudDuplicada } = await guardar({ cuerpo, lineasAEliminar });
      if (solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(editando ? 'Factura recurrente actualizada.' : 'Factura recurrente guardada.');
      }
      form.resetDirty();
      alGuardar(id);
    } catch (error) {
      if (error instanceof ErrorDeApi) {
        for (const { campo, mensaje } of error.errores) {
          form.setFieldError(campoDelFormulario(campo), mensaje);
        }
      }
      // The same identificadorUnico stays: saving again never makes a second one.
      mostrarErrorDeGuardado(error, undefined, 'No se guardó la factura recurrente');
    } finally {
      setGuardando(false);
    }
  }

  const fecha = (v: unknown) => (v ? String(v).slice(0, 10) : null);

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
                  ? `Editar factura recurrente ${guardada?.comprobante ?? ''}`
                  : 'Nueva factura recurrente'}
              </Title>
              <Group gap="xs">
                <Button variant="default" onClick={alCancelar}>
                  Cancelar
                </Button>
                {puedeGuardar && (
                  <BotonEscritura type="submit" loading={guardando}>
                    Guardar factura recurrente
                  </BotonEscritura>
                )}
              </Group>
            </Group>
            <Paper withBorder radius="md" p="md">
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <SelectorDeCliente
                    valor={valores.cliente}
                    alCambiar={cambiarCliente}
                    placeholder="Busca el cliente por nombre o RNC"
                    error={form.errors.idCliente as string | undefined}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <TextInput
                    label="Nombre en las facturas"
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
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <Select
                    label="Comprobante de las facturas"
                    placeholder="El predeterminado de ventas"
                    clearable
                    data={(numeraciones.data ?? []).map((n) => ({ value: n._id, label: n.nombre }))}
                    {...form.getInputProps('idNumeracion')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
                  <NumberInput
                    label="Plazo de pago (días)"
                    min={0}
                    max={3650}
                    allowDecimal={false}
                    {...form.getInputProps('plazoPagos')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3, md: 3 }}>
                  <Select
                    label="Almacén"
                    data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
                    value={idAlmacen}
                    onChange={(v) => v && form.setFieldValue('almacenActual', v)}
                    allowDeselect={false}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 3 }}>
                  <Checkbox
                    label="Enviar cada factura por correo"
                    description={valores.cliente?.correo || 'El cliente no tiene correo'}
                    disabled={!valores.cliente?.correo}
                    {...form.getInputProps('enviarPorCorreo', { type: 'checkbox' })}
                  />
                </Grid.Col>
              </Grid>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <NumberInput
                    label="Cada"
                    min={1}
                    max={365}
                    allowDecimal={false}
                    {...form.getInputProps('frecuencia')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <Select
                    label="Periodo"
                    data={FRECUENCIAS_TIPO.map((t) => ({
                      value: t,
                      label: NOMBRES_DE_FRECUENCIA[t][valores.frecuencia === 1 ? 0 : 1],
                    }))}
                    allowDeselect={false}
                    {...form.getInputProps('frecuenciaTipo')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <DateInput
                    label="Primera factura"
                    valueFormat="DD/MM/YYYY"
                    value={valores.fechaDeInicio}
                    onChange={(v) => v && form.setFieldValue('fechaDeInicio', String(v).slice(0, 10))}
                    error={form.errors.fechaDeInicio}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <DateInput
                    label="Vigente hasta"
                    placeholder="Hasta que se anule"
                    valueFormat="DD/MM/YYYY"
                    clearable
                    value={valores.fechaVigencia}
                    onChange={(v) => {
                      form.setFieldValue('fechaVigencia', fecha(v));
                      form.clearFieldError('fechaVigencia');
                    }}
                    error={form.errors.fechaVigencia}
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
              notaPie={{ label: 'Nota al pie de cada factura' }}
              entradaNotaPie={form.getInputProps('notaPieDePagina')}
              entradaNotaInterna={form.getInputProps('notaInformacionInterna')}
              totales={<Totales totales={totalesEnPesos(totales)} testId="totales-factura-recurrente" />}
            />
          </Stack>
        </fieldset>
      </form>
    </DatesProvider>
  );
}
