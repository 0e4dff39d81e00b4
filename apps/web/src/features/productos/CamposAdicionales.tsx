import '@mantine/dates/styles.css';
import { Group, Paper, Select, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { type CatalogoDeCuentas, type CategoriaDeCuenta, LARGO_MAXIMO_PRODUCTO } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import type { FormularioDeProducto } from './campos.ts';
import { seleccionQueries } from './queries.ts';

const NOMBRES_DE_CATEGORIA: Record<CategoriaDeCuenta, string> = {
  efectivo: 'Efectivo',
  bancos: 'Bancos',
  cuentasPorCobrar: 'Cuentas por cobrar',
  inventario: 'Inventario',
  impuestosAFavor: 'Impuestos a favor',
  cuentasPorPagar: 'Cuentas por pagar',
  impuestosPorPagar: 'Impuestos por pagar',
  capital: 'Capital',
  ingresos: 'Ingresos',
  costos: 'Costos',
  gastos: 'Gastos',
  otros: 'Otros',
};

type CampoDeCuenta =
  | 'cuentaContableVentas'
  | 'cuentaContableInventario'
  | 'cuentaContableCostoDeVenta'
  | 'ajustesPorSaldosInicialesEnInventario';

const CUENTAS: Array<{ campo: CampoDeCuenta; etiqueta: string; primero: CategoriaDeCuenta[] }> = [
  { campo: 'cuentaContableVentas', etiqueta: 'Cuenta de ventas', primero: ['ingresos'] },
  { campo: 'cuentaContableInventario', etiqueta: 'Cuenta de inventario', primero: ['inventario'] },
  { campo: 'cuentaContableCostoDeVenta', etiqueta: 'Cuenta de costo de venta', primero: ['costos'] },
  {
    campo: 'ajustesPorSaldosInicialesEnInventario',
    etiqueta: 'Ajustes por saldos iniciales de inventario',
    primero: ['capital', 'otros'],
  },
];

/** The detail accounts grouped by category, the ones that fit the field first. */
function opcionesDeCuenta(listas: CatalogoDeCuentas['listas'] | undefined, primero: CategoriaDeCuenta[]) {
  if (!listas) {
    return [];
  }
  const categorias = [
    ...primero,
    ...(Object.keys(NOMBRES_DE_CATEGORIA) as CategoriaDeCuenta[]).filter((c) => !primero.includes(c)),
  ];
  return categorias
    .map((categoria) => ({
      group: NOMBRES_DE_CATEGORIA[categoria],
      items: (listas[categoria] ?? []).map((c) => ({
        value: c.idCuenta,
        label: `${c.codigoDeCuenta} · ${c.nombre}`,
      })),
    }))
    .filter((grupo) => grupo.items.length > 0);
}

/** Tab «Cuentas contables»: the product's own accounts; empty uses the company's assignment. */
export function CamposDeCuentas({ form }: { form: FormularioDeProducto }) {
  const catalogo = useQuery(seleccionQueries.catalogo());
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Déjalas vacías para usar las de la asignación de cuentas contables de la empresa.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {CUENTAS.map(({ campo, etiqueta, primero }) => (
          <Select
            key={campo}
            label={etiqueta}
            placeholder="La de la asignación contable"
            data={opcionesDeCuenta(catalogo.data?.listas, primero)}
            clearable
            searchable
            nothingFoundMessage="Ninguna cuenta coincide"
            value={form.values[campo]?.idCuenta ?? null}
            onChange={(v) => form.setFieldValue(campo, v ? { idCuenta: v } : null)}
            error={form.errors[`${campo}.idCuenta`] ?? form.errors[campo]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Tab «Reservación»: a reservable service, its length, provider and working week (spec 002 §3). */
export function CamposDeReservacion({ form }: { form: FormularioDeProducto }) {
  const usuarios = useQuery(seleccionQueries.usuarios());
  const valores = form.values;
  const activo = valores.reservable;
  return (
    <Stack gap="md">
      <Switch
        label="Se puede reservar (citas y servicios con horario)"
        {...form.getInputProps('reservable', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
        <Select
          label="Tipo de reserva"
          data={[
            { value: 'cita', label: 'Cita' },
            { value: 'servicio', label: 'Servicio' },
            { value: 'alquiler', label: 'Alquiler' },
          ]}
          allowDeselect={false}
          disabled={!activo}
          {...form.getInputProps('tipoDeReserva')}
        />
        <CampoNumerico
          label="Duración (minutos)"
          min={1}
          max={1440}
          allowDecimal={false}
          disabled={!activo}
          valor={valores.duracionReserva}
          vacio={0}
          alCambiar={(v) => form.setFieldValue('duracionReserva', v)}
          error={form.errors.duracionReserva}
        />
        <Select
          label="Lo presta"
          placeholder={usuarios.error ? 'Sin acceso a los usuarios' : 'Cualquiera'}
          data={(usuarios.data ?? [])
            .filter((u) => u.activo)
            .map((u) => ({ value: u._id, label: u.username }))}
          clearable
          searchable
          disabled={!activo || Boolean(usuarios.error)}
          {...form.getInputProps('idUsuarioProveedor')}
        />
        <TimeInput label="Abre" disabled={!activo} {...form.getInputProps('horaDeInicioPorDefecto')} />
        <TimeInput label="Cierra" disabled={!activo} {...form.getInputProps('horaDeCierrePorDefecto')} />
      </SimpleGrid>
      <Paper withBorder radius="sm" p="xs" maw={560} opacity={activo ? 1 : 0.6}>
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Día</Table.Th>
              <Table.Th>Trabaja</Table.Th>
              <Table.Th>Desde</Table.Th>
              <Table.Th>Hasta</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {valores.horarioDeTrabajo.map((dia, i) => (
              <Table.Tr key={dia.dia}>
                <Table.Td>{dia.dia}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Trabaja el ${dia.dia.toLowerCase()}`}
                    disabled={!activo}
                    {...form.getInputProps(`horarioDeTrabajo.${i}.estado`, { type: 'checkbox' })}
                  />
                </Table.Td>
                <Table.Td>
                  <TimeInput
                    size="xs"
                    aria-label={`Desde el ${dia.dia.toLowerCase()}`}
                    disabled={!activo || !dia.estado}
                    {...form.getInputProps(`horarioDeTrabajo.${i}.horaDeInicio`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TimeInput
                    size="xs"
                    aria-label={`Hasta el ${dia.dia.toLowerCase()}`}
                    disabled={!activo || !dia.estado}
                    {...form.getInputProps(`horarioDeTrabajo.${i}.horaDeCierre`)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

/** Tab «Plan»: the fields of a subscription plan sold as a product (spec 002 §3 plan fields). */
export function CamposDePlan({ form }: { form: FormularioDeProducto }) {
  const valores = form.values;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Solo para productos que son planes de suscripción de la plataforma (facturas recurrentes que crean
        empresas).
      </Text>
      <Group grow align="flex-start" wrap="wrap">
        <CampoDeTexto
          label="Modo del plan"
          placeholder="Sin plan"
          max={LARGO_MAXIMO_PRODUCTO.modoPlan}
          {...form.getInputProps('modoPlan')}
        />
        <CampoNumerico
          label="Frecuencia (días)"
          min={1}
          max={3650}
          allowDecimal={false}
          valor={valores.frecuencia}
          vacio={0}
          alCambiar={(v) => form.setFieldValue('frecuencia', v)}
          error={form.errors.frecuencia}
        />
        <CampoDeTexto
          label="Vigencia"
          max={LARGO_MAXIMO_PRODUCTO.vigencia}
          {...form.getInputProps('vigencia')}
        />
        <CampoNumerico
          label="Cantidad de usuarios"
          description="0 = ilimitados"
          min={0}
          allowDecimal={false}
          valor={valores.cantidadDeUsuarios}
          vacio={0}
          alCambiar={(v) => form.setFieldValue('cantidadDeUsuarios', v)}
          error={form.errors.cantidadDeUsuarios}
        />
      </Group>
    </Stack>
  );
}
