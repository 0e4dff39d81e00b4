import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LARGO_MAXIMO_PRODUCTO, type ListaDePrecio, type Producto } from '@pos/contract';
import type { Impuesto } from '@pos/domain';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { dinero, porcentaje, porcentajeDeFraccion } from '../../ui/formato.ts';
import { aNumero, type FormularioDeProducto, PROPS_DE_CANTIDAD, PROPS_DE_MONTO } from './campos.ts';
import { desglosarPrecio, precioConVariante, precioDesdeBase, precioEnLista } from './precios.ts';
import { nuevoIdDeVariante, seleccionQueries } from './queries.ts';

const claveDeImpuesto = (i: Impuesto) => `${i.name}|${i.tipoDeImpuesto}|${i.tasa}`;

function Dato({ etiqueta, valor, ayuda }: { etiqueta: string; valor: string; ayuda?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {etiqueta}
      </Text>
      <Text size="sm" fw={600} title={ayuda} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {valor}
      </Text>
    </div>
  );
}

/**
 * The typed price before tax, while the user is writing it there (null: the price with tax leads).
 * Kept by the form screen so that switching tabs does not lose which field leads.
 */
export type BaseEscrita = { valor: string | null; cambiar: (valor: string | null) => void };

/** Tab «Precios e impuestos»: taxes, price with tax ↔ price without tax (live, from the domain), cost. */
export function CamposDePrecio({
  form,
  base,
  producto,
}: {
  form: FormularioDeProducto;
  base: BaseEscrita;
  producto: Producto | undefined;
}) {
  const impuestos = useQuery(seleccionQueries.impuestos());
  const valores = form.values;
  const elegidos = valores.impuestos;
  // Active taxes, plus any the product carries that is no longer active (so it still shows).
  const opciones = new Map<string, Impuesto>();
  for (const i of impuestos.data ?? []) {
    opciones.set(claveDeImpuesto(i), { name: i.name, tipoDeImpuesto: i.tipoDeImpuesto, tasa: i.tasa });
  }
  for (const i of elegidos) {
    opciones.set(claveDeImpuesto(i), i);
  }
  const desglose = desglosarPrecio(valores.precioDeVenta, elegidos);

  function cambiarImpuestos(claves: string[]) {
    const nuevos = claves.flatMap((clave) => {
      const impuesto = opciones.get(clave);
      return impuesto ? [impuesto] : [];
    });
    form.setFieldValue('impuestos', nuevos);
    // The field the user typed leads: a typed base keeps its value and the shelf price follows.
    if (base.valor !== null) {
      form.setFieldValue('precioDeVenta', precioDesdeBase(aNumero(base.valor), nuevos));
    }
  }

  const error = (campo: string) => form.errors[campo];
  return (
    <Stack gap="md">
      <MultiSelect
        label="Impuestos"
        placeholder={elegidos.length === 0 ? 'Sin impuestos (exento)' : undefined}
        data={[...opciones.entries()].map(([value, i]) => ({
          value,
          // «Itbis 18%» already says its rate; other names get it in brackets.
          label: i.name.includes('%')
            ? i.name
            : `${i.name} (${porcentajeDeFraccion(i.tasa >= 1 ? i.tasa - 1 : i.tasa)})`,
        }))}
        value={elegidos.map(claveDeImpuesto)}
        onChange={cambiarImpuestos}
        clearable
        error={error('impuestos')}
        maw={560}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CampoNumerico
          label="Precio de venta (con impuesto)"
          description="El de la góndola: lo que paga el cliente"
          {...PROPS_DE_MONTO}
          fixedDecimalScale
          valor={valores.precioDeVenta}
          vacio={0}
          alCambiar={(precio) => {
            base.cambiar(null);
            form.setFieldValue('precioDeVenta', precio);
          }}
          error={error('precioDeVenta')}
        />
        <CampoNumerico
          label="Precio sin impuesto"
          description="Escríbelo aquí y el precio con impuesto se calcula"
          {...PROPS_DE_MONTO}
          decimalScale={6}
          valor={base.valor ?? desglose.sinImpuesto.toFixed(2)}
          vacio={0}
          alCambiar={(sinImpuesto) => {
            base.cambiar(String(sinImpuesto));
            form.setFieldValue('precioDeVenta', precioDesdeBase(sinImpuesto, elegidos));
          }}
        />
        <CampoNumerico
          label="Costo (sin impuesto)"
          description="Costo unitario de compra"
          {...PROPS_DE_MONTO}
          fixedDecimalScale
          valor={valores.costo}
          vacio={0}
          alCambiar={(costo) => form.setFieldValue('costo', costo)}
          error={error('costo')}
        />
      </SimpleGrid>
      <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Dato
            etiqueta="Precio sin impuesto exacto"
            valor={desglose.exacto}
            ayuda="precioSinImpuestoSinRedondeo: la base que usan las facturas"
          />
          <Dato etiqueta="Impuesto por unidad" valor={dinero(desglose.impuesto)} />
          <Dato etiqueta="Precio con impuesto" valor={dinero(desglose.conImpuesto)} />
          {producto ? (
            <Dato
              etiqueta="Costo promedio · último costo"
              valor={`${dinero(producto.costoPromedio)} · ${dinero(producto.ultimoCosto)}`}
            />
          ) : (
            <Dato etiqueta="Costo" valor={dinero(valores.costo)} />
          )}
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CampoNumerico
          label="Margen de beneficio (%)"
          min={0}
          decimalScale={4}
          valor={valores.tasaBeneficios}
          vacio={0}
          alCambiar={(tasa) => form.setFieldValue('tasaBeneficios', tasa)}
          error={error('tasaBeneficios')}
        />
        <CampoNumerico
          label="Comisión del vendedor (%)"
          min={0}
          decimalScale={4}
          valor={valores.tasaComision}
          vacio={0}
          alCambiar={(tasa) => form.setFieldValue('tasaComision', tasa)}
          error={error('tasaComision')}
        />
        <CampoNumerico
          label="Descuento para socios (%)"
          description="Se aplica a los clientes marcados como socios"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={0}
          max={100}
          decimalScale={2}
          valor={valores.descuentoParaSocios}
          vacio={0}
          alCambiar={(descuento) => form.setFieldValue('descuentoParaSocios', descuento)}
          error={error('descuentoParaSocios')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function descripcionDeLista(lista: ListaDePrecio): string {
  if (lista.predeterminado) {
    return 'Predeterminada';
  }
  return lista.tipo ? `Descuento ${porcentaje(lista.porcentaje)}` : 'Precio propio';
}

/** Tab «Listas de precio»: a price of its own per list (before tax), and what each list charges. */
export function CamposDeListas({ form }: { form: FormularioDeProducto }) {
  const listas = useQuery(seleccionQueries.listasDePrecio());
  const valores = form.values;
  const base = desglosarPrecio(valores.precioDeVenta, valores.impuestos).exacto;
  const asignadas = new Map(valores.listaDePrecioAsignada.map((l, i) => [l.idLista, i]));
  // Lists assigned to the product that are no longer active still show, so they can be removed.
  const ids = new Set((listas.data ?? []).map((l) => l._id));
  const huerfanas = valores.listaDePrecioAsignada.filter((l) => !ids.has(l.idLista));

  function asignar(lista: ListaDePrecio, si: boolean) {
    if (si) {
      form.insertListItem('listaDePrecioAsignada', {
        idLista: lista._id,
        precio: precioEnLista(base, lista, null, valores.impuestos).sinImpuesto,
        precioPorDefecto: false,
        tasaBeneficios: 0,
      });
    } else {
      const indice = asignadas.get(lista._id);
      if (indice !== undefined) {
        form.removeListItem('listaDePrecioAsignada', indice);
      }
    }
  }

  if (listas.isPending) {
    return <Text c="dimmed">Cargando las listas de precio…</Text>;
  }
  if ((listas.data ?? []).length === 0 && huerfanas.length === 0) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
        No hay listas de precio activas. Créalas en Inventario › Listas de precios.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Sin precio propio, cada lista cobra el precio del producto con su descuento. Los precios propios se
        escriben sin impuesto, como en las facturas.
      </Text>
      <ScrollArea type="auto">
        <Table verticalSpacing={6} fz="sm" miw={640} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lista</Table.Th>
              <Table.Th>Precio propio (sin impuesto)</Table.Th>
              <Table.Th ta="right">Cobra sin impuesto</Table.Th>
              <Table.Th ta="right">Cobra con impuesto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(listas.data ?? []).map((lista) => {
              const indice = asignadas.get(lista._id);
              const asignada = indice === undefined ? null : valores.listaDePrecioAsignada[indice];
              const cobra = precioEnLista(base, lista, asignada?.precio ?? null, valores.impuestos);
              return (
                <Table.Tr key={lista._id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {lista.nombre}
                      </Text>
                      <Badge size="xs" variant="light" color={lista.predeterminado ? 'blue' : 'gray'}>
                        {descripcionDeLista(lista)}
                      </Badge>
                      {lista.esUnaOferta && (
                        <Badge size="xs" variant="light" color="orange">
                          Oferta
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {lista.predeterminado ? (
                      <Text size="xs" c="dimmed">
                        Usa el precio del producto
                      </Text>
                    ) : (
                      <Group gap="xs" wrap="nowrap">
                        <Checkbox
                          aria-label={`Precio propio en «${lista.nombre}»`}
                          checked={asignada !== null}
                          onChange={(e) => asignar(lista, e.currentTarget.checked)}
                        />
                        <CampoNumerico
                          size="xs"
                          w={150}
                          aria-label={`Precio en «${lista.nombre}»`}
                          {...PROPS_DE_MONTO}
                          disabled={indice === undefined}
                          valor={asignada?.precio ?? null}
                          vacio={0}
                          alCambiar={(precio) =>
                            indice !== undefined &&
                            form.setFieldValue(`listaDePrecioAsignada.${indice}.precio`, precio)
                          }
                          error={
                            indice === undefined
                              ? undefined
                              : form.errors[`listaDePrecioAsignada.${indice}.precio`]
                          }
                        />
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {dinero(cobra.sinImpuesto)}
                  </Table.Td>
                  <Table.Td ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {dinero(cobra.conImpuesto)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {huerfanas.map((l) => (
              <Table.Tr key={l.idLista}>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed">
                    Lista desactivada · precio propio {dinero(l.precio)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      form.removeListItem(
                        'listaDePrecioAsignada',
                        valores.listaDePrecioAsignada.findIndex((x) => x.idLista === l.idLista),
                      )
                    }
                  >
                    Quitar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

/** Tab «Empaque»: selling by the package (PQT# codes, F7 in the POS) with its own price and cost. */
export function CamposDeEmpaque({ form }: { form: FormularioDeProducto }) {
  const valores = form.values;
  const desglose = desglosarPrecio(valores.precioPorPaqueteConImpuesto, valores.impuestos);
  const activo = valores.paqueteIncluido;
  return (
    <Stack gap="md">
      <Switch
        label="Se vende también por empaque (caja, paquete, fardo…)"
        {...form.getInputProps('paqueteIncluido', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <CampoDeTexto
          label="Nombre del empaque"
          placeholder="Caja, paquete de 6…"
          max={LARGO_MAXIMO_PRODUCTO.nombrePaquete}
          disabled={!activo}
          {...form.getInputProps('nombrePaquete')}
        />
        <CampoNumerico
          label="Unidades por empaque"
          {...PROPS_DE_CANTIDAD}
          disabled={!activo}
          valor={valores.cantidadPorPaquete}
          vacio={0}
          alCambiar={(unidades) => form.setFieldValue('cantidadPorPaquete', unidades)}
          error={form.errors.cantidadPorPaquete}
        />
        <CampoNumerico
          label="Precio del empaque (con impuesto)"
          {...PROPS_DE_MONTO}
          fixedDecimalScale
          disabled={!activo}
          valor={valores.precioPorPaqueteConImpuesto}
          vacio={0}
          alCambiar={(precio) => form.setFieldValue('precioPorPaqueteConImpuesto', precio)}
          error={form.errors.precioPorPaqueteConImpuesto}
        />
        <CampoNumerico
          label="Costo del empaque"
          {...PROPS_DE_MONTO}
          disabled={!activo}
          valor={valores.costoPorPaquete}
          vacio={0}
          alCambiar={(costo) => form.setFieldValue('costoPorPaquete', costo)}
          error={form.errors.costoPorPaquete}
        />
      </SimpleGrid>
      {activo && (
        <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Dato etiqueta="Empaque sin impuesto (exacto)" valor={desglose.exacto} />
            <Dato etiqueta="Impuesto del empaque" valor={dinero(desglose.impuesto)} />
            <Dato etiqueta="Precio del empaque" valor={dinero(desglose.conImpuesto)} />
          </SimpleGrid>
        </Paper>
      )}
    </Stack>
  );
}

/** Tab «Variantes»: each variant adds its valor (before tax) to the price (spec 002 §3). */
export function CamposDeVariantes({ form }: { form: FormularioDeProducto }) {
  const [generando, setGenerando] = useState(false);
  const valores = form.values;
  const base = desglosarPrecio(valores.precioDeVenta, valores.impuestos).exacto;

  async function agregar() {
    setGenerando(true);
    try {
      // Spec 002 §7: a new variant's id comes from GET /general/objectid/1.
      const _id = await nuevoIdDeVariante();
      const numero = Math.max(0, ...valores.variantes.map((v) => v.numeroDeVariante ?? 0)) + 1;
      form.insertListItem('variantes', { _id, numeroDeVariante: numero, name: '', valor: 0 });
    } catch {
      notifications.show({
        color: 'red',
        message: 'No se pudo generar el numero de variante',
        autoClose: 4500,
      });
    } finally {
      setGenerando(false);
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Tamaños, sabores o presentaciones de un mismo producto. El valor se suma al precio sin impuesto (puede
        ser negativo o 0).
      </Text>
      {valores.variantes.length > 0 && (
        <ScrollArea type="auto">
          <Table verticalSpacing={6} fz="sm" miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={50}>N.º</Table.Th>
                <Table.Th>Nombre</Table.Th>
                <Table.Th w={180}>Valor (sin impuesto)</Table.Th>
                <Table.Th ta="right" w={160}>
                  Precio con impuesto
                </Table.Th>
                <Table.Th w={50} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {valores.variantes.map((variante, i) => (
                <Table.Tr key={variante._id ?? i}>
                  <Table.Td c="dimmed">{variante.numeroDeVariante ?? i + 1}</Table.Td>
                  <Table.Td>
                    <CampoDeTexto
                      size="xs"
                      aria-label={`Nombre de la variante ${i + 1}`}
                      placeholder="Grande, sabor uva…"
                      max={LARGO_MAXIMO_PRODUCTO.nombreDeVariante}
                      {...form.getInputProps(`variantes.${i}.name`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <CampoNumerico
                      size="xs"
                      aria-label={`Valor de la variante ${i + 1}`}
                      decimalScale={2}
                      thousandSeparator=","
                      valor={variante.valor}
                      vacio={0}
                      alCambiar={(valor) => form.setFieldValue(`variantes.${i}.valor`, valor)}
                      error={form.errors[`variantes.${i}.valor`]}
                    />
                  </Table.Td>
                  <Table.Td ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {dinero(precioConVariante(base, variante, valores.impuestos))}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Quitar variante">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Quitar la variante ${i + 1}`}
                        onClick={() => form.removeListItem('variantes', i)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          loading={generando}
          onClick={() => void agregar()}
        >
          Agregar variante
        </Button>
      </Group>
    </Stack>
  );
}
