import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorDeApi } from '../api/client.ts';

/** Shows a failed save: the server's field errors on their inputs, and its Spanish message as a toast. */
export function mostrarErrorDeGuardado<T>(
  error: unknown,
  form?: UseFormReturnType<T>,
  titulo = 'No se guardó',
): void {
  if (error instanceof ErrorDeApi && form) {
    for (const { campo, mensaje } of error.errores) {
      form.setFieldError(campo, mensaje);
    }
  }
  notifications.show({
    color: 'red',
    title: titulo,
    message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
    autoClose: 5200,
  });
}

/** A short confirmation toast after saving. */
export function avisarGuardado(mensaje: string): void {
  notifications.show({ color: 'green', message: mensaje, autoClose: 2400 });
}
