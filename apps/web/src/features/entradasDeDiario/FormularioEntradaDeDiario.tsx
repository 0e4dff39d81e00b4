import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CamposGeneralesEntrada,
  contactos,
  type DetalleEntradaDeDiario,
  entradasDeDiario,
  LineaEntradaDeDiarioEntrada,
  MENSAJE_ENTRADA_NO_CREADA,
  numeracion,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  esFechaFutura,
  fechaYHoraEnSantoDomingo,
  MENSAJE_ENTRADA_FECHA_FUTURA,
  revisarMontosDeEntrada,
  totalesDeEntrada,
} from '@pos/domain';
import { IconDeviceFloppy, IconListDetails, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { dinero } from '../../ui/formato.ts';
import { SelectorDeCentroDeCosto } from '../centrosDeCosto/SelectorDeCentroDeCosto.tsx';
import { contabilidadQueries, cuentasDeDetalle } from '../contabilidad/queries.ts';
import { ModalOpcionEntradaDeDiario } from './ModalOpcionEntradaDeDiario.tsx';
import { entradaDeDiarioQueries } from './queries.ts';
import { rutaDeVista } from './rutas.ts';

type Contacto = { _id: string; nombre: string };

type Linea = {
  clave: string;
  idCuenta: string | null;
  debito: number | null;
  credito: number | null;
  idCentroDeCosto: string | null;
  contacto: Contacto | null;
  nota: string;
};

const hoy = () => fechaYHoraEnSantoDomingo(new Date()).fecha;

const lineaVacia = (): Linea => ({
  clave: crypto.randomUUID(),
  idCuenta: null,
  debito: null,
  credito: null,
  idCentroDeCosto: null,
  contacto: null,
  nota: '',
});

/** A line's contact, searched by name among every contact (customers and suppliers). */
function SelectorDeContacto({
  valor,
  alCambiar,
  etiqueta,
}: {
  valor: Contacto | null;
  alCambiar: (contacto: Contacto | null) => void;
  etiqueta: string;
}) {
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const buscando = valor === null || busqueda !== valor.nombre;
  const consulta = useQuery({
    queryKey: ['contactos', 'buscarContacto', input],
    queryFn: ({ signal }) => api(contactos.listar, { body: { input, page: 1, limit: 15 }, signal }),
    enabled: buscando,
    staleTime: 30_000,
  });
  const encontrados = consulta.data?.res ?? [];
  const opciones = encontrados.map((c) => ({ value: c._id, label: c.nombre }));
  if (valor && !opciones.some((o) => o.value === valor._id)) {
    opciones.unshift({ value: valor._id, label: valor.nombre });
  }
  return (
    <Select
      aria-label={etiqueta}
      placeholder="Sin contacto"
      searchable
      clearable
      size="xs"
      data={opciones}
      value={valor?._id ?? null}
      searchValue={busqueda}
      onSearchChange={setBusqueda}
      filter={({ options }) => options}
      nothingFoundMessage={consulta.isFetching ? 'Buscando…' : 'Ningún contacto coincide'}
      rightSection={consulta.isFetching ? <Loader size={12} /> : undefined}
      onChange={(id) => {
        const elegido = encontrados.find((c) => c._id === id) ?? (valor?._id === id ? valor : null);
        alCambiar(elegido ? { _id: elegido._id, nombre: elegido.nombre } : null);
      }}
    />
  );
}

/**
 * The journal-entry form (spec 002 §3 "Journal entry": fecha, descripcionGeneral, idNumeracion; lines
 * with account, cost centre, contact, debit, credit and note): detail accounts only (the chart's
 * leaves), running totals with the difference, and the domain's rules before sending (two lines, a
 * debit or a credit each, balanced; no future date). `guardada`: the entry being edited (PATCH with all
 * its final lines; the number stays).
 */
export function FormularioEntradaDeDiario({ guardada }: { guardada?: DetalleEntradaDeDiario }) {
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const catalogo = useQuery(contabilidadQueries.catalogo());
  const numeraciones = useQuery({
    queryKey: ['numeraciones', 'entradaDeDiario'],
    queryFn: async ({ signal }) =>
      (await api(numeracion.listar, { signal })).filter((n) => n.tipoDeDocumento === 'entradaDeDiario'),
    enabled: !guardada,
    retry: false,
  });
  const opcionesDeCuenta = cuentasDeDetalle(catalogo.data?.treeData ?? []).map((c) => ({
    value: c.id,
    label: `${c.codigoDeCuenta} · ${c.nombre}`,
  }));

  const [fecha, setFecha] = useState(guardada?.fecha ?? hoy());
  const [idNumeracion, setIdNumeracion] = useState<string | null>(null);
  const [descripcion, setDescripcion] = useState(guardada?.descripcionGeneral ?? '');
  const [lineas, setLineas] = useState<Linea[]>(() =>
    guardada
      ? guardada.lineas.map((l) => ({
          clave: l._id,
          idCuenta: l.cuentaContable.idCuenta,
          debito: l.debito || null,
          credito: l.credito || null,
          idCentroDeCosto: l.idCentroDeCosto,
          contacto: l.contacto,
          nota: l.nota,
        }))
      : [lineaVacia(), lineaVacia()],
  );
  const [eligiendoOpcion, setEligiendoOpcion] = useState(false);
  const [identificadorUnico, setIdentificadorUnico] = useState(() => crypto.randomUUID());

  // A line with nothing typed is left out; the rest go as they are, for the rules below.
  const usadas = lineas.filter(
    (l) => l.idCuenta || (l.debito ?? 0) !== 0 || (l.credito ?? 0) !== 0 || l.nota.trim(),
  );
  const montos = usadas.map((l) => ({
    debito: aCentavos(l.debito ?? 0),
    credito: aCentavos(l.credito ?? 0),
  }));
  const totales = totalesDeEntrada(montos);
  const reglas = revisarMontosDeEntrada(montos);
  const sinCuenta = usadas.some((l) => !l.idCuenta);
  const futura = esFechaFutura(fecha, hoy());
  const errorDescripcion = errorDeCampo(CamposGeneralesEntrada, 'descripcionGeneral', descripcion);
  const errores = lineas.map((l) => ({
    debito: l.debito === null ? null : errorDeCampo(LineaEntradaDeDiarioEntrada, 'debito', l.debito),
    credito: l.credito === null ? null : errorDeCampo(LineaEntradaDeDiarioEntrada, 'credito', l.credito),
    cuenta: usadas.includes(l) && !l.idCuenta ? 'Elige la cuenta.' : null,
  }));
  const hayErrores = errores.some((e) => e.debito || e.credito || e.cuenta);
  const cuerpoLineas = usadas.map((l) => ({
    cuentaContable: { idCuenta: l.idCuenta as string },
    debito: l.debito ?? 0,
    credito: l.credito ?? 0,
    idCentroDeCosto: l.idCentroDeCosto,
    contacto: l.contacto?._id ?? null,
    nota: l.nota.trim(),
  }));

  function cambiar(clave: string, cambio: Partial<Linea>) {
    setLineas((actuales) => actuales.map((l) => (l.clave === clave ? { ...l, ...cambio } : l)));
  }

  const guardar = useMutation({
    mutationFn: async () => {
      const camposGenerales = {
        fecha,
        descripcionGeneral: descripcion.trim(),
        ...(idNumeracion ? { idNumeracion } : {}),
      };
      if (guardada) {
        const cambiada = await api(entradasDeDiario.actualizar, {
          params: { id: guardada._id },
          body: { camposGenerales, lineas: cuerpoLineas },
        });
        return { entrada: cambiada, duplicado: false };
      }
      const creada = await api(entradasDeDiario.crear, {
        body: { camposGenerales, lineas: cuerpoLineas, identificadorUnico },
      });
      return { entrada: creada, duplicado: creada.solicitudDuplicada };
    },
    onSuccess: async ({ entrada, duplicado }) => {
      await queryClient.invalidateQueries({ queryKey: entradaDeDiarioQueries.all() });
      if (duplicado) {
        avisarDuplicado();
        setIdentificadorUnico(crypto.randomUUID());
        return;
      }
      notifications.show({
        color: 'green',
        message: guardada ? 'Cambios Completados' : `Entrada de diario ${entrada.comprobante} guardada.`,
        autoClose: 1500,
      });
      void navegar(rutaDeVista(entrada._id));
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        // Spec 002 §8 "Accounting failures": 'No se creo la entrada de diario'; an update shows 'No se actualizo'.
        title: guardada ? 'No se actualizo' : MENSAJE_ENTRADA_NO_CREADA,
        message: error.message,
        autoClose: 5200,
      }),
  });

  const opcionesDeNumeracion = (numeraciones.data ?? []).map((n) => ({
    value: n._id,
    label: `${n.nombre} (${n.proximoComprobante})`,
  }));
  const predeterminada = numeraciones.data?.find((n) => n.predeterminado);
  const aviso = futura ? MENSAJE_ENTRADA_FECHA_FUTURA : sinCuenta ? null : (reglas?.mensaje ?? null);

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <DateInput
              label="Fecha"
              valueFormat="DD/MM/YYYY"
              value={fecha}
              maxDate={hoy()}
              onChange={(v) => v && setFecha(String(v).slice(0, 10))}
              error={futura ? MENSAJE_ENTRADA_FECHA_FUTURA : undefined}
            />
            {guardada ? (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  Número
                </Text>
                <Text ff="monospace" mt={6}>
                  {guardada.comprobante}
                </Text>
              </Stack>
            ) : (
              <Select
                label="Numeración"
                placeholder={
                  predeterminada
                    ? `${predeterminada.nombre} (${predeterminada.proximoComprobante})`
                    : 'La predeterminada'
                }
                data={opcionesDeNumeracion}
                value={idNumeracion}
                onChange={setIdNumeracion}
                clearable
                disabled={numeraciones.isError}
              />
            )}
            <Group align="flex-end">
              <Button
                variant="default"
                leftSection={<IconListDetails size={16} />}
                onClick={() => setEligiendoOpcion(true)}
              >
                Opciones de entrada
              </Button>
            </Group>
          </SimpleGrid>
          <AreaDeTexto
            mt="sm"
            label="Descripción general"
            placeholder="Qué registra esta entrada"
            value={descripcion}
            onChange={(e) => setDescripcion(e.currentTarget.value)}
            autosize
            minRows={1}
            max={largoMaximo(CamposGeneralesEntrada, 'descripcionGeneral')}
            error={errorDescripcion ?? undefined}
          />
        </Paper>
        {catalogo.isError && <Text c="red">{catalogo.error.message}</Text>}
        <Paper withBorder radius="sm" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing={6} fz="sm" aria-label="Líneas de la entrada" miw={980}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cuenta</Table.Th>
                <Table.Th w={170}>Centro de costo</Table.Th>
                <Table.Th w={170}>Contacto</Table.Th>
                <Table.Th w={170}>Nota</Table.Th>
                <Table.Th ta="right" w={120}>
                  Débito
                </Table.Th>
                <Table.Th ta="right" w={120}>
                  Crédito
                </Table.Th>
                <Table.Th w={36} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lineas.map((l, indice) => {
                const n = indice + 1;
                const e = errores[indice];
                return (
                  <Table.Tr key={l.clave}>
                    <Table.Td>
                      <Select
                        aria-label={`Cuenta de la línea ${n}`}
                        placeholder="Elige una cuenta de detalle"
                        data={opcionesDeCuenta}
                        value={l.idCuenta}
                        onChange={(idCuenta) => cambiar(l.clave, { idCuenta })}
                        searchable
                        size="xs"
                        error={e?.cuenta ?? undefined}
                      />
                    </Table.Td>
                    <Table.Td>
                      <SelectorDeCentroDeCosto
                        label={null}
                        aria-label={`Centro de costo de la línea ${n}`}
                        placeholder="Sin centro"
                        value={l.idCentroDeCosto}
                        onChange={(idCentroDeCosto) => cambiar(l.clave, { idCentroDeCosto })}
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <SelectorDeContacto
                        etiqueta={`Contacto de la línea ${n}`}
                        valor={l.contacto}
                        alCambiar={(contacto) => cambiar(l.clave, { contacto })}
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
                        aria-label={`Débito de la línea ${n}`}
                        valor={l.debito}
                        alCambiar={(debito) => cambiar(l.clave, { debito })}
                        error={e?.debito ?? undefined}
                        min={0}
                        decimalScale={2}
                        thousandSeparator=","
                        hideControls
                        size="xs"
                        styles={{ input: { textAlign: 'right' } }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <CampoNumerico
                        aria-label={`Crédito de la línea ${n}`}
                        valor={l.credito}
                        alCambiar={(credito) => cambiar(l.clave, { credito })}
                        error={e?.credito ?? undefined}
                        min={0}
                        decimalScale={2}
                        thousandSeparator=","
                        hideControls
                        size="xs"
                        styles={{ input: { textAlign: 'right' } }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Quitar la línea ${n}`}
                        disabled={lineas.length <= 2}
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
            onClick={() => setLineas((actuales) => [...actuales, lineaVacia()])}
          >
            Agregar línea
          </Button>
          <Stack gap={2} align="flex-end" aria-label="Totales">
            <Text size="sm">Débitos {dinero(aPesos(totales.debitos))}</Text>
            <Text size="sm">Créditos {dinero(aPesos(totales.creditos))}</Text>
            <Text fw={700} c={totales.cuadrada ? 'teal' : 'red'}>
              Diferencia {dinero(aPesos(totales.diferencia))}
            </Text>
          </Stack>
        </Group>
        {aviso && usadas.length > 0 && (
          <Alert color="yellow" p="xs">
            {aviso}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            disabled={reglas !== null || sinCuenta || futura || hayErrores || errorDescripcion !== null}
            loading={guardar.isPending}
            onClick={() => guardar.mutate()}
          >
            {guardada ? 'Guardar cambios' : 'Guardar entrada de diario'}
          </Button>
        </Group>
      </Stack>
      <ModalOpcionEntradaDeDiario
        abierto={eligiendoOpcion}
        alCerrar={() => setEligiendoOpcion(false)}
        alElegir={(opcion) => {
          // Spec 002 §3 "Journal option" (nombre, codigo, nota): it names the entry and notes its lines.
          setDescripcion(opcion.nombre);
          if (opcion.nota) {
            setLineas((actuales) => actuales.map((l) => (l.nota.trim() ? l : { ...l, nota: opcion.nota })));
          }
        }}
      />
    </DatesProvider>
  );
}
