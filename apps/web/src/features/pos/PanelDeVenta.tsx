import {
  Box,
  Button,
  Divider,
  Group,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import type { ListaDePrecio } from '@pos/contract';
import { aPesos, type TotalesDocumento } from '@pos/domain';
import { IconCash, IconClipboardList } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { cantidad, dinero } from '../../ui/formato.ts';
import type { ClienteDelBorrador } from './borrador.ts';
import { SelectorDeCliente } from './SelectorDeCliente.tsx';

type Props = {
  totales: TotalesDocumento;
  articulos: number;
  cliente: ClienteDelBorrador | null;
  alElegirCliente: (cliente: ClienteDelBorrador | null) => void;
  puedeBuscarClientes: boolean;
  puedeCrearClientes: boolean;
  listas: readonly ListaDePrecio[];
  idLista: string | null;
  alCambiarLista: (id: string) => void;
  descuentoGlobal: number;
  limiteDescuento: number;
  alCambiarDescuento: (porcentaje: number) => void;
  alCobrar: () => void;
  /** Why charging is not possible now (no shift, no lines); null when it is. */
  bloqueoDeCobro: string | null;
  /** Keeps the draft as a sales order (or saves the order it was opened from); absent without the right. */
  alGuardarPedido?: (() => void) | undefined;
  /** The order number when the draft was opened from an order. */
  numeroPedido?: number | null;
  /** Under the lines, in two columns (narrow screens). */
  horizontal?: boolean;
  /** Under the lines, in one column (phones): the total and «Cobrar» full width. */
  apilado?: boolean;
};

function Fila({ etiqueta, valor, fuerte }: { etiqueta: string; valor: string; fuerte?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={fuerte ? undefined : 'dimmed'}>
        {etiqueta}
      </Text>
      <Text size="sm" fw={fuerte ? 700 : 500}>
        {valor}
      </Text>
    </Group>
  );
}

/** The right panel of the POS: customer, price list, global discount, totals and the charge button. */
export function PanelDeVenta(props: Props) {
  const { totales } = props;
  // The slider moves freely and applies on release, so every line is not rewritten on each step.
  const [descuento, setDescuento] = useState(props.descuentoGlobal);
  useEffect(() => setDescuento(props.descuentoGlobal), [props.descuentoGlobal]);
  const predeterminada = props.listas.find((lista) => lista.predeterminado);
  const marcas =
    props.limiteDescuento > 0
      ? [
          { value: 0, label: '0 %' },
          { value: props.limiteDescuento, label: `${props.limiteDescuento} %` },
        ]
      : [];

  const ajustes = (
    <>
      <div>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
          Cliente
        </Text>
        <SelectorDeCliente
          cliente={props.cliente}
          alElegir={props.alElegirCliente}
          puedeBuscar={props.puedeBuscarClientes}
          puedeCrear={props.puedeCrearClientes}
        />
      </div>
      <Select
        label="Lista de precios"
        data={props.listas.map((lista) => ({ value: lista._id, label: lista.nombre }))}
        value={props.idLista ?? predeterminada?._id ?? null}
        onChange={(valor) => valor && props.alCambiarLista(valor)}
        allowDeselect={false}
        placeholder="Precio del producto"
        disabled={props.listas.length === 0}
        comboboxProps={{ withinPortal: true }}
      />
      <Box px={4}>
        <Group justify="space-between" mb={4} mx={-4}>
          <Text size="sm" fw={500}>
            Descuento global
          </Text>
          <Text size="sm" fw={700} c={descuento > 0 ? 'green.8' : 'dimmed'}>
            {descuento} %
          </Text>
        </Group>
        <Slider
          aria-label="Descuento global"
          min={0}
          max={props.limiteDescuento}
          step={1}
          value={descuento}
          onChange={setDescuento}
          onChangeEnd={props.alCambiarDescuento}
          marks={marcas}
          disabled={props.limiteDescuento === 0}
          label={(valor) => `${valor} %`}
          mb={props.limiteDescuento > 0 ? 'md' : 0}
        />
      </Box>
    </>
  );

  const desglose = (
    <Stack gap={4}>
      <Fila etiqueta="Artículos" valor={cantidad(props.articulos)} />
      <Fila etiqueta="Importe" valor={dinero(aPesos(totales.importe))} />
      {totales.descuento > 0 && (
        <Fila etiqueta="Descuento" valor={`− ${dinero(aPesos(totales.descuento))}`} />
      )}
      <Fila etiqueta="Subtotal" valor={dinero(aPesos(totales.subtotal))} />
      {totales.desgloseDeImpuestos
        .filter((impuesto) => impuesto.total !== 0)
        .map((impuesto) => (
          <Fila
            key={`${impuesto.name}-${impuesto.tipoDeImpuesto}`}
            etiqueta={impuesto.name}
            valor={dinero(aPesos(impuesto.total))}
          />
        ))}
    </Stack>
  );

  const cobro = (
    <Stack gap={8} p="sm" bg="dark.7" c="white" style={{ borderRadius: props.horizontal ? 8 : 0 }}>
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text size="sm" tt="uppercase" fw={700} c="gray.4">
          Total
        </Text>
        <Text
          fz={props.apilado ? 28 : 32}
          fw={800}
          lh={1}
          aria-label="Total de la venta"
          style={{ whiteSpace: 'nowrap' }}
        >
          {dinero(aPesos(totales.total))}
        </Text>
      </Group>
      <Button
        size={props.apilado ? 'lg' : 'xl'}
        color="green"
        fullWidth
        leftSection={<IconCash size={26} />}
        onClick={props.alCobrar}
        disabled={props.bloqueoDeCobro !== null}
        title={props.bloqueoDeCobro ?? undefined}
      >
        Cobrar (F12)
      </Button>
      {props.bloqueoDeCobro && (
        <Text size="xs" c="gray.4" ta="center">
          {props.bloqueoDeCobro}
        </Text>
      )}
      {props.alGuardarPedido && (
        <Button
          variant="light"
          color="gray"
          fullWidth
          leftSection={<IconClipboardList size={18} />}
          onClick={props.alGuardarPedido}
          disabled={props.articulos === 0}
        >
          {props.numeroPedido ? `Guardar pedido ${props.numeroPedido} (F6)` : 'Guardar como pedido (F6)'}
        </Button>
      )}
    </Stack>
  );

  // A phone (390 px) stacks it under the lines in one column: the customer, the price list next to the
  // discount, the totals, then the total and «Cobrar» the full width, so no amount or label is cut.
  if (props.apilado) {
    return (
      <Paper withBorder radius="md" p="xs">
        <Stack gap="xs">
          {ajustes}
          {desglose}
          {cobro}
        </Stack>
      </Paper>
    );
  }

  // A portrait tablet (768 px) puts the panel under the lines, in two columns: settings, and totals with
  // the charge button.
  if (props.horizontal) {
    return (
      <Paper withBorder radius="md" p="sm">
        <SimpleGrid cols={2} spacing="md">
          <Stack gap="xs">{ajustes}</Stack>
          <Stack gap="xs" justify="space-between">
            {desglose}
            {cobro}
          </Stack>
        </SimpleGrid>
      </Paper>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <ScrollArea style={{ flex: 1 }} type="auto" scrollbars="y">
        <Stack gap="sm" p="sm">
          {ajustes}
          <Divider />
          {desglose}
        </Stack>
      </ScrollArea>
      {cobro}
    </Paper>
  );
}
