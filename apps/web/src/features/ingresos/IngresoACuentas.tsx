import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CrearIngreso,
  type DetalleIngreso,
  type FormaDePagoIngreso,
  ingresos,
  LineaIngresoEntrada,
} from '@pos/contract';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import { IconCash, IconPlus, IconTrash } from '@tabler/icons-react';
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
import { type ClienteElegido, SelectorDeCliente } from '../facturas/SelectorDeCliente.tsx';
import { FORMAS_DE_PAGO } from './etiquetas.ts';
import { ModalIngreso } from './ModalIngreso.tsx';
import { ingresoQueries } from './queries.ts';
import { LISTA_INGRESOS } from './rutas.ts';

type Linea = {
  clave: string;
  idLinea: string | null;
  idCuenta: string | null;
  importe: number | null;
  nota: string;
};

const lineaVacia = (): Linea => ({
  clave: crypto.randomUUID(),
  idLinea: null,
  idCuenta: null,
  importe: null,
  nota: '',
});

/**
 * A receipt to accounting accounts (spec 001 §3 "Receipt in", tipoDeIngreso false): money received
 * that pays no invoice (interest, a refund from a supplier, a capital contribution). Each line credits
 * a detail account with its amount and note; the money goes to the account chosen or, without one, to
 * the payment method's (spec 001 §4). Accounts offered are detail accounts only, as the server requires.
 * `edicion`: the receipt being edited (PUT /ingresos-recibidos/update/).
 */
