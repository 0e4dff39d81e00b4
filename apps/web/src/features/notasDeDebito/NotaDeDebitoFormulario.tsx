import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  comprasApi,
  type DetalleCompra,
  type DetalleNotaDeDebito,
  type DevueltoDeLaCompra,
  MENSAJE_NOTA_DE_DEBITO_SIN_LINEAS,
  reglaDeVinculosDebito,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { IconFileSearch, IconInfoCircle, IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { EditorDeLineas } from '../../ui/documento/EditorDeLineas.tsx';
import {
  cantidadesValidas,
  type LineaDelFormulario,
  lineaDesdeVenta,
  totalesDelFormulario,
} from '../../ui/documento/lineas.ts';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { FilaDeTotal, Totales, totalesEnPesos } from '../../ui/documento/Totales.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado } from '../../ui/errores.ts';
import { cantidad, dinero, fecha } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { ModalComprasParaDebito } from './ModalComprasParaDebito.tsx';
import { notaDeDebitoQueries, useActualizarNotaDeDebito, useCrearNotaDeDebito } from './queries.ts';

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/** A money return being typed: the supplier pays back (spec 001 §3 lineasDevoluciones). */
type Devolucion = { clave: string; _id?: string; importe: number | null; nota: string };

let contador = 0;
function nuevaDevolucion(importe: number | null = null): Devolucion {
  contador += 1;
  return { clave: `devolucion-${contador}`, importe, nota: '' };
}

/** The purchase lines still returnable (bought − returned by notes in force), keyed by purchase line. */
function disponibles(devuelto: DevueltoDeLaCompra): Map<string, number> {
  return new Map(devuelto.lineas.map((l) => [l.idLineaCompra, Math.max(0, l.comprada - l.devuelta)]));
}

/** The purchase's lines proposed with what is left of each to return (nothing left: not proposed). */
function lineasPropuestas(compra: DetalleCompra, devuelto: DevueltoDeLaCompra): LineaDelFormulario[] {
  const quedan = disponibles(devuelto);
  return compra.lineasCompraDb
    .filter((l) => (quedan.get(l._id) ?? 0) > 0)
    .map((l) => {
      const { _id: _omitido, ...linea } = lineaDesdeVenta(l);
      return { ...linea, clave: l._id, cantidad: quedan.get(l._id) ?? 0 };
    });
}

type Props = {
  guardada?: DetalleNotaDeDebito;
  puedeGuardar: boolean;
  alGuardar: (id: string) => void;
  alCancelar: () => void;
};

/**
 * The debit note (spec 001 §2 nueva_nota_debito / editar_, §3 "Debit note", §4, §5): the supplier, then
 * «Buscar compras para débito» to pick the purchase whose goods go back (its lines proposed with what is
 * left to return, at the cost they were bought), then what the note does with its total: lower what that
 * purchase owes, or the supplier pays it back in money — never both (§4, with §5's messages); what
 * neither takes stays owed by the supplier. Totals are the domain's, as the server computes them.
 */
export function NotaDeDebitoFormulario({ guardada, puedeGuardar, alGuardar, alCancelar }: Props) {
  const editando = guardada !== undefined;
  const n = guardada?.notaDeDebitoDb;
  const queryClient = useQueryClient();
  const [identificadorUnico] = useState(() => n?.identificadorUnico ?? nuevoIdentificador());
  const [proveedor, setProveedor] = useState<ClienteElegido | null>(null);
  const [idCompra, setIdCompra] = useState<string | null>(n?.idCompra ?? null);
  const [lineas, setLineas] = useState<LineaDelFormulario[]>(
    () => guardada?.lineasNotasDeDebito.map((l) => ({ ...lineaDesdeVenta(l), clave: l.idLineaCompra })) ?? [],
  );
  const [lineasAEliminar, setLineasAEliminar] = useState<string[]>([]);
  const [vinculada, setVinculada] = useState(guardada ? guardada.lineasDebitoCompras.length > 0 : false);
  const [devoluciones, setDevoluciones] = useState<Devolucion[]>(
    () =>
      guardada?.lineasDevoluciones.map((d) => ({
        clave: d._id,
        _id: d._id,
        importe: d.importe,
        nota: d.nota,
      })) ?? [],
  );
  const [fechaEmision, setFechaEmision] = useState(
    n?.fechaEmision.slice(0, 10) ?? fechaYHoraEnSantoDomingo(new Date()).fecha,
  );
  const [notaPieDePagina, setNotaPie] = useState(n?.notaPieDePagina ?? '');
  const [notaInterna, setNotaInterna] = useState(n?.notaInformacionInterna ?? '');
  const [errores, setErrores] = useState<{ compra?: string; lineas?: string; vinculos?: string }>({});
  const [buscando, modalCompras] = useDisclosure(false);
  const [leyendo, setLeyendo] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const crear = useCrearNotaDeDebito();
  const actualizar = useActualizarNotaDeDebito();

  const compra = useQuery({
    queryKey: ['compras', 'una', idCompra],
    queryFn: ({ signal }) => api(comprasApi.una, { params: { id: idCompra ?? '' }, signal }),
    enabled: idCompra !== null,
  });
  const devuelto = useQuery({
    ...notaDeDebitoQueries.devuelto(idCompra ?? '', n?._id ?? null),
    enabled: idCompra !== null,
  });
  const c = compra.data?.compraDb;
  const pendiente = devuelto.data?.pendiente ?? c?.pendiente ?? 0;
  const totales = totalesDelFormulario(lineas);
  const total = totales.total / 100;
  const devueltoEnDinero = devoluciones.reduce((s, d) => s + (d.importe ?? 0), 0);
  // What the server will do with the total (its rule): the linked purchase takes at most what it owes.
  const aplicado = vinculada ? Math.min(total, pendiente) : 0;
  const aFavor = Math.max(0, Math.round((total - aplicado - devueltoEnDinero) * 100) / 100);

  function cambiarProveedor(nuevo: ClienteElegido | null) {
    setProveedor(nuevo);
    if (!editando && idCompra && c?.idCliente !== nuevo?._id) {
      setIdCompra(null);
      setLineas([]);
      setVinculada(false);
    }
  }

  async function elegirCompra(id: string) {
    setLeyendo(true);
    try {
      const [detalle, yaDevuelto] = await Promise.all([
        queryClient.fetchQuery({
          queryKey: ['compras', 'una', id],
          queryFn: ({ signal }) => api(comprasApi.una, { params: { id }, signal }),
        }),
        queryClient.fetchQuery(notaDeDebitoQueries.devuelto(id, null)),
      ]);
      const propuestas = lineasPropuestas(detalle, yaDevuelto);
      setIdCompra(id);
      setLineas(propuestas);
      // A purchase that still owes takes the note on its balance; a paid one, the money back.
      setVinculada(yaDevuelto.pendiente > 0 && devoluciones.length === 0);
      setErrores({
        ...(propuestas.length === 0
          ? { lineas: 'Todo lo comprado en esta compra ya fue devuelto por otras notas de débito.' }
          : {}),
      });
    } catch (error) {
      setErrores({ compra: error instanceof Error ? error.message : 'No se pudo leer la compra.' });
    } finally {
      setLeyendo(false);
    }
  }

  /** Spec 001 §4-§5: linking the purchase while money returns are typed (or twice) is refused. */
  function vincular() {
    const rechazo = reglaDeVinculosDebito(
      [...(vinculada ? [{ idCompra: idCompra ?? '' }] : []), { idCompra: idCompra ?? '' }],
      devoluciones,
      'vinculo',
    );
    if (rechazo) {
      setErrores((e) => ({ ...e, vinculos: rechazo }));
      return;
    }
    setVinculada(true);
    setErrores((e) => ({ ...e, vinculos: undefined }) as typeof e);
  }

  /** Spec 001 §4-§5: a money return while the purchase is linked is refused. */
  function agregarDevolucion() {
    const nueva = nuevaDevolucion(devoluciones.length === 0 ? aFavor || null : null);
    const rechazo = reglaDeVinculosDebito(
      vinculada ? [{ idCompra: idCompra ?? '' }] : [],
      [...devoluciones, nueva],
      'devolucion',
    );
    if (rechazo) {
      setErrores((e) => ({ ...e, vinculos: rechazo }));
      return;
    }
    setDevoluciones([...devoluciones, nueva]);
    setErrores((e) => ({ ...e, vinculos: undefined }) as typeof e);
  }

  function cambiarDevolucion(clave: string, cambio: Partial<Devolucion>) {
    setDevoluciones(devoluciones.map((d) => (d.clave === clave ? { ...d, ...cambio } : d)));
  }

  function validar(): boolean {
    const nuevos: typeof errores = {};
    if (!idCompra) {
      nuevos.compra = 'Elige la compra que modifica la nota de débito.';
    } else if (lineas.length === 0) {
      nuevos.lineas = MENSAJE_NOTA_DE_DEBITO_SIN_LINEAS;
    } else if (!cantidadesValidas(lineas)) {
      nuevos.lineas = 'Cada línea debe tener una cantidad mayor que 0.';
    } else if (devoluciones.some((d) => !d.importe || d.importe <= 0)) {
      nuevos.vinculos = 'Escribe el importe de cada devolución de dinero, o quítala.';
    }
    setErrores(nuevos);
    return Object.keys(nuevos).length === 0;
  }

  async function enviar() {
    if (!validar() || !idCompra) {
      return;
    }
    const cabecera = {
      fechaEmision,
      notaPieDePagina: notaPieDePagina.trim(),
      notaInformacionInterna: notaInterna.trim(),
    };
    const lineasNota = lineas.map((l) => ({
      ...(l._id ? { _id: l._id } : {}),
      idLineaCompra: l.clave,
      cantidad: l.cantidad ?? 0,
      nota: l.nota,
    }));
    const lineasDevoluciones = devoluciones.map((d) => ({
      ...(d._id ? { _id: d._id } : {}),
      fechaDeEmision: fechaEmision,
      importe: d.importe ?? 0,
      nota: d.nota.trim(),
    }));
    const asientoContable = { totalFacturado: total, subtotalFacturado: totales.subtotal / 100 };
    setGuardando(true);
    try {
      if (guardada) {
        // Spec 001 §7 PUT /notas-de-debito/{id} (as credit notes): the final lines and the ids removed.
        const g = guardada;
        const vigentes = new Set(devoluciones.flatMap((d) => (d._id ? [d._id] : [])));
        const respuesta = await actualizar.mutateAsync({
          id: g.notaDeDebitoDb._id,
          body: {
            notaDeDebito: { ...cabecera, idCompra },
            actualizarLineasNotasDeDebito: lineasNota,
            borrarLineasNotasDeDebito: lineasAEliminar,
            actualizarLineasDevoluciones: lineasDevoluciones,
            borrarLineasDevoluciones: g.lineasDevoluciones
              .map((d) => d._id)
              .filter((id) => !vigentes.has(id)),
            actualizarLineasComprasVinculadas: vinculada
              ? [{ ...(g.lineasDebitoCompras[0] ? { _id: g.lineasDebitoCompras[0]._id } : {}), idCompra }]
              : [],
            borrarLineasComprasVinculadas: vinculada ? [] : g.lineasDebitoCompras.map((l) => l._id),
            asientoContable,
          },
        });
        avisarGuardado('Nota de débito actualizada.');
        alGuardar(respuesta.notaDeDebitoDb._id);
        return;
      }
      const respuesta = await crear.mutateAsync({
        notaDeDebito: { ...cabecera, idCompra },
        lineasNotasDeDebito: lineasNota,
        lineasDebitoCompras: vinculada ? [{ idCompra }] : [],
        lineasDevoluciones,
        asientoContable,
        identificadorUnico,
      });
      if (respuesta.solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(`Nota de débito ${respuesta.notaDeDebitoDb.comprobante} guardada.`);
      }
      alGuardar(respuesta.notaDeDebitoDb._id);
    } catch (error) {
      // The same identificadorUnico stays: saving again never makes a second note. Spec 001 §8: an
      // update failure says 'No se actualizo'.
      notifications.show({
        color: 'red',
        title: editando ? 'No se actualizo' : 'Error',
        message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
        autoClose: 5200,
      });
    } finally {
      setGuardando(false);
    }
  }

  const quedan = devuelto.data ? disponibles(devuelto.data) : null;
  const titulo = editando ? `Editar nota de débito ${n?.comprobante ?? ''}` : 'Nueva nota de débito';

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
              <Title order={2}>{titulo}</Title>
              <Group gap="xs">
                <Button variant="default" onClick={alCancelar}>
                  Cancelar
                </Button>
                {puedeGuardar && (
                  <BotonEscritura type="submit" loading={guardando}>
                    Guardar nota de débito
                  </BotonEscritura>
                )}
              </Group>
            </Group>
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
              La mercancía devuelta sale del almacén, y cada línea se debita al costo con que se compró.
            </Alert>
            <Paper withBorder radius="md" p="md">
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 4 }}>
                  {editando ? (
                    <TextInput label="Proveedor" readOnly value={n?.nombre ?? ''} />
                  ) : (
                    <SelectorDeCliente
                      proveedor
                      valor={proveedor}
                      alCambiar={cambiarProveedor}
                      placeholder="Busca el proveedor por nombre o RNC"
                    />
                  )}
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 8, md: 5 }}>
                  {editando ? (
                    <TextInput
                      label="Compra que modifica"
                      readOnly
                      value={c ? `${c.comprobante}${n?.ncfModificado ? ` · ${n.ncfModificado}` : ''}` : ''}
                      description="Una nota de débito no cambia de compra."
                    />
                  ) : (
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>
                        Compra que modifica
                      </Text>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          variant={c ? 'default' : 'filled'}
                          leftSection={<IconFileSearch size={16} />}
                          disabled={!proveedor}
                          loading={leyendo}
                          onClick={modalCompras.open}
                        >
                          Buscar compras para débito
                        </Button>
                        {c && (
                          <Text size="sm" ff="monospace" fw={600} data-testid="compra-elegida">
                            {c.comprobante}
                          </Text>
                        )}
                      </Group>
                      {(errores.compra || !proveedor) && (
                        <Text size="xs" c={errores.compra ? 'red' : 'dimmed'}>
                          {errores.compra ?? 'Elige primero el proveedor.'}
                        </Text>
                      )}
                    </Stack>
                  )}
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
                  <DateInput
                    label="Fecha"
                    valueFormat="DD/MM/YYYY"
                    value={fechaEmision}
                    onChange={(v) => v && setFechaEmision(String(v).slice(0, 10))}
                  />
                </Grid.Col>
              </Grid>
              {c && (
                <Text size="sm" c="dimmed" mt="sm">
                  Compra del {fecha(c.fechaEmision)} por {dinero(c.totalGral)}
                  {c.ncf ? ` · NCF ${c.ncf}` : ''} · {pendiente > 0 ? `debe ${dinero(pendiente)}` : 'pagada'}
                </Text>
              )}
            </Paper>
            <Paper withBorder radius="md" p="md">
              <EditorDeLineas
                lineas={lineas}
                actualizar={(cambio, eliminadas) => {
                  setLineas((previas) => cambio(previas));
                  setErrores((e) => ({ ...e, lineas: undefined }) as typeof e);
                  if (eliminadas && eliminadas.length > 0) {
                    setLineasAEliminar((previas) => [...previas, ...eliminadas]);
                  }
                }}
                idAlmacen={null}
                lista={() => undefined}
                socio={false}
                limiteDescuento={100}
                precioBloqueado
                soloCantidades
                documento="compra"
                error={errores.lineas}
                detalleDeLinea={(l) => {
                  const queda = quedan?.get(l.clave);
                  return queda === undefined ? undefined : `quedan ${cantidad(queda)} por devolver`;
                }}
                vacio="Elige el proveedor y la compra: sus artículos por devolver aparecen aquí."
              />
            </Paper>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper withBorder radius="md" p="md" h="100%">
                  <Stack gap="sm">
                    <Text fw={600}>¿Qué hace la nota con su total?</Text>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text size="sm">
                        {vinculada
                          ? `Baja lo que debe la compra ${c?.comprobante ?? ''}${pendiente > 0 ? ` (debe ${dinero(pendiente)})` : ''}.`
                          : 'No se aplica a lo que debe la compra.'}
                      </Text>
                      {vinculada ? (
                        <Button variant="default" size="xs" onClick={() => setVinculada(false)}>
                          Quitar de la compra
                        </Button>
                      ) : (
                        <Button
                          variant="light"
                          size="xs"
                          leftSection={<IconLink size={14} />}
                          disabled={!idCompra}
                          onClick={vincular}
                        >
                          Aplicar a la compra
                        </Button>
                      )}
                    </Group>
                    {devoluciones.map((d, i) => (
                      <Group key={d.clave} gap="xs" align="flex-end" wrap="nowrap">
                        <CampoNumerico
                          label={i === 0 ? 'Devuelve el proveedor' : undefined}
                          aria-label={`Importe de la devolución ${i + 1}`}
                          valor={d.importe}
                          alCambiar={(v) => cambiarDevolucion(d.clave, { importe: v })}
                          min={0}
                          decimalScale={2}
                          fixedDecimalScale
                          thousandSeparator=","
                          style={{ flex: 1, minWidth: 120 }}
                        />
                        <TextInput
                          label={i === 0 ? 'Nota' : undefined}
                          aria-label={`Nota de la devolución ${i + 1}`}
                          value={d.nota}
                          maxLength={500}
                          onChange={(e) => cambiarDevolucion(d.clave, { nota: e.currentTarget.value })}
                          style={{ flex: 2, minWidth: 0 }}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={`Quitar la devolución ${i + 1}`}
                          onClick={() => setDevoluciones(devoluciones.filter((x) => x.clave !== d.clave))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                    <Group>
                      <Button
                        variant="default"
                        size="xs"
                        leftSection={<IconPlus size={14} />}
                        disabled={!idCompra}
                        onClick={agregarDevolucion}
                      >
                        Agregar devolución de dinero
                      </Button>
                    </Group>
                    {errores.vinculos && (
                      <Alert color="red" variant="light" p="xs" role="alert">
                        {errores.vinculos}
                      </Alert>
                    )}
                    <Stack gap={4} data-testid="reparto-de-la-nota">
                      {vinculada && <FilaDeTotal etiqueta="Aplicado a la compra" valor={dinero(aplicado)} />}
                      {devoluciones.length > 0 && (
                        <FilaDeTotal etiqueta="Devuelto por el proveedor" valor={dinero(devueltoEnDinero)} />
                      )}
                      <FilaDeTotal etiqueta="Queda a favor (el proveedor lo debe)" valor={dinero(aFavor)} />
                    </Stack>
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder radius="md" p="md" h="100%">
                  <Stack gap="sm">
                    <Totales totales={totalesEnPesos(totales)} testId="totales-nota-debito" />
                    <Textarea
                      label="Nota al pie"
                      autosize
                      minRows={1}
                      maxLength={1000}
                      value={notaPieDePagina}
                      onChange={(e) => setNotaPie(e.currentTarget.value)}
                    />
                    <Textarea
                      label="Nota interna"
                      description="Solo la ve el personal."
                      autosize
                      minRows={1}
                      maxLength={1000}
                      value={notaInterna}
                      onChange={(e) => setNotaInterna(e.currentTarget.value)}
                    />
                  </Stack>
                </Paper>
              </Grid.Col>
            </Grid>
          </Stack>
        </fieldset>
      </form>
      {proveedor && (
        <ModalComprasParaDebito
          abierto={buscando}
          alCerrar={modalCompras.close}
          idProveedor={proveedor._id}
          nombreProveedor={proveedor.nombre}
          alElegir={(id) => {
            modalCompras.close();
            void elegirCompra(id);
          }}
        />
      )}
    </DatesProvider>
  );
}
