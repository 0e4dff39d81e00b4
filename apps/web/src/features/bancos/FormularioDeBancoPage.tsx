import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ActualizarCuentaDeBanco,
  CrearCuentaDeBanco,
  MENSAJE_ERROR_BANCO,
  TITULO_ERROR_BANCO,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { bancoQueries, useActualizarBanco, useCrearBanco } from './queries.ts';
import { LISTA_BANCOS } from './rutas.ts';

type Valores = {
  nombre: string;
  numeroDeCuenta: string;
  montoInicial: number;
  fechaInicial: string;
  idCuentaContable: string | null;
};

const hoy = () => fechaYHoraEnSantoDomingo(new Date()).fecha;

/**
 * /bancos/nuevo_banco and /bancos/editar_banco/:id (spec 002 §2, §3 "Bank account", §5 'Debes poner el
 * nombre del banco'). A new bank gets its own ledger account under the chart's banks group, or takes an
 * unused bank account of the chart; its opening balance posts an entry (docs/accounting.md).
 */
export default function FormularioDeBancoPage() {
  const { id } = useParams();
  const navegar = useNavigate();
  const existente = useQuery({ ...bancoQueries.uno(id ?? ''), enabled: Boolean(id) });
  const catalogo = useQuery({ ...bancoQueries.catalogo(), enabled: !id });
  const lista = useQuery({ ...bancoQueries.lista(), enabled: !id });
  const crear = useCrearBanco();
  const actualizar = useActualizarBanco(id ?? '');
  const [identificadorUnico] = useState(nuevoIdentificador);
  const form = useForm<Valores>({
    initialValues: {
      nombre: '',
      numeroDeCuenta: '',
      montoInicial: 0,
      fechaInicial: hoy(),
      idCuentaContable: null,
    },
    validate: (valores) =>
      id
        ? resolverZod<Valores>(ActualizarCuentaDeBanco)(valores)
        : resolverZod<Valores & { identificadorUnico: string }>(CrearCuentaDeBanco)({
            ...valores,
            identificadorUnico,
          }),
  });

  const cargado = existente.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the bank into the form once it arrives.
  useEffect(() => {
    if (cargado) {
      form.setValues({
        nombre: cargado.nombre,
        numeroDeCuenta: cargado.numeroDeCuenta,
        montoInicial: cargado.montoInicial,
        fechaInicial: cargado.fechaInicial,
        idCuentaContable: cargado.cuentaContable.idCuenta,
      });
      form.resetDirty();
    }
  }, [cargado]);

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }

  // The bank ledger accounts of the chart no bank uses yet.
  const usadas = new Set((lista.data?.cuentas ?? []).map((c) => c.cuentaContable.idCuenta));
  const libres = (catalogo.data?.listas.bancos ?? [])
    .filter((c) => !usadas.has(c.idCuenta))
    .map((c) => ({ value: c.idCuenta, label: `${c.codigoDeCuenta} ${c.nombre}` }));

  async function enviar(valores: Valores) {
    try {
      if (id) {
        const { idCuentaContable: _, ...cambios } = valores;
        await actualizar.mutateAsync(cambios);
        avisarGuardado('La cuenta de banco se actualizó correctamente');
      } else {
        const creado = await crear.mutateAsync({ ...valores, identificadorUnico });
        if (creado.solicitudDuplicada) {
          avisarDuplicado();
        } else {
          avisarGuardado('La cuenta de banco se creó correctamente');
        }
      }
      await navegar(LISTA_BANCOS);
    } catch (error) {
      mostrarErrorDeGuardado(error, form, TITULO_ERROR_BANCO);
    }
  }

  // Spec 002 §5, §8: a missing required field names itself under 'Error de Datos Requeridos'.
  function avisarErrores(errores: Record<string, unknown>) {
    const primero = Object.values(errores).find((m) => typeof m === 'string');
    notifications.show({
      color: 'red',
      title: TITULO_ERROR_BANCO,
      message: typeof primero === 'string' ? primero : MENSAJE_ERROR_BANCO,
      autoClose: 3500,
    });
  }

  const montoCambiado = Boolean(
    cargado &&
      (form.values.montoInicial !== cargado.montoInicial ||
        form.values.fechaInicial !== cargado.fechaInicial),
  );

  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v), avisarErrores)} noValidate>
      <Stack gap="md" maw={960} mx="auto">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2}>{cargado ? `Banco «${cargado.nombre}»` : 'Nuevo banco'}</Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => navegar(LISTA_BANCOS)}>
              Cancelar
            </Button>
            <BotonEscritura type="submit" loading={crear.isPending || actualizar.isPending}>
              Guardar
            </BotonEscritura>
          </Group>
        </Group>
        <Paper withBorder radius="md" p="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Nombre del banco"
                placeholder="Ej.: Banco Popular — Cuenta corriente"
                withAsterisk
                maxLength={200}
                {...form.getInputProps('nombre')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Número de cuenta" maxLength={100} {...form.getInputProps('numeroDeCuenta')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CampoNumerico
                label="Monto inicial"
                description="El saldo del banco el día del saldo inicial"
                decimalScale={2}
                thousandSeparator=","
                min={0}
                vacio={0}
                valor={form.values.montoInicial}
                alCambiar={(monto) => form.setFieldValue('montoInicial', monto)}
                error={form.errors.montoInicial}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
                <DateInput
                  label="Fecha del saldo inicial"
                  valueFormat="DD/MM/YYYY"
                  placeholder="dd/mm/aaaa"
                  value={form.values.fechaInicial || null}
                  onChange={(dia) => form.setFieldValue('fechaInicial', dia ?? hoy())}
                  error={form.errors.fechaInicial}
                />
              </DatesProvider>
            </Grid.Col>
            <Grid.Col span={12}>
              {id && cargado ? (
                <Text size="sm" c="dimmed">
                  Cuenta contable: {cargado.cuentaContable.codigoDeCuenta} {cargado.cuentaContable.nombre}
                </Text>
              ) : (
                <Select
                  label="Cuenta contable"
                  description="Déjala vacía para crear una cuenta nueva en el grupo Bancos del catálogo, o elige una cuenta de banco que ningún banco use"
                  placeholder="Crear una cuenta nueva"
                  clearable
                  data={libres}
                  {...form.getInputProps('idCuentaContable')}
                />
              )}
            </Grid.Col>
          </Grid>
        </Paper>
        {montoCambiado && (
          <Alert color="blue" variant="light">
            Al guardar se revierte el asiento del saldo inicial y se registra uno nuevo con el monto y la
            fecha indicados.
          </Alert>
        )}
      </Stack>
    </form>
  );
}
