import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CrearTransferencia,
  type CuentaDeBanco,
  MENSAJE_ERROR_BANCO,
  MENSAJE_TRANSFERENCIA_COMPLETADA,
  TITULO_ERROR_BANCO,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { useState } from 'react';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { revisarDuplicado } from '../../ui/duplicidad.tsx';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { dinero } from '../../ui/formato.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { useTransferir } from './queries.ts';

type Valores = {
  idCuentaOrigen: string;
  idCuentaDestino: string;
  monto: number | null;
  fecha: string;
  nota: string;
};

/**
 * The bank transfer modal (spec 002 §2 "Modals and views"): from one of the company's active banks to
 * another; the server posts one entry through the bridge account. Opened from the list and the detail
 * (`origen` preselects the bank the user came from).
 */
export function ModalTransferencia({
  abierto,
  alCerrar,
  cuentas,
  origen,
}: {
  abierto: boolean;
  alCerrar: () => void;
  cuentas: CuentaDeBanco[];
  origen?: string;
}) {
  return (
    <Modal opened={abierto} onClose={alCerrar} title="Transferencia entre cuentas" centered size="md">
      {abierto && <FormularioDeTransferencia cuentas={cuentas} origen={origen} alTerminar={alCerrar} />}
    </Modal>
  );
}

function FormularioDeTransferencia({
  cuentas,
  origen,
  alTerminar,
}: {
  cuentas: CuentaDeBanco[];
  origen: string | undefined;
  alTerminar: () => void;
}) {
  const transferir = useTransferir();
  // One identificadorUnico for the life of the modal: a retry or a double click never moves money twice.
  const [identificadorUnico] = useState(nuevoIdentificador);
  const activas = cuentas.filter((c) => c.activo);
  const opciones = activas.map((c) => ({ value: c._id, label: `${c.nombre} (${dinero(c.saldoTotal)})` }));
  const form = useForm<Valores>({
    initialValues: {
      idCuentaOrigen: origen ?? '',
      idCuentaDestino: '',
      monto: null,
      fecha: fechaYHoraEnSantoDomingo(new Date()).fecha,
      nota: '',
    },
    validate: (valores) =>
      resolverZod<Valores & { identificadorUnico: string }>(CrearTransferencia)({
        ...valores,
        identificadorUnico,
      }),
  });

  async function enviar(valores: Valores) {
    try {
      const respuesta = await transferir.mutateAsync({
        ...valores,
        monto: valores.monto ?? 0,
        identificadorUnico,
      });
      if (!revisarDuplicado(respuesta)) {
        notifications.show({
          color: 'green',
          message: respuesta.mensaje || MENSAJE_TRANSFERENCIA_COMPLETADA,
        });
      }
      alTerminar();
    } catch (error) {
      mostrarErrorDeGuardado(error, form, TITULO_ERROR_BANCO);
    }
  }

  // Spec 002 §8: a bank failure is 'Tenemos un error' titled 'Error de Datos Requeridos'.
  function avisarErrores() {
    notifications.show({
      color: 'red',
      title: TITULO_ERROR_BANCO,
      message: MENSAJE_ERROR_BANCO,
      autoClose: 3500,
    });
  }

  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v), avisarErrores)} noValidate>
      <Stack gap="sm">
        <Select
          label="Cuenta de origen"
          placeholder="Elige el banco que envía"
          withAsterisk
          data={opciones}
          allowDeselect={false}
          {...form.getInputProps('idCuentaOrigen')}
        />
        <Select
          label="Cuenta de destino"
          placeholder="Elige el banco que recibe"
          withAsterisk
          data={opciones}
          allowDeselect={false}
          {...form.getInputProps('idCuentaDestino')}
        />
        <CampoNumerico
          label="Monto"
          withAsterisk
          decimalScale={2}
          thousandSeparator=","
          min={0}
          valor={form.values.monto}
          alCambiar={(monto) => form.setFieldValue('monto', monto)}
          error={form.errors.monto}
        />
        <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
          <DateInput
            label="Fecha"
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            value={form.values.fecha || null}
            onChange={(dia) => form.setFieldValue('fecha', dia ?? '')}
            error={form.errors.fecha}
          />
        </DatesProvider>
        <Textarea label="Nota" autosize minRows={2} maxLength={500} {...form.getInputProps('nota')} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={alTerminar}>
            Cancelar
          </Button>
          <BotonEscritura type="submit" loading={transferir.isPending}>
            Transferir
          </BotonEscritura>
        </Group>
      </Stack>
    </form>
  );
}
