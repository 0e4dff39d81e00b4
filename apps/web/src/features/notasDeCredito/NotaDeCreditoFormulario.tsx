import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { DetalleNotaDeCredito } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { IconFileSearch, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { usePerfil } from '../../app/usePerfil.ts';
import { EditorDeLineas } from '../../ui/documento/EditorDeLineas.tsx';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { Totales, totalesEnPesos } from '../../ui/documento/Totales.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado } from '../../ui/errores.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { ModalFacturasParaCredito } from './ModalFacturasParaCredito.tsx';
import { PanelDeDestino } from './PanelDeDestino.tsx';
import { useActualizarNotaDeCredito, useCrearNotaDeCredito } from './queries.ts';
import { useDevolucion } from './useDevolucion.ts';

const ESTILO_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

function clienteDe(n: {
  idCliente: string | null;
  nombre: string;
  rnc: string;
  correo: string;
}): ClienteElegido | null {
  return n.idCliente
    ? {
        _id: n.idCliente,
        nombre: n.nombre,
        rnc: n.rnc,
        socio: false,
        descuentoParaSocios: 0,
        diasDeCredito: 0,
        limiteCredito: 0,
        correo: n.correo,
        idListaDePrecio: null,
      }
    : null;
}

type Props = {
  guardada?: DetalleNotaDeCredito;
  puedeGuardar: boolean;
  alGuardar: (id: string) => void;
  alCancelar: () => void;
};

/**
 * The back-office credit note (spec 001 §2 nueva_nota_credito / editar_, §3 "Credit note", §4, §5): the
 * customer, then «Buscar facturas para crédito» to pick the invoice whose lines come back (proposed with
 * the quantities still returnable, the user lowers or removes them), then what the note does with its
 * total: apply it to that invoice's balance or give the money back, never both; the rest is a credit in
 * favour. Totals are the domain's, as the server computes them.
 */
export function NotaDeCreditoFormulario({ guardada, puedeGuardar, alGuardar, alCancelar }: Props) {
  const editando = guardada !== undefined;
  const { perfil } = usePerfil();
  const [identificadorUnico] = useState(
    () => guardada?.notaDeCreditoDb.identificadorUnico ?? nuevoIdentificador(),
  );
  const [cliente, setCliente] = useState<ClienteElegido | null>(
    guardada ? clienteDe(guardada.notaDeCreditoDb) : null,
  );
  const [fechaEmision, setFechaEmision] = useState(
    guardada?.notaDeCreditoDb.fechaEmision.slice(0, 10) ?? fechaYHoraEnSantoDomingo(new Date()).fecha,
  );
  const [notaPieDePagina, setNotaPie] = useState(guardada?.notaDeCreditoDb.notaPieDePagina ?? '');
  const [notaInterna, setNotaInterna] = useState(guardada?.notaDeCreditoDb.notaInformacionInterna ?? '');
  const [buscando, modalFacturas] = useDisclosure(false);
  const [guardando, setGuardando] = useState(false);
  const crear = useCrearNotaDeCredito();
  const actualizar = useActualizarNotaDeCredito();
  const nota = useDevolucion({
    guardada,
    // An invoice that still owes gets the note on its balance; a paid one, the money back.
    destinoInicial: (f) => (f.pendiente > 0 ? 'factura' : 'reembolso'),
  });
  const f = nota.factura?.FacturaDb;

  function cambiarCliente(nuevo: ClienteElegido | null) {
    setCliente(nuevo);
    if (nuevo && f && f.idCliente !== nuevo._id && !editando) {
      nota.actualizarLineas(() => []);
    }
  }

  async function enviar() {
    if (nota.validar()) {
      return;
    }
    const cabecera = {
      fechaEmision,
      notaPieDePagina: notaPieDePagina.trim(),
      notaInformacionInterna: notaInterna.trim(),
      metodoDePago: nota.destino === 'reembolso' ? 'Efectivo' : '',
    };
    const { lineasNotasDeCredito, lineasCreditoFacturas, lineasDevoluciones } = nota.cuerpo(fechaEmision);
    const asientoContable = {
      totalFacturado: nota.totales.total / 100,
      subtotalFacturado: nota.totales.subtotal / 100,
    };
    setGuardando(true);
    try {
      if (guardada) {
        // Spec 001 §7 PUT /notas-de-credito/{id}: the final lines, and the ids of those removed.
        const g = guardada;
        const vigentesDevoluciones = new Set(lineasDevoluciones.flatMap((d) => (d._id ? [d._id] : [])));
        const vigentesFacturas = new Set(
          lineasCreditoFacturas.length > 0 ? g.lineasCreditoFacturas.map((l) => l._id) : [],
        );
        const respuesta = await actualizar.mutateAsync({
          id: g.notaDeCreditoDb._id,
          body: {
            notaDeCredito: cabecera,
            actualizarLineasNotasDeCredito: lineasNotasDeCredito,
            borrarLineasNotasDeCredito: nota.lineasAEliminar,
            actualizarLineasDevoluciones: lineasDevoluciones,
            borrarLineasDevoluciones: g.lineasDevoluciones
              .map((d) => d._id)
              .filter((id) => !vigentesDevoluciones.has(id)),
            // The linked invoice stays as saved (its _id) while the note still applies to it.
            actualizarLineasFacturasViculada: lineasCreditoFacturas.map((l) => ({
              ...l,
              ...(g.lineasCreditoFacturas[0] ? { _id: g.lineasCreditoFacturas[0]._id } : {}),
            })),
            borrarLineasFacturasViculada: g.lineasCreditoFacturas
              .map((l) => l._id)
              .filter((id) => !vigentesFacturas.has(id)),
            asientoContable,
          },
        });
        avisarGuardado('Nota de crédito actualizada.');
        alGuardar(respuesta.notaDeCreditoDb._id);
        return;
      }
      const respuesta = await crear.mutateAsync({
        notaDeCredito: { ...cabecera, idFactura: nota.idFactura ?? '' },
        lineasNotasDeCredito,
        lineasCreditoFacturas,
        lineasDevoluciones,
        asientoContable,
        identificadorUnico,
      });
      if (respuesta.solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(`Nota de crédito ${respuesta.notaDeCreditoDb.comprobante} guardada.`);
      }
      alGuardar(respuesta.notaDeCreditoDb._id);
    } catch (error) {
      // The same identificadorUnico stays: saving again never makes a second note.
      if (!nota.ubicarRechazo(error)) {
        // Spec 001 §8: "Other credit note error: danger toast 'Error'"; update failure: 'No se actualizo'.
        notifications.show({
          color: 'red',
          title: editando ? 'No se actualizo' : 'Error',
          message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
          autoClose: 5200,
        });
      }
    } finally {
      setGuardando(false);
    }
  }

  const titulo = editando
    ? `Editar nota de crédito ${guardada?.notaDeCreditoDb.comprobante ?? ''}`
    : 'Nueva nota de crédito';

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
                    Guardar nota de crédito
                  </BotonEscritura>
                )}
              </Group>
            </Group>
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
              La mercancía devuelta vuelve al almacén al costo con que salió, y cada línea se acredita al
              precio con que se vendió.
            </Alert>
            <Paper withBorder radius="md" p="md">
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 4 }}>
                  {editando ? (
                    <TextInput
                      label="Cliente"
                      readOnly
                      value={guardada?.notaDeCreditoDb.nombre || 'Consumidor final'}
                    />
                  ) : (
                    <SelectorDeCliente
                      valor={cliente}
                      alCambiar={cambiarCliente}
                      placeholder="Busca el cliente por nombre o RNC"
                    />
                  )}
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 8, md: 5 }}>
                  {editando ? (
                    <TextInput
                      label="Factura que modifica"
                      readOnly
                      value={guardada?.notaDeCreditoDb.ncfModificado ?? ''}
                      description="Una nota de crédito no cambia de factura."
                    />
                  ) : (
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>
                        Factura que modifica
                      </Text>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          variant={f ? 'default' : 'filled'}
                          leftSection={<IconFileSearch size={16} />}
                          disabled={!cliente}
                          loading={nota.leyendo && !f}
                          onClick={modalFacturas.open}
                        >
                          Buscar facturas para crédito
                        </Button>
                        {f && (
                          <Text size="sm" ff="monospace" fw={600} data-testid="factura-elegida">
                            {f.comprobante ?? `No. ${f.numeroFactura}`}
                          </Text>
                        )}
                      </Group>
                      {(nota.errores.factura || !cliente) && (
                        <Text size="xs" c={nota.errores.factura ? 'red' : 'dimmed'}>
                          {nota.errores.factura ?? 'Elige primero el cliente.'}
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
              {f && nota.factura && (
                <Text size="sm" c="dimmed" mt="sm">
                  Factura del {fecha(f.fechaEmision)} por {dinero(f.total)} ·{' '}
                  {nota.factura.pendiente > 0 ? `debe ${dinero(nota.factura.pendiente)}` : 'saldada'}
                  {nota.factura.montoNotaDeCreditoRef > 0
                    ? ` · notas de crédito aplicadas ${dinero(nota.factura.montoNotaDeCreditoRef)}`
                    : ''}
                </Text>
              )}
            </Paper>
            <Paper withBorder radius="md" p="md">
              <EditorDeLineas
                lineas={nota.lineas}
                actualizar={nota.actualizarLineas}
                idAlmacen={null}
                lista={() => undefined}
                socio={false}
                limiteDescuento={perfil?.limiteDescuento ?? 100}
                precioBloqueado
                soloCantidades
                error={nota.errores.lineas}
                detalleDeLinea={nota.detalleDeLinea}
                vacio="Elige el cliente y la factura: sus artículos por devolver aparecen aquí."
              />
            </Paper>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper withBorder radius="md" p="md" h="100%">
                  <PanelDeDestino
                    destino={nota.destino}
                    alCambiarDestino={nota.cambiarDestino}
                    reembolsos={nota.reembolsos}
                    alCambiarReembolsos={nota.cambiarReembolsos}
                    total={nota.totales.total / 100}
                    reparto={nota.reparto}
                    pendienteDeLaFactura={nota.pendiente}
                    destinos={['factura', 'reembolso', 'credito']}
                    error={nota.errores.destino}
                  />
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder radius="md" p="md" h="100%">
                  <Stack gap="sm">
                    <Totales totales={totalesEnPesos(nota.totales)} testId="totales-nota" />
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
      {cliente && (
        <ModalFacturasParaCredito
          abierto={buscando}
          alCerrar={modalFacturas.close}
          idCliente={cliente._id}
          nombreCliente={cliente.nombre}
          alElegir={(id) => {
            modalFacturas.close();
            void nota.elegirFactura(id);
          }}
        />
      )}
    </DatesProvider>
  );
}
