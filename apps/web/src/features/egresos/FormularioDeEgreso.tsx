import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CrearEgreso,
  contactos,
  type DetalleEgreso,
  egresos,
  type FormaDePagoEgreso,
  LineaEgresoEntrada,
  MENSAJE_CAMPOS_BASICOS_EGRESO,
  MENSAJE_EGRESO_NO_ACTUALIZADO,
  MENSAJE_SIN_COMPRAS_PENDIENTES,
} from '@pos/contract';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import { IconCash, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { SelectorDeCentroDeCosto } from '../centrosDeCosto/SelectorDeCentroDeCosto.tsx';
import { contabilidadQueries, cuentasDeDetalle } from '../contabilidad/queries.ts';
import { FORMAS_DE_PAGO } from '../ingresos/etiquetas.ts';
import { filasDeCompras, filasDeEdicion, lineasDeEdicion, montosDe } from './edicion.ts';
import { ModalEgreso } from './ModalEgreso.tsx';
import { egresoQueries } from './queries.ts';
import { LISTA_EGRESOS } from './rutas.ts';

type Proveedor = { _id: string; nombre: string };

type LineaACuenta = {
  clave: string;
  idLinea: string | null;
  idCuenta: string | null;
  importe: number | null;
  nota: string;
};

const lineaVacia = (): LineaACuenta => ({
  clave: crypto.randomUUID(),
  idLinea: null,
  idCuenta: null,
  importe: null,
  nota: '',
});

/**
 * A payment out from the back office (spec 001 §3 "Payment out"): the supplier and what is paid of each
 * of their pending purchases (tipoDeEgreso true), or money paid to accounting accounts, each line debiting
 * a detail account with its amount and note (false: rent, a service, a deposit). The money leaves the
 * account chosen or, without one, the payment method's. `edicion`: the payment being edited
 * (PUT /recibos-egresos/update/), its supplier and kind fixed.
 */
export function FormularioDeEgreso({
  tipo,
  edicion,
}: {
  tipo: 'compras' | 'cuentas';
  edicion?: DetalleEgreso;
}) {
  const recibo = edicion?.egresoReferenciadoGral;
  const aCompras = tipo === 'compras';
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const catalogo = useQuery(contabilidadQueries.catalogo());
  const opciones = cuentasDeDetalle(catalogo.data?.treeData ?? []).map((c) => ({
    value: c.id,
    label: `${c.codigoDeCuenta} · ${c.nombre}`,
  }));
  const [elegido, setElegido] = useState<ClienteElegido | null>(null);
  const proveedor: Proveedor | null = recibo?.idCliente
    ? { _id: recibo.idCliente, nombre: recibo.nombreProveedor }
    : elegido;
  const [formaDePago, setFormaDePago] = useState<FormaDePagoEgreso>(recibo?.formaDePago ?? 'Efectivo');
  const [cuentaCredito, setCuentaCredito] = useState<string | null>(
    recibo?.cuentaContableCredito.idCuenta ?? null,
  );
  const [detalles, setDetalles] = useState(recibo?.detalles ?? '');
  const [centro, setCentro] = useState({
    id: recibo?.idCentroDeCosto ?? null,
    nombre: recibo?.centroDeCosto ?? '',
  });
  // What is typed per purchase (null while empty, which pays nothing of it).
  const [montos, setMontos] = useState<Record<string, number | null>>(() =>
    edicion && aCompras ? montosDe(edicion) : {},
  );
  const [lineas, setLineas] = useState<LineaACuenta[]>(() =>
    edicion && !aCompras
      ? edicion.res.map((l) => ({
          clave: l._id,
          idLinea: l._id,
          idCuenta: l.cuentaContableDebito?.idCuenta ?? null,
          importe: l.importe,
          nota: l.nota,
        }))
      : [lineaVacia()],
  );
  const [identificadorUnico, setIdentificadorUnico] = useState(() => crypto.randomUUID());
  const [creado, setCreado] = useState<string | null>(null);

  const pendientes = useQuery({
    ...egresoQueries.pendientes(proveedor?._id ?? ''),
    enabled: aCompras && proveedor !== null,
  });
  const compras = pendientes.data?.res ?? [];
  // Reached from a purchase's «Pagar» (`?proveedor=&compra=`, apps/web/src/features/compras/rutas.ts
  // rutaDePagarCompra; the mirror of an invoice's «Cobrar»): its supplier chosen in the selector and all
  // that purchase owes proposed, the others left empty (nothing paid of them), once.
  const [parametros] = useSearchParams();
  const idProveedorInicial = recibo || !aCompras ? null : parametros.get('proveedor');
  const idCompraInicial = parametros.get('compra');
  const proveedorInicial = useQuery({
    queryKey: ['contactos', 'uno', idProveedorInicial],
    queryFn: ({ signal }) => api(contactos.obtener, { params: { id: idProveedorInicial ?? '' }, signal }),
    enabled: idProveedorInicial !== null,
  });
  const aplicados = useRef({ proveedor: false, compra: false });
  useEffect(() => {
    if (proveedorInicial.data && !aplicados.current.proveedor) {
      aplicados.current.proveedor = true;
      setElegido(proveedorInicial.data);
    }
  }, [proveedorInicial.data]);
  useEffect(() => {
    const compra = idProveedorInicial
      ? pendientes.data?.res.find((c) => c._id === idCompraInicial)
      : undefined;
    if (compra && !aplicados.current.compra) {
      aplicados.current.compra = true;
      setMontos({ [compra._id]: compra.pendiente });
    }
  }, [pendientes.data, idProveedorInicial, idCompraInicial]);
  const filas = edicion ? filasDeEdicion(edicion, compras) : filasDeCompras(compras);

  // An amount above what the purchase owes stays as typed with its message and blocks the payment
  // (the server refuses it too, spec 001 §4: never above the pending).
  const erroresCompras = Object.fromEntries(
    filas.map((f) => {
      const importe = montos[f.idCompra] ?? null;
      if (importe === null || importe === 0) {
        return [f.idCompra, null];
      }
      return [
        f.idCompra,
        errorDeCampo(LineaEgresoEntrada, 'importe', importe) ??
          (aCentavos(importe) > aCentavos(f.pendiente) ? `Debe ${dinero(f.pendiente)}.` : null),
      ];
    }),
  );
  const erroresCuentas = lineas.map((l) =>
    l.importe ? errorDeCampo(LineaEgresoEntrada, 'importe', l.importe) : null,
  );
  const errorDetalles = errorDeCampo(CrearEgreso, 'detalles', detalles);
  const hayErrores = aCompras
    ? Object.values(erroresCompras).some(Boolean)
    : erroresCuentas.some(Boolean) || lineas.some((l) => (l.importe ?? 0) > 0 && !l.idCuenta);

  const lineasDeCompras = filas
    .map((f) => ({ idCompra: f.idCompra, importe: montos[f.idCompra] ?? 0 }))
    .filter((l) => l.importe > 0);
  const lineasDeCuentas = lineas.filter((l) => l.idCuenta && (l.importe ?? 0) > 0);
  const res = aCompras
    ? lineasDeCompras
    : lineasDeCuentas.map((l) => ({
        ...(l.idLinea ? { _id: l.idLinea } : {}),
        cuentaContableDebito: { idCuenta: l.idCuenta as string },
        importe: l.importe ?? 0,
        nota: l.nota.trim(),
      }));
  const total = aPesos(sumarCentavos(res.map((l) => aCentavos(l.importe))));
  // Spec 001 §5 "Payment-out create failure": paying purchases needs the supplier and an amount;
  // to accounts, one complete line.
  const faltan = res.length === 0 || (aCompras && proveedor === null);

  function reiniciar() {
    setMontos({});
    setLineas([lineaVacia()]);
    setDetalles('');
    setIdentificadorUnico(crypto.randomUUID());
  }

  const cabecera = {
    formaDePago,
    cuentaContableCredito: cuentaCredito ? { idCuenta: cuentaCredito } : null,
    // The cost centre only when chosen or changed: an untouched form sends what it always sent.
    ...(centro.id !== (recibo?.idCentroDeCosto ?? null)
      ? { idCentroDeCosto: centro.id, centroDeCosto: centro.id ? centro.nombre : '' }
      : {}),
    detalles: detalles.trim(),
  };
  const guardar = useMutation({
    mutationFn: () =>
      recibo && edicion
        ? api(egresos.actualizar, {
            body: {
              idEgresosRef: recibo._id,
              ...(aCompras
                ? lineasDeEdicion(edicion, filas, montos)
                : {
                    update: res,
                    eliminar: edicion.res
                      .map((l) => l._id)
                      .filter((id) => !res.some((r) => '_id' in r && r._id === id)),
                  }),
              ...cabecera,
            },
          }).then(() => null)
        : api(egresos.crear, {
            body: {
              identificadorUnico,
              tipoDeEgreso: aCompras,
              idCliente: proveedor?._id ?? null,
              nombreProveedor: proveedor?.nombre ?? '',
              ...cabecera,
              res,
            },
          }),
    onSuccess: async (respuesta) => {
      await queryClient.invalidateQueries({ queryKey: egresoQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['compras'] });
      if (respuesta === null) {
        notifications.show({
          color: 'green',
          message: `Recibo ${recibo?.comprobante ?? ''} actualizado.`,
          autoClose: 1500,
        });
        void navegar(LISTA_EGRESOS);
        return;
      }
      if (respuesta[0]?.solicitudDuplicada) {
        avisarDuplicado();
      } else {
        setCreado(respuesta[0]?.idEgresosRef ?? null);
      }
      reiniciar();
    },
    // Spec 001 §8: a failed update says what the spec says, with the server's reason; a failed create
    // 'Debes llenar los campos básicos' with it.
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: recibo ? MENSAJE_EGRESO_NO_ACTUALIZADO : MENSAJE_CAMPOS_BASICOS_EGRESO,
        message: error.message,
        autoClose: 5200,
      }),
  });

  function alGuardar() {
    if (faltan) {
      notifications.show({
        color: 'red',
        title: MENSAJE_CAMPOS_BASICOS_EGRESO,
        message: aCompras
          ? proveedor === null
            ? 'Elige el proveedor y lo que pagas de sus compras.'
            : 'Escribe lo que pagas de por lo menos una compra.'
          : 'Elige la cuenta y el importe de por lo menos una línea.',
        autoClose: 4000,
      });
      return;
    }
    guardar.mutate();
  }

  function cambiarLinea(clave: string, cambio: Partial<LineaACuenta>) {
    setLineas((actuales) => actuales.map((l) => (l.clave === clave ? { ...l, ...cambio } : l)));
  }

  const selector = recibo ? (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        Proveedor
      </Text>
      <Text fw={600}>{recibo.nombreProveedor || 'Sin proveedor'}</Text>
    </Stack>
  ) : (
    <SelectorDeCliente
      proveedor
      placeholder={aCompras ? 'Busca el proveedor por nombre o RNC' : 'Proveedor (opcional)'}
      valor={elegido}
      alCambiar={(p) => {
        setElegido(p);
        setMontos({});
      }}
    />
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: 1, minWidth: 260 }}>{selector}</div>
        <Select
          label="Forma de pago"
          data={FORMAS_DE_PAGO}
          value={formaDePago}
          onChange={(v) => setFormaDePago((v as FormaDePagoEgreso | null) ?? 'Efectivo')}
          allowDeselect={false}
          w={180}
        />
        <Select
          label="Cuenta de donde sale el dinero"
          placeholder="La de la forma de pago"
          data={opciones}
          value={cuentaCredito}
          onChange={setCuentaCredito}
          searchable
          clearable
          w={300}
        />
        <SelectorDeCentroDeCosto
          value={centro.id}
          onChange={(id, nombre) => setCentro({ id, nombre })}
          w={220}
        />
      </Group>
      {catalogo.isError && <Text c="red">{catalogo.error.message}</Text>}
      {aCompras ? (
        proveedor === null ? (
          <Text size="sm" c="dimmed">
            Elige el proveedor para ver sus compras pendientes.
          </Text>
        ) : pendientes.isPending ? (
          <Center p="md">
            <Loader size="sm" />
          </Center>
        ) : pendientes.isError ? (
          <Text c="red">{pendientes.error.message}</Text>
        ) : filas.length === 0 ? (
          <Alert color="blue" p="xs" title="No hay compras pendientes">
            {MENSAJE_SIN_COMPRAS_PENDIENTES}
          </Alert>
        ) : (
          <Paper withBorder radius="sm">
            <Table verticalSpacing={6} fz="sm" striped aria-label="Compras pendientes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Compra</Table.Th>
                  <Table.Th>NCF</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th ta="right">A pagar</Table.Th>
                  <Table.Th ta="right">Pendiente</Table.Th>
                  <Table.Th ta="right" w={170}>
                    Pagar
                  </Table.Th>
                  <Table.Th w={70} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.map((f) => (
                  <Table.Tr key={f.idCompra}>
                    <Table.Td ff="monospace">{f.etiqueta}</Table.Td>
                    <Table.Td ff="monospace">{f.ncf || '—'}</Table.Td>
                    <Table.Td>{f.fechaEmision ? fecha(f.fechaEmision) : '—'}</Table.Td>
                    <Table.Td ta="right">{dinero(f.total)}</Table.Td>
                    <Table.Td ta="right">{dinero(f.pendiente)}</Table.Td>
                    <Table.Td>
                      <CampoNumerico
                        aria-label={`Pagar de ${f.etiqueta}`}
                        // From a purchase's «Pagar» the cursor waits on what it proposes for that purchase.
                        autoFocus={idProveedorInicial !== null && f.idCompra === idCompraInicial}
                        valor={montos[f.idCompra] ?? null}
                        alCambiar={(importe) => setMontos((m) => ({ ...m, [f.idCompra]: importe }))}
                        error={erroresCompras[f.idCompra] ?? undefined}
                        min={0}
                        max={f.pendiente}
                        decimalScale={2}
                        thousandSeparator=","
                        hideControls
                        size="xs"
                        styles={{ input: { textAlign: 'right' } }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setMontos((m) => ({ ...m, [f.idCompra]: f.pendiente }))}
                      >
                        Todo
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )
      ) : (
        <>
          <Paper withBorder radius="sm">
            <Table verticalSpacing={6} fz="sm" aria-label="Cuentas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cuenta que se debita</Table.Th>
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
                        onChange={(idCuenta) => cambiarLinea(l.clave, { idCuenta })}
                        searchable
                        size="xs"
                        error={(l.importe ?? 0) > 0 && !l.idCuenta ? 'Elige la cuenta.' : undefined}
                      />
                    </Table.Td>
                    <Table.Td>
                      <CampoDeTexto
                        aria-label={`Nota de la línea ${indice + 1}`}
                        value={l.nota}
                        onChange={(e) => cambiarLinea(l.clave, { nota: e.currentTarget.value })}
                        max={largoMaximo(LineaEgresoEntrada, 'nota')}
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <CampoNumerico
                        aria-label={`Importe de la línea ${indice + 1}`}
                        valor={l.importe}
                        alCambiar={(importe) => cambiarLinea(l.clave, { importe })}
                        error={erroresCuentas[indice] ?? undefined}
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
        </>
      )}
      <AreaDeTexto
        label="Detalles"
        placeholder="Nota del recibo (opcional)"
        value={detalles}
        onChange={(e) => setDetalles(e.currentTarget.value)}
        autosize
        minRows={1}
        max={largoMaximo(CrearEgreso, 'detalles')}
        error={errorDetalles ?? undefined}
      />
      <Group justify="space-between">
        <Text fw={700} size="lg" data-testid="total-egreso">
          Total a pagar {dinero(total)}
        </Text>
        <Button
          leftSection={<IconCash size={18} />}
          disabled={hayErrores || errorDetalles !== null}
          loading={guardar.isPending}
          onClick={alGuardar}
        >
          {recibo ? 'Guardar cambios' : 'Guardar recibo'}
        </Button>
      </Group>
      <ModalEgreso id={creado} alCerrar={() => setCreado(null)} />
    </Stack>
  );
}
