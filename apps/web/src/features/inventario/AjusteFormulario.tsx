import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  Alert,
  Button,
  Grid,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  Stack,
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
  type Ajuste,
  type DocumentoOpcion,
  EncabezadoAjuste,
  type ExportarReporte,
  exportarReporte,
  LineaAjuste,
  type LineaDeAjusteGuardada,
  MENSAJE_AJUSTE_NO_ELIMINADO,
  MENSAJE_PRODUCTO_NO_INVENTARIABLE,
  MENSAJE_SIN_LINEAS,
  type ProductoParaDocumento,
  REPORTE_AJUSTES_INVENTARIO,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo, unidadesDeInventario } from '@pos/domain';
import {
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconPrinter,
  IconTrash,
  IconZoomCancel,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { ErrorDeApi } from '../../api/client.ts';
import { type ActualizarLineas, EditorDeLineas } from '../../ui/documento/EditorDeLineas.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { leerFecha } from '../numeracion/etiquetas.ts';
import { exportar } from './archivos.ts';
import { columnasDeAjuste } from './columnasDeAjuste.tsx';
import {
  agregarLinea,
  aLineaAjuste,
  cambiarTipoDeLinea,
  type LineaDelFormulario,
  lineaDesdeGuardada,
  lineaDesdeProducto,
  totalesDeAjuste,
} from './lineasDeAjuste.ts';
import { seleccionQueries, useEliminarAjuste, useProductoACero } from './queries.ts';
import { TotalesDeAjuste } from './TotalesDeAjuste.tsx';

type Valores = {
  nombre: string;
  fechaDeAjuste: string;
  hora: string | null;
  nota: string;
  idAlmacen: string | null;
  text: string;
  lineas: LineaDelFormulario[];
};

// The form checks what the server checks (contract EncabezadoAjuste and LineaAjuste), plus at least one line.
const EsquemaDelFormulario = EncabezadoAjuste.extend({
  lineas: z.array(LineaAjuste).min(1, MENSAJE_SIN_LINEAS),
});

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

function valoresIniciales(guardado?: { ajuste: Ajuste; lineasDelAjuste: LineaDeAjusteGuardada[] }): Valores {
  if (guardado) {
    const { ajuste, lineasDelAjuste } = guardado;
    return {
      nombre: ajuste.nombre,
      fechaDeAjuste: ajuste.fechaDeAjuste,
      hora: ajuste.hora,
      nota: ajuste.nota,
      idAlmacen: ajuste.idAlmacen,
      text: ajuste.text,
      lineas: lineasDelAjuste.map(lineaDesdeGuardada),
    };
  }
  return {
    nombre: '',
    fechaDeAjuste: fechaYHoraEnSantoDomingo(new Date()).fecha,
    hora: null,
    nota: '',
    idAlmacen: null,
    text: '',
    lineas: [],
  };
}

// The server names fields of the tuple body by position ('0.nombre', '1.3.cantidad'); the form by name.
function enCamposDelFormulario(error: unknown): unknown {
  if (!(error instanceof ErrorDeApi)) {
    return error;
  }
  const errores = error.errores.map(({ campo, mensaje }) => ({
    mensaje,
    campo: campo.startsWith('0.')
      ? campo.slice(2)
      : campo.startsWith('1.')
        ? `lineas.${campo.slice(2)}`
        : campo,
  }));
  return new ErrorDeApi(error.statusCode, error.message, errores);
}

type Props = {
  /** The saved adjustment when editing; absent for a new one. */
  guardado?: { ajuste: Ajuste; lineasDelAjuste: LineaDeAjusteGuardada[] };
  /** The user may save (crear for a new one, modificar to edit). */
  puedeGuardar: boolean;
  alGuardar: () => void;
  alCancelar: () => void;
  alEliminar: () => void;
  guardar: (datos: {
    encabezado: EncabezadoAjuste;
    lineas: LineaAjuste[];
    lineasAEliminar: string[];
    identificadorUnico: string;
  }) => Promise<{ solicitudDuplicada: boolean }>;
};

/** The adjustment form (spec 002 §3 "Inventory adjustment", §4, §7): header, lines, scanner, totals. */
export function AjusteFormulario({
  guardado,
  puedeGuardar,
  alGuardar,
  alCancelar,
  alEliminar,
  guardar,
}: Props) {
  const id = guardado?.ajuste._id ?? null;
  const [identificadorUnico] = useState(nuevoIdentificador);
  const [lineasAEliminar, setLineasAEliminar] = useState<string[]>([]);
  const [tipoNuevas, setTipoNuevas] = useState<'entrada' | 'salida'>('entrada');
  const [guardando, setGuardando] = useState(false);
  const [exportando, setExportando] = useState<DocumentoOpcion | null>(null);
  const buscador = useRef<HTMLInputElement>(null);
  const almacenes = useQuery(seleccionQueries.almacenes());
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: id === null });
  const eliminar = useEliminarAjuste();
  const aCero = useProductoACero();
  const form = useForm<Valores>({
    initialValues: valoresIniciales(guardado),
    validate: (valores) =>
      resolverZod<unknown>(EsquemaDelFormulario)({
        ...valores,
        lineas: valores.lineas.map(aLineaAjuste),
      }),
  });
  const valores = form.values;

  // A new adjustment starts in the main warehouse.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once the main warehouse arrives.
  useEffect(() => {
    if (id === null && principal.data && form.getValues().idAlmacen === null) {
      form.setFieldValue('idAlmacen', principal.data._id);
      form.setFieldValue('text', principal.data.nombre);
      form.resetDirty();
    }
  }, [principal.data]);

  const nombresDeAlmacen = new Map((almacenes.data ?? []).map((a) => [a._id, a.nombre]));
  const opcionesDeAlmacen = (almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }));
  // A saved adjustment's warehouse may since have been deactivated: still show it.
  if (valores.idAlmacen && !nombresDeAlmacen.has(valores.idAlmacen)) {
    opcionesDeAlmacen.push({ value: valores.idAlmacen, label: valores.text || 'Almacén' });
  }

  function ponerLineas(lineas: LineaDelFormulario[], eliminadas: string[] = []) {
    form.setFieldValue('lineas', lineas);
    form.clearFieldError('lineas');
    if (eliminadas.length > 0) {
      setLineasAEliminar((previas) => [...previas, ...eliminadas]);
    }
  }

  // The kit's editor changes the lines from the latest ones (two quick scans must not lose one).
  const actualizar: ActualizarLineas<LineaDelFormulario> = (cambio, eliminadas) =>
    ponerLineas(cambio(form.getValues().lineas), eliminadas);

  function aplicarAlmacen(idAlmacen: string) {
    const guardadas = form
      .getValues()
      .lineas.map((l) => l._id)
      .filter((x): x is string => x !== undefined);
    form.setFieldValue('idAlmacen', idAlmacen);
    form.setFieldValue('text', nombresDeAlmacen.get(idAlmacen) ?? '');
    form.clearFieldError('idAlmacen');
    ponerLineas([], guardadas);
    // Ready for the scanner in the new warehouse.
    setTimeout(() => buscador.current?.focus(), 0);
  }

  // Spec 002 §4: changing the warehouse of an adjustment that has lines asks, then clears every line
  // (saved lines are deleted when the adjustment is saved).
  function cambiarAlmacen(idAlmacen: string | null) {
    if (!idAlmacen || idAlmacen === valores.idAlmacen) {
      return;
    }
    const lineas = form.getValues().lineas;
    if (lineas.length === 0) {
      aplicarAlmacen(idAlmacen);
      return;
    }
    modals.openConfirmModal({
      title: 'Cambiar de almacén',
      centered: true,
      children: (
        <Text size="sm">
          El ajuste tiene {lineas.length} {lineas.length === 1 ? 'línea' : 'líneas'} de «
          {nombresDeAlmacen.get(valores.idAlmacen ?? '') ?? valores.text}». Al cambiar a «
          {nombresDeAlmacen.get(idAlmacen)}» se quitarán todas las líneas.
        </Text>
      ),
      labels: { confirm: 'Cambiar y quitar las líneas', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => aplicarAlmacen(idAlmacen),
    });
  }

  function alEncontrar(producto: ProductoParaDocumento) {
    // Spec 002 §4: only inventoriable products can be adjusted (the server refuses the others too).
    if (!producto.productoInventariable) {
      notifications.show({
        color: 'orange',
        title: 'El producto no fue agregado.',
        message: `${MENSAJE_PRODUCTO_NO_INVENTARIABLE}: «${producto.nombre}» no lo es.`,
        autoClose: 5200,
      });
      return;
    }
    const tipo = tipoNuevas === 'entrada';
    const pedida = unidadesDeInventario(
      { cantidad: producto.cantidad, paquete: producto.paquete },
      producto.cantidadPorPaquete,
    );
    const nueva = { ...lineaDesdeProducto(producto, tipo), cantidad: pedida };
    actualizar((actuales) => agregarLinea(actuales, nueva, pedida));
  }

  function cambiarLinea(clave: string, cambios: Partial<LineaDelFormulario>) {
    actualizar((actuales) => actuales.map((l) => (l.clave === clave ? { ...l, ...cambios } : l)));
  }

  function cambiarTipo(clave: string, tipo: boolean) {
    const { lineas, eliminadas } = cambiarTipoDeLinea(form.getValues().lineas, clave, tipo);
    ponerLineas(lineas, eliminadas);
  }

  // Spec 002 §4, §7: setting products to zero is a separate action, written as its own adjustment;
  // the lines here then show their new availability (0) for the count that follows.
  function llevarACero() {
    const lineas = form.getValues().lineas;
    const { idAlmacen, text, nombre } = form.getValues();
    if (!idAlmacen || lineas.length === 0) {
      return;
    }
    const productos = [...new Set(lineas.map((l) => l.idProducto))];
    modals.openConfirmModal({
      title: 'Llevar productos a cero',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Se guardará ahora un ajuste aparte que deja en 0 la existencia de {productos.length}{' '}
            {productos.length === 1 ? 'producto' : 'productos'} en «{nombresDeAlmacen.get(idAlmacen) ?? text}
            ».
          </Text>
          <Text size="sm" c="dimmed">
            Después registra en este ajuste las cantidades contadas como entradas.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Llevar a cero', cancel: 'Cancelar' },
      confirmProps: { color: 'orange' },
      onConfirm: async () => {
        try {
          const resultado = await aCero.mutateAsync({
            ajuste: {
              idAlmacen,
              text: nombresDeAlmacen.get(idAlmacen) ?? text,
              nombre: 'Producto a cero',
              nota: nombre ? `Antes del ajuste «${nombre}»` : '',
              identificadorUnico: nuevoIdentificador(),
            },
            lineas: productos.map((idProducto) => ({ idProducto })),
          });
          if (resultado.solicitudDuplicada) {
            avisarDuplicado();
          }
          const enCero = new Set(resultado.lineas.map((l) => l.idProducto));
          ponerLineas(
            form.getValues().lineas.map((l) => (enCero.has(l.idProducto) ? { ...l, disponibilidad: 0 } : l)),
          );
          avisarGuardado(
            resultado.ajuste
              ? `Ajuste «${resultado.ajuste.nombre}» guardado: ${enCero.size} ${enCero.size === 1 ? 'producto quedó' : 'productos quedaron'} en cero.`
              : 'Los productos ya estaban en cero; no hizo falta otro ajuste.',
          );
        } catch (error) {
          mostrarErrorDeGuardado(error, undefined, 'No se llevaron a cero');
        }
      },
    });
  }

  function confirmarEliminar() {
    if (!id) {
      return;
    }
    modals.openConfirmModal({
      title: `Eliminar el ajuste «${guardado?.ajuste.nombre ?? ''}»`,
      centered: true,
      children: (
        <Text size="sm">
          Sus movimientos se revierten: la existencia de sus productos vuelve a como estaba antes del ajuste.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const { message } = await eliminar.mutateAsync(id);
          avisarGuardado(message);
          alEliminar();
        } catch (error) {
          // Spec 002 §8: adjustment delete failure.
          mostrarErrorDeGuardado(error, undefined, MENSAJE_AJUSTE_NO_ELIMINADO);
        }
      },
    });
  }

  async function imprimir(opcion: DocumentoOpcion) {
    if (!id) {
      return;
    }
    setExportando(opcion);
    try {
      await exportar(
        exportarReporte(REPORTE_AJUSTES_INVENTARIO),
        // The adjustments report's own body field (contract reportes/inventario.ts): one adjustment.
        { idAjuste: id, documentoOpcion: opcion } as ExportarReporte,
        opcion,
      );
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se pudo generar el documento');
    } finally {
      setExportando(null);
    }
  }

  async function enviar(datos: Valores) {
    if (!datos.idAlmacen) {
      return;
    }
    setGuardando(true);
    try {
      const respuesta = await guardar({
        encabezado: {
          ...(id ? { _id: id } : {}),
          nombre: datos.nombre.trim(),
          fechaDeAjuste: datos.fechaDeAjuste,
          // An edit keeps the saved time; a new adjustment takes the server's current time.
          ...(id && datos.hora ? { hora: datos.hora } : {}),
          nota: datos.nota.trim(),
          idAlmacen: datos.idAlmacen,
          text: nombresDeAlmacen.get(datos.idAlmacen) ?? datos.text,
        },
        lineas: datos.lineas.map(aLineaAjuste),
        lineasAEliminar,
        identificadorUnico,
      });
      if (respuesta.solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(id ? 'Ajuste de inventario actualizado.' : 'Ajuste de inventario guardado.');
      }
      form.resetDirty();
      alGuardar();
    } catch (error) {
      // Spec 002 §8: create failures 'Error de Datos Requeridos'; update failures 'No se actualizo'.
      mostrarErrorDeGuardado(
        enCamposDelFormulario(error),
        form,
        id ? 'No se actualizó' : 'Error de Datos Requeridos',
      );
    } finally {
      setGuardando(false);
    }
  }

  const soloVer = !puedeGuardar;

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <form onSubmit={form.onSubmit((v) => void enviar(v))} noValidate>
        <Stack gap="md" maw={1400} mx="auto">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2}>
              {id ? `Ajuste «${guardado?.ajuste.nombre ?? ''}»` : 'Nuevo ajuste de inventario'}
            </Title>
            <Group gap="xs">
              {id && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      variant="default"
                      leftSection={<IconPrinter size={16} />}
                      loading={exportando !== null}
                    >
                      Imprimir
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => void imprimir('print')}>
                      Imprimir
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconFileTypePdf size={16} />}
                      onClick={() => void imprimir('pdf')}
                    >
                      Descargar PDF
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconFileSpreadsheet size={16} />}
                      onClick={() => void imprimir('excel')}
                    >
                      Descargar Excel
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
              {id && puedeGuardar && (
                <BotonEscritura
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={confirmarEliminar}
                >
                  Eliminar
                </BotonEscritura>
              )}
              <Button variant="default" onClick={alCancelar}>
                {soloVer ? 'Volver' : 'Cancelar'}
              </Button>
              {puedeGuardar && (
                <BotonEscritura type="submit" loading={guardando}>
                  Guardar
                </BotonEscritura>
              )}
            </Group>
          </Group>
          {soloVer && (
            <Alert color="gray" variant="light">
              Solo puedes ver este ajuste: para cambiarlo necesitas el permiso de modificar ajustes de
              inventario.
            </Alert>
          )}
          <fieldset disabled={soloVer} style={ESTILO_FIELDSET}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md">
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <TextInput
                      label="Nombre del ajuste"
                      withAsterisk
                      placeholder="Conteo de góndola, merma, mercancía dañada…"
                      maxLength={200}
                      {...form.getInputProps('nombre')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, xs: 5, md: 3 }}>
                    <DateInput
                      label="Fecha"
                      withAsterisk
                      valueFormat="DD/MM/YYYY"
                      dateParser={leerFecha}
                      placeholder="dd/mm/aaaa"
                      value={valores.fechaDeAjuste}
                      onChange={(v) => v && form.setFieldValue('fechaDeAjuste', String(v).slice(0, 10))}
                      error={form.errors.fechaDeAjuste}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, xs: 7, md: 3 }}>
                    <Select
                      label="Almacén"
                      withAsterisk
                      placeholder="Elige el almacén"
                      data={opcionesDeAlmacen}
                      value={valores.idAlmacen}
                      onChange={cambiarAlmacen}
                      error={form.errors.idAlmacen}
                      allowDeselect={false}
                      searchable
                    />
                  </Grid.Col>
                </Grid>
                <Textarea
                  mt="sm"
                  label="Nota"
                  placeholder="Motivo o detalle del ajuste"
                  autosize
                  minRows={1}
                  maxRows={4}
                  maxLength={1000}
                  {...form.getInputProps('nota')}
                />
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <EditorDeLineas
                    lineas={valores.lineas}
                    actualizar={actualizar}
                    idAlmacen={valores.idAlmacen}
                    columnas={columnasDeAjuste({
                      errores: form.errors,
                      alCambiar: cambiarLinea,
                      alCambiarTipo: cambiarTipo,
                    })}
                    alEncontrar={alEncontrar}
                    nombreDeLinea={(linea) => linea.nombre}
                    sinBuscador={soloVer}
                    buscadorRef={buscador}
                    error={typeof form.errors.lineas === 'string' ? form.errors.lineas : undefined}
                    vacio="Todavía no hay productos: escanea un código o busca un producto por nombre."
                    titulo="Líneas del ajuste"
                    anchoMinimo={980}
                    acciones={
                      <>
                        <Stack gap={4}>
                          <Text size="sm" fw={500}>
                            Agregar como
                          </Text>
                          <SegmentedControl
                            aria-label="Agregar como"
                            data={[
                              { value: 'entrada', label: 'Entrada' },
                              { value: 'salida', label: 'Salida' },
                            ]}
                            value={tipoNuevas}
                            onChange={(v) => setTipoNuevas(v as 'entrada' | 'salida')}
                            color={tipoNuevas === 'entrada' ? 'teal' : 'red'}
                          />
                        </Stack>
                        {id === null && (
                          <Tooltip
                            label="Guarda un ajuste aparte que deja en 0 la existencia de los productos de la lista"
                            multiline
                            maw={260}
                          >
                            <Button
                              variant="light"
                              color="orange"
                              leftSection={<IconZoomCancel size={16} />}
                              disabled={valores.lineas.length === 0}
                              loading={aCero.isPending}
                              onClick={llevarACero}
                            >
                              Llevar a cero
                            </Button>
                          </Tooltip>
                        )}
                      </>
                    }
                  />
                  {valores.lineas.length > 0 && <TotalesDeAjuste totales={totalesDeAjuste(valores.lineas)} />}
                </Stack>
              </Paper>
            </Stack>
          </fieldset>
        </Stack>
      </form>
    </DatesProvider>
  );
}