export function IngresoACuentas({ edicion }: { edicion?: DetalleIngreso }) {
  const recibo = edicion?.ingresoReferenciadoGral;
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const catalogo = useQuery(contabilidadQueries.catalogo());
  const opciones = cuentasDeDetalle(catalogo.data?.treeData ?? []).map((c) => ({
    value: c.id,
    label: `${c.codigoDeCuenta} · ${c.nombre}`,
  }));
  const [cliente, setCliente] = useState<ClienteElegido | null>(null);
  const [formaDePago, setFormaDePago] = useState<FormaDePagoIngreso>(recibo?.formaDePago ?? 'Efectivo');
  const [cuentaDebito, setCuentaDebito] = useState<string | null>(
    recibo?.cuentaContableDebito.idCuenta ?? null,
  );
  const [centro, setCentro] = useState({
    id: recibo?.idCentroDeCosto ?? null,
    nombre: recibo?.centroDeCosto ?? '',
  });
  const [detalles, setDetalles] = useState(recibo?.detalles ?? '');
  const [lineas, setLineas] = useState<Linea[]>(() =>
    edicion
      ? edicion.res.map((l) => ({
          clave: l._id,
          idLinea: l._id,
          idCuenta: l.cuentaContableCredito?.idCuenta ?? null,
          importe: l.importe,
          nota: l.nota,
        }))
      : [lineaVacia()],
  );
  const [identificadorUnico, setIdentificadorUnico] = useState(() => crypto.randomUUID());
  const [creado, setCreado] = useState<string | null>(null);

  const completas = lineas.filter((l) => l.idCuenta && (l.importe ?? 0) > 0);
  const total = aPesos(sumarCentavos(completas.map((l) => aCentavos(l.importe ?? 0))));
  const errores = lineas.map((l) =>
    l.importe ? errorDeCampo(LineaIngresoEntrada, 'importe', l.importe) : null,
  );
  const incompletas = lineas.some((l) => (l.importe ?? 0) > 0 && !l.idCuenta);
  const errorDetalles = errorDeCampo(CrearIngreso, 'detalles', detalles);
  const res = completas.map((l) => ({
    ...(l.idLinea ? { _id: l.idLinea } : {}),
    cuentaContableCredito: { idCuenta: l.idCuenta as string },
    importe: l.importe ?? 0,
    nota: l.nota.trim(),
  }));

  function cambiar(clave: string, cambio: Partial<Linea>) {
    setLineas((actuales) => actuales.map((l) => (l.clave === clave ? { ...l, ...cambio } : l)));
  }

  const alTerminar = async () => {
    await queryClient.invalidateQueries({ queryKey: ingresoQueries.all() });
  };
  const guardar = useMutation({
    mutationFn: () =>
      recibo
        ? api(ingresos.actualizar, {
            body: {
              idIngresosRef: recibo._id,
              update: res,
              eliminar: (edicion?.res ?? []).map((l) => l._id).filter((id) => !res.some((r) => r._id === id)),
              formaDePago,
              cuentaContableDebito: cuentaDebito ? { idCuenta: cuentaDebito } : null,
              idCentroDeCosto: centro.id,
              centroDeCosto: centro.id ? centro.nombre : '',
              detalles: detalles.trim(),
            },
          }).then(() => null)
        : api(ingresos.crear, {
            body: {
              identificadorUnico,
              tipoDeIngreso: false,
              idCliente: cliente?._id ?? null,
              nombreCliente: cliente?.nombre ?? '',
              formaDePago,
              cuentaContableDebito: cuentaDebito ? { idCuenta: cuentaDebito } : null,
              idCentroDeCosto: centro.id,
              centroDeCosto: centro.id ? centro.nombre : '',
              detalles: detalles.trim(),
              res,
            },
          }),
    onSuccess: async (respuesta) => {
      await alTerminar();
      if (respuesta === null) {
        notifications.show({ color: 'green', message: 'Recibo actualizado.', autoClose: 1500 });
        void navegar(LISTA_INGRESOS);
        return;
      }
      if (respuesta[0]?.solicitudDuplicada) {
        avisarDuplicado();
      } else {
        setCreado(respuesta[0]?.idIngresosRef ?? null);
      }
      setLineas([lineaVacia()]);
      setDetalles('');
      setIdentificadorUnico(crypto.randomUUID());
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: recibo ? 'No se actualizó' : 'Oops...',
        message: error.message,
        autoClose: 5200,
      }),
  });

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: 1, minWidth: 240 }}>
          {recibo ? (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Recibido de
              </Text>
              <Text fw={600}>{recibo.nombreCliente || 'Sin cliente'}</Text>
            </Stack>
          ) : (
            <SelectorDeCliente placeholder="Cliente (opcional)" valor={cliente} alCambiar={setCliente} />
          )}
        </div>
        <Select
          label="Forma de pago"
          data={FORMAS_DE_PAGO}
          value={formaDePago}
          onChange={(v) => setFormaDePago((v as FormaDePagoIngreso | null) ?? 'Efectivo')}
          allowDeselect={false}
          w={180}
        />
        <Select
          label="Cuenta que recibe el dinero"
          placeholder="La de la forma de pago"
          data={opciones}
          value={cuentaDebito}
          onChange={setCuentaDebito}
          searchable
          clearable
          w={280}
        />
        <SelectorDeCentroDeCosto
          value={centro.id}
          onChange={(id, nombre) => setCentro({ id, nombre })}
          w={220}
        />
      </Group>
      {catalogo.isError && <Text c="red">{catalogo.error.message}</Text>}
      <Paper withBorder radius="sm">
        <Table verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cuenta que se acredita</Table.Th>
              <Table.Th>Nota</Table.Th>
              <Table.Th ta="right" w={170}>
                Importe
              </Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lineas.map((l, indice) => (
              <Table.Tr key={l.clave}>
                <Table.Td>
                  <Select
                    aria-label={`Cuenta de la línea ${indice + 1}`}
                    placeholder="Elige una cuenta de detalle"
                    data={opciones}
                    value={l.idCuenta}
                    onChange={(idCuenta) => cambiar(l.clave, { idCuenta })}
                    searchable
                    size="xs"
                    error={(l.importe ?? 0) > 0 && !l.idCuenta ? 'Elige la cuenta.' : undefined}
                  />
                </Table.Td>
                <Table.Td>
                  <CampoDeTexto
                    aria-label={`Nota de la línea ${indice + 1}`}
                    value={l.nota}
                    onChange={(e) => cambiar(l.clave, { nota: e.currentTarget.value })}
                    max={500}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  <CampoNumerico
                    aria-label={`Importe de la línea ${indice + 1}`}
                    valor={l.importe}
                    alCambiar={(importe) => cambiar(l.clave, { importe })}
                    error={errores[indice] ?? undefined}
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
                    aria-label={`Quitar la línea ${indice + 1}`}
                    disabled={lineas.length === 1}
                    onClick={() => setLineas((actuales) => actuales.filter((x) => x.clave !== l.clave))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setLineas((actuales) => [...actuales, lineaVacia()])}
        >
          Agregar cuenta
        </Button>
      </Group>
      {opciones.length === 0 && catalogo.isSuccess && (
        <Alert color="yellow" p="xs">
          El catálogo no tiene cuentas de detalle.
        </Alert>
      )}
      <AreaDeTexto
        label="Detalles"
        placeholder="Nota del recibo (opcional)"
        value={detalles}
        onChange={(e) => setDetalles(e.currentTarget.value)}
        autosize
        minRows={1}
        max={largoMaximo(CrearIngreso, 'detalles')}
        error={errorDetalles ?? undefined}
      />
      <Group justify="space-between">
        <Text fw={700} size="lg">
          Total recibido {dinero(total)}
        </Text>
        <Button
          leftSection={<IconCash size={18} />}
          disabled={total <= 0 || incompletas || errores.some(Boolean) || errorDetalles !== null}
          loading={guardar.isPending}
          onClick={() => guardar.mutate()}
        >
          {recibo ? 'Guardar cambios' : 'Guardar recibo'}
        </Button>
      </Group>
      <ModalIngreso id={creado} alCerrar={() => setCreado(null)} />
    </Stack>
  );
}
