import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type ConciliacionResumen,
  MENSAJE_CONCILIACION_ACTUALIZADA,
  MENSAJE_ERROR_CONCILIACION,
  TITULO_ERROR_CONCILIACION,
} from '@pos/contract';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { dinero } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { useAbrirConciliacion, useActualizarConciliacion } from './queries.ts';

type Valores = {
  fechaInicioConciliacion: string;
  fechaFinConciliacion: string;
  saldoFinalDelEstado: number | null;
  ingresosBancarios: number | null;
  gastosBancarios: number | null;
};

/**
 * The reconcile modal (spec 002 §2 "Modals and views", §4 open/update): the statement's period, its
 * final balance, the interest the bank paid and its fees. saldoInicial is shown, never typed: it is the
 * previous statement's balance (the server's).
 */
export function ModalConciliar({
  abierto,
  alCerrar,
  idCuenta,
  saldoInicial,
  fechaInicio,
  conciliacion,
}: {
  abierto: boolean;
  alCerrar: () => void;
  idCuenta: string;
  saldoInicial: number;
  fechaInicio: string;
  /** Present: editing the open reconciliation; absent: opening a new one. */
  conciliacion: ConciliacionResumen | null;
}) {
  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      title={conciliacion ? 'Datos de la conciliación' : 'Conciliar cuenta'}
      centered
      size="lg"
    >
      {abierto && (
        <Formulario
          idCuenta={idCuenta}
          saldoInicial={saldoInicial}
          fechaInicio={fechaInicio}
          conciliacion={conciliacion}
          alTerminar={alCerrar}
        />
      )}
    </Modal>
  );
}

function ultimoDiaDelMes(fecha: string): string {
  const [anio, mes] = fecha.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(anio, mes, 0)).toISOString().slice(0, 10);
}

function Formulario({
  idCuenta,
  saldoInicial,
  fechaInicio,
  conciliacion,
  alTerminar,
}: {
  idCuenta: string;
  saldoInicial: number;
  fechaInicio: string;
  conciliacion: ConciliacionResumen | null;
  alTerminar: () => void;
}) {
  const abrir = useAbrirConciliacion();
  const actualizar = useActualizarConciliacion();
  const form = useForm<Valores>({
    initialValues: conciliacion
      ? {
          fechaInicioConciliacion: conciliacion.fechaInicioConciliacion,
          fechaFinConciliacion: conciliacion.fechaFinConciliacion,
          saldoFinalDelEstado: conciliacion.saldoFinalDelEstado,
          ingresosBancarios: conciliacion.ingresosBancarios,
          gastosBancarios: conciliacion.gastosBancarios,
        }
      : {
          fechaInicioConciliacion: fechaInicio,
          fechaFinConciliacion: ultimoDiaDelMes(fechaInicio),
          saldoFinalDelEstado: null,
          ingresosBancarios: 0,
          gastosBancarios: 0,
        },
    validate: {
      fechaInicioConciliacion: (v) => (v ? null : 'Indica la fecha inicial del estado'),
      fechaFinConciliacion: (v, valores) =>
        !v
          ? 'Indica la fecha final del estado'
          : v < valores.fechaInicioConciliacion
            ? 'La fecha final no puede ser anterior a la inicial'
            : null,
      saldoFinalDelEstado: (v) => (v === null ? 'Escribe el saldo final del estado de cuenta' : null),
      ingresosBancarios: (v) =>
        v !== null && v < 0 ? 'Los ingresos bancarios no pueden ser menores que 0' : null,
      gastosBancarios: (v) =>
        v !== null && v < 0 ? 'Los gastos bancarios no pueden ser menores que 0' : null,
    },
  });

  async function enviar(valores: Valores) {
    const cuerpo = {
      fechaInicioConciliacion: valores.fechaInicioConciliacion,
      fechaFinConciliacion: valores.fechaFinConciliacion,
      saldoFinalDelEstado: valores.saldoFinalDelEstado ?? 0,
      ingresosBancarios: valores.ingresosBancarios ?? 0,
      gastosBancarios: valores.gastosBancarios ?? 0,
    };
    try {
      const respuesta = conciliacion
        ? await actualizar.mutateAsync({ id: conciliacion._id, ...cuerpo })
        : await abrir.mutateAsync({ idCuenta, ...cuerpo });
      notifications.show({ color: 'green', message: respuesta.message || MENSAJE_CONCILIACION_ACTUALIZADA });
      alTerminar();
    } catch (error) {
      mostrarErrorDeGuardado(error, form, TITULO_ERROR_CONCILIACION);
    }
  }

  // Spec 002 §8: a reconciliation failure is 'Tenemos un error' titled 'Error de Datos Requeridos'.
  function avisarErrores() {
    notifications.show({
      color: 'red',
      title: TITULO_ERROR_CONCILIACION,
      message: MENSAJE_ERROR_CONCILIACION,
      autoClose: 3500,
    });
  }

  const fecha = (campo: 'fechaInicioConciliacion' | 'fechaFinConciliacion', etiqueta: string) => (
    <DateInput
      label={etiqueta}
      withAsterisk
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      value={form.values[campo] || null}
      onChange={(dia) => form.setFieldValue(campo, dia ?? '')}
      error={form.errors[campo]}
    />
  );
  const monto = (
    campo: 'saldoFinalDelEstado' | 'ingresosBancarios' | 'gastosBancarios',
    etiqueta: string,
    obligatorio = false,
  ) => (
    <CampoNumerico
      label={etiqueta}
      withAsterisk={obligatorio}
      decimalScale={2}
      thousandSeparator=","
      valor={form.values[campo]}
      alCambiar={(valor) => form.setFieldValue(campo, valor)}
      error={form.errors[campo]}
    />
  );

  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v), avisarErrores)} noValidate>
      <Stack gap="sm">
        <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
          <SimpleGrid cols={2} spacing="sm">
            {fecha('fechaInicioConciliacion', 'Desde')}
            {fecha('fechaFinConciliacion', 'Hasta')}
          </SimpleGrid>
        </DatesProvider>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Saldo inicial (último estado conciliado):
          </Text>
          <Text size="sm" fw={700} ff="monospace">
            {dinero(conciliacion?.saldoInicial ?? saldoInicial)}
          </Text>
        </Group>
        {monto('saldoFinalDelEstado', 'Saldo final del estado de cuenta', true)}
        <SimpleGrid cols={2} spacing="sm">
          {monto('ingresosBancarios', 'Intereses ganados (ingresos bancarios)')}
          {monto('gastosBancarios', 'Comisiones y cargos (gastos bancarios)')}
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={alTerminar}>
            Cancelar
          </Button>
          <BotonEscritura type="submit" loading={abrir.isPending || actualizar.isPending}>
            {conciliacion ? 'Guardar datos' : 'Abrir conciliación'}
          </BotonEscritura>
        </Group>
      </Stack>
    </form>
  );
}
