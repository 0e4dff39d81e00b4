import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import {
  CrearGastoMenor,
  type DetalleGastoMenor,
  FORMAS_DE_PAGO_GASTO_MENOR,
  type FormaDePagoGastoMenor,
  gastosMenores,
  LineaGastoMenorEntrada,
  MENSAJE_GASTO_MENOR_NO_ACTUALIZADO,
  numeracion,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { IconDeviceFloppy, IconPercentage, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { dinero } from '../../ui/formato.ts';
import { contabilidadQueries, cuentasDeDetalle } from '../contabilidad/queries.ts';
import { gastoMenorQueries } from './queries.ts';
import { rutaDeVista } from './rutas.ts';

type Linea = {
  clave: string;
  /** The stored line's id on an edit (PATCH sends it as `_id`); null for a new line. */
  idLinea: string | null;
  fecha: string;
  idCuenta: string | null;
  importe: number | null;
  impuestos: number | null;
  nota: string;
};

const hoy = () => fechaYHoraEnSantoDomingo(new Date()).fecha;

const lineaVacia = (fecha: string): Linea => ({
  clave: crypto.randomUUID(),
  idLinea: null,
  fecha,
  idCuenta: null,
  importe: null,
  impuestos: null,
  nota: '',
});

/** The line's ITBIS at the general rate (18 %), rounded to the cent. */
function itbisGeneral(importe: number): number {
  return aPesos(Math.round((aCentavos(importe) * 18) / 100) as Centavos);
}

/** What a line debits: its amount and its ITBIS (the tax goes to the expense, docs/payments.md). */
function totalDeLinea(l: Linea): Centavos {
  return sumarCentavos([aCentavos(l.importe ?? 0), aCentavos(l.impuestos ?? 0)]);
}

/**
 * The minor-expense form (spec 001 §3 "Minor expense"): date, payment method, numbering (the default
 * GM…, or a fiscal B13), the account that pays (the petty cash when none is chosen), a description and
 * the lines: each with its date, an expense account (detail accounts of expenses and costs only, as the
 * server requires), a note, the amount and its ITBIS. `guardado`: the expense being edited (PATCH
 * /gastos-menores/{id}: changed lines by `_id`, removed ones in `itemEliminar`).
 */
export function GastoMenorFormulario({ guardado }: { guardado?: DetalleGastoMenor }) {
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const cuentasDeGastos = useQuery(gastoMenorQueries.cuentasDeGastos());
  const catalogo = useQuery(contabilidadQueries.catalogo());
  const numeraciones = useQuery({
    queryKey: ['numeraciones', 'gastoMenores'],
    queryFn: async ({ signal }) =>
      (await api(numeracion.listar, { signal })).filter((n) => n.tipoDeDocumento === 'gastoMenores'),
    enabled: !guardado,
    retry: false,
  });
  const opcionesDeGasto = (cuentasDeGastos.data ?? []).map((c) => ({
    value: c.idCuenta,
    label: `${c.codigoDeCuenta} · ${c.nombre}`,
  }));
  // Spec 001 §3: the money leaves a cash box, a bank or a payable: detail accounts of assets and liabilities.
  const opcionesQuePagan = cuentasDeDetalle(catalogo.data?.treeData ?? [])
    .filter((c) => c.tipo === 'activo' || c.tipo === 'pasivo')
    .map((c) => ({ value: c.id, label: `${c.codigoDeCuenta} · ${c.nombre}` }));

  const [fecha, setFecha] = useState(guardado?.fechaDeEmision ?? hoy());
  const [formaDePago, setFormaDePago] = useState<FormaDePagoGastoMenor>(guardado?.formaDePago ?? 'Efectivo');
  const [idNumeracion, setIdNumeracion] = useState<string | null>(null);
  const [cuentaQuePaga, setCuentaQuePaga] = useState<string | null>(
    guardado?.cuentaContableCredito.idCuenta ?? null,
  );
  const [descripcion, setDescripcion] = useState(guardado?.descripcion ?? '');
  const [lineas, setLineas] = useState<Linea[]>(() =>
    guardado
      ? guardado.listaDeGastos.map((l) => ({
          clave: l._id,
          idLinea: l._id,
          fecha: l.fechaDeEmision,
          idCuenta: l.cuentaContable.idCuenta,
          importe: l.importe,
          impuestos: l.impuestos,
          nota: l.nota,
        }))
      : [lineaVacia(fecha)],
  );
  const [identificadorUnico, setIdentificadorUnico] = useState(() => crypto.randomUUID());

  // A line with nothing typed is left out; one with an amount needs its account.
  const usadas = lineas.filter((l) => l.idCuenta || (l.importe ?? 0) > 0 || (l.impuestos ?? 0) > 0);
  const errores = lineas.map((l) => ({
    importe: l.importe === null ? null : errorDeCampo(LineaGastoMenorEntrada, 'importe', l.importe),
    impuestos: l.impuestos === null ? null : errorDeCampo(LineaGastoMenorEntrada, 'impuestos', l.impuestos),
    cuenta:
      ((l.importe ?? 0) > 0 || (l.impuestos ?? 0) > 0) && !l.idCuenta ? 'Elige la cuenta del gasto.' : null,
    sinImporte: l.idCuenta && !((l.importe ?? 0) > 0) ? 'Escribe el importe.' : null,
  }));
  const hayErrores = errores.some((e) => e.importe || e.impuestos || e.cuenta || e.sinImporte);
  const errorDescripcion = errorDeCampo(CrearGastoMenor, 'descripcion', descripcion);
  const subtotal = sumarCentavos(usadas.map((l) => aCentavos(l.importe ?? 0)));
  const impuestos = sumarCentavos(usadas.map((l) => aCentavos(l.impuestos ?? 0)));
  const total = sumarCentavos([subtotal, impuestos]);
  const listaDeGastos = usadas.map((l) => ({
    ...(l.idLinea ? { _id: l.idLinea } : {}),
    fechaDeEmision: l.fecha,
    cuentaContable: { idCuenta: l.idCuenta as string },
    importe: l.importe ?? 0,
    impuestos: l.impuestos ?? 0,
    nota: l.nota.trim(),
  }));

  function cambiar(clave: string, cambio: Partial<Linea>) {
    setLineas((actuales) => actuales.map((l) => (l.clave === clave ? { ...l, ...cambio } : l)));
  }

  const guardar = useMutation({
    mutationFn: async () => {
      const cabecera = {
        fechaDeEmision: fecha,
        formaDePago,
        descripcion: descripcion.trim(),
        ...(cuentaQuePaga ? { cuentaContableCredito: { idCuenta: cuentaQuePaga } } : {}),
      };
      if (guardado) {
        const quedan = new Set(listaDeGastos.flatMap((l) => (l._id ? [l._id] : [])));
        const [cambiado] = await api(gastosMenores.actualizar, {
          params: { id: guardado._id },
          body: {
            ...cabecera,
            listaDeGastos,
            itemEliminar: guardado.listaDeGastos.map((l) => l._id).filter((id) => !quedan.has(id)),
          },
        });
        return { gasto: cambiado, duplicado: false };
      }
      const creado = await api(gastosMenores.crear, {
        body: {
          ...cabecera,
          identificadorUnico,
          ...(idNumeracion ? { idNumeracion } : {}),
          listaDeGastos,
        },
      });
      return { gasto: creado, duplicado: creado.solicitudDuplicada };
    },
    onSuccess: async ({ gasto, duplicado }) => {
      await queryClient.invalidateQueries({ queryKey: gastoMenorQueries.all() });
      if (duplicado) {
        avisarDuplicado();
        setIdentificadorUnico(crypto.randomUUID());
        return;
      }
      notifications.show({
        color: 'green',
        message: guardado ? 'Cambios Completados' : `Gasto menor ${gasto?.comprobante ?? ''} guardado.`,
        autoClose: 1500,
      });
      if (gasto) {
        void navegar(rutaDeVista(gasto._id));
      }
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        // Spec 001 §8 "Minor expense update failure".
        title: guardado ? MENSAJE_GASTO_MENOR_NO_ACTUALIZADO : 'No se guardó el gasto menor',
        message: error.message,
        autoClose: 5200,
      }),
  });

  const opcionesDeNumeracion = (numeraciones.data ?? []).map((n) => ({
    value: n._id,
    label: `${n.nombre} (${n.proximoComprobante})`,
  }));
  const predeterminada = numeraciones.data?.find((n) => n.predeterminado);

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <DateInput
              label="Fecha"
              valueFormat="DD/MM/YYYY"
              value={fecha}
              onChange={(v) => v && setFecha(String(v).slice(0, 10))}
            />
            <Select
              label="Forma de pago"
              data={[...FORMAS_DE_PAGO_GASTO_MENOR]}
              value={formaDePago}
              onChange={(v) => setFormaDePago((v as FormaDePagoGastoMenor | null) ?? 'Efectivo')}
              allowDeselect={false}
            />
            {guardado ? (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  Número
                </Text>
                <Text ff="monospace" mt={6}>
                  {guardado.comprobante}
                </Text>
              </Stack>
            ) : (
              <Select
                label="Numeración"
                placeholder={
                  predeterminada ? `${predeterminada.nombre} (predeterminada)` : 'La predeterminada'
                }
                data={opcionesDeNumeracion}
                value={idNumeracion}
                onChange={setIdNumeracion}
                clearable
                disabled={numeraciones.isError}
              />
            )}
            <Select
              label="Pagado desde"
              placeholder="Caja chica (asignada)"
              data={opcionesQuePagan}
              value={cuentaQuePaga}
              onChange={setCuentaQuePaga}
              searchable
              clearable
            />
          </SimpleGrid>
          <AreaDeTexto
            mt="sm"
            label="Descripción"
            placeholder="Para qué fue el gasto (opcional)"
            value={descripcion}
            onChange={(e) => setDescripcion(e.currentTarget.value)}
            autosize
            minRows={1}
            max={largoMaximo(CrearGastoMenor, 'descripcion')}
            error={errorDescripcion ?? undefined}
          />
        </Paper>
        {cuentasDeGastos.isError && <Text c="red">{cuentasDeGastos.error.message}</Text>}
        <Paper withBorder radius="sm">
          <Table verticalSpacing={6} fz="sm" aria-label="Gastos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={130}>Fecha</Table.Th>
                <Table.Th>Cuenta de gasto</Table.Th>
                <Table.Th>Nota</Table.Th>
                <Table.Th ta="right" w={130}>
                  Importe
                </Table.Th>
                <Table.Th ta="right" w={150}>
                  ITBIS
                </Table.Th>
                <Table.Th ta="right" w={110}>
                  Total
                </Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lineas.map((l, indice) => {
                const n = indice + 1;
                const e = errores[indice];
                return (
                  <Table.Tr key={l.clave}>
                    <Table.Td>
                      <DateInput
                        aria-label={`Fecha de la línea ${n}`}
                        valueFormat="DD/MM/YYYY"
                        value={l.fecha}
                        onChange={(v) => v && cambiar(l.clave, { fecha: String(v).slice(0, 10) })}
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Cuenta de la línea ${n}`}
                        placeholder="Elige la cuenta de gasto"
                        data={opcionesDeGasto}
                        value={l.idCuenta}
                        onChange={(idCuenta) => cambiar(l.clave, { idCuenta })}
                        searchable
                        size="xs"
                        error={e?.cuenta ?? undefined}
                      />
                    </Table.Td>
                    <Table.Td>
                      <CampoDeTexto
                        aria-label={`Nota de la línea ${n}`}
                        value={l.nota}
                        onChange={(ev) => cambiar(l.clave, { nota: ev.currentTarget.value })}
                        max={500}
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <CampoNumerico
                        aria-label={`Importe de la línea ${n}`}
                        valor={l.importe}
                        alCambiar={(importe) => cambiar(l.clave, { importe })}
                        error={e?.importe ?? e?.sinImporte ?? undefined}
                        min={0}
                        decimalScale={2}
                        thousandSeparator=","
                        hideControls
                        size="xs"
                        styles={{ input: { textAlign: 'right' } }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <CampoNumerico
                          aria-label={`ITBIS de la línea ${n}`}
                          valor={l.impuestos}
                          alCambiar={(valor) => cambiar(l.clave, { impuestos: valor })}
                          error={e?.impuestos ?? undefined}
                          min={0}
                          decimalScale={2}
                          thousandSeparator=","
                          hideControls
                          size="xs"
                          styles={{ input: { textAlign: 'right' } }}
                        />
                        <Tooltip label="ITBIS 18 % del importe">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`ITBIS 18 % de la línea ${n}`}
                            disabled={!((l.importe ?? 0) > 0)}
                            onClick={() => cambiar(l.clave, { impuestos: itbisGeneral(l.importe ?? 0) })}
                          >
                            <IconPercentage size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{dinero(aPesos(totalDeLinea(l)))}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Quitar la línea ${n}`}
                        disabled={lineas.length === 1}
                        onClick={() => setLineas((actuales) => actuales.filter((x) => x.clave !== l.clave))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
        <Group justify="space-between" align="flex-start">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setLineas((actuales) => [...actuales, lineaVacia(fecha)])}
          >
            Agregar gasto
          </Button>
          <Stack gap={2} align="flex-end">
            <Text size="sm">Subtotal {dinero(aPesos(subtotal))}</Text>
            <Text size="sm">ITBIS {dinero(aPesos(impuestos))}</Text>
            <Text fw={700} size="lg">
              Total {dinero(aPesos(total))}
            </Text>
          </Stack>
        </Group>
        {cuentasDeGastos.isSuccess && opcionesDeGasto.length === 0 && (
          <Alert color="yellow" p="xs">
            El catálogo no tiene cuentas de detalle de gastos.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            disabled={total <= 0 || usadas.length === 0 || hayErrores || errorDescripcion !== null}
            loading={guardar.isPending}
            onClick={() => guardar.mutate()}
          >
            {guardado ? 'Guardar cambios' : 'Guardar gasto menor'}
          </Button>
        </Group>
      </Stack>
    </DatesProvider>
  );
}
