import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CrearRuta, type Ruta } from '@pos/contract';
import type { z } from 'zod';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { revisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { largoMaximo } from '../../ui/esquemas.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { useCrearRuta } from './queries.ts';

type Valores = z.input<typeof CrearRuta>;

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  /** The created route, to select it in the form that opened this modal. */
  alCrear: (ruta: Ruta) => void;
};

/** The small route form (spec 002 §2 "Other modals: route form"), opened from the client form. */
export function ModalRuta({ abierto, alCerrar, alCrear }: Props) {
  const crear = useCrearRuta();
  const form = useForm<Valores>({
    initialValues: { identificadorUnico: nuevoIdentificador(), nombre: '', direccion: '' },
    validate: resolverZod<Valores>(CrearRuta),
  });

  async function enviar(valores: Valores) {
    try {
      const ruta = await crear.mutateAsync(valores);
      if (!revisarDuplicado(ruta)) {
        avisarGuardado(`Ruta «${ruta.nombre}» creada.`);
      }
      alCrear(ruta);
      form.setValues({ identificadorUnico: nuevoIdentificador(), nombre: '', direccion: '' });
      alCerrar();
    } catch (error) {
      mostrarErrorDeGuardado(error, form, 'Error de Datos Requeridos');
    }
  }

  return (
    <Modal opened={abierto} onClose={alCerrar} title="Nueva ruta" centered size="sm">
      {/* Its own form element would nest inside the client form: submit by button instead. */}
      <Stack gap="sm">
        <CampoDeTexto
          label="Nombre"
          withAsterisk
          data-autofocus
          max={largoMaximo(CrearRuta, 'nombre')}
          {...form.getInputProps('nombre')}
        />
        <CampoDeTexto
          label="Dirección o zona"
          max={largoMaximo(CrearRuta, 'direccion')}
          {...form.getInputProps('direccion')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={alCerrar}>
            Cancelar
          </Button>
          <Button loading={crear.isPending} onClick={() => form.onSubmit((v) => void enviar(v))()}>
            Crear ruta
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
