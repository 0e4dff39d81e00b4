import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CambiarCentroDeCosto, CrearCentroDeCosto } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { centrosDeCostoQueries, useGuardarCentroDeCosto, type ValoresDeCentro } from './queries.ts';
import { LISTA_CENTROS_DE_COSTO } from './rutas.ts';

/**
 * nuevo_centro_de_costo and editar/:id (spec 002 §2). Validated with the contract's schema; a create carries
 * one identificadorUnico for the life of the form, so a retry never creates twice.
 */
export default function FormularioDeCentroDeCostoPage() {
  const { id = null } = useParams();
  const navegar = useNavigate();
  const existente = useQuery({ ...centrosDeCostoQueries.uno(id ?? ''), enabled: id !== null });
  const guardar = useGuardarCentroDeCosto(id);
  const [identificadorUnico] = useState(nuevoIdentificador);
  const form = useForm<ValoresDeCentro>({
    initialValues: { nombre: '', descripcion: '' },
    validate: (valores) =>
      resolverZod<ValoresDeCentro & { identificadorUnico?: string }>(
        id ? CambiarCentroDeCosto : CrearCentroDeCosto,
      )(id ? valores : { ...valores, identificadorUnico }),
  });

  const cargado = existente.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the centre into the form once it arrives.
  useEffect(() => {
    if (cargado) {
      form.setValues({ nombre: cargado.nombre, descripcion: cargado.descripcion });
      form.resetDirty();
    }
  }, [cargado]);

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }

  async function enviar(valores: ValoresDeCentro) {
    try {
      const { solicitudDuplicada } = await guardar.mutateAsync(
        id ? valores : { ...valores, identificadorUnico },
      );
      if (solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(id ? 'Centro de costo actualizado.' : 'Centro de costo creado.');
      }
      await navegar(LISTA_CENTROS_DE_COSTO);
    } catch (error) {
      // Spec 002 §8: 'No se actualizo el centro de costos' on an update failure.
      mostrarErrorDeGuardado(
        error,
        form,
        id ? 'No se actualizó el centro de costos' : 'Error de Datos Requeridos',
      );
    }
  }

  // Spec 002 §5: a missing required field is told with the title 'Error de Datos Requeridos'.
  function avisarErrores(errores: Record<string, unknown>) {
    const primero = Object.values(errores).find((mensaje) => typeof mensaje === 'string');
    notifications.show({
      color: 'red',
      title: 'Error de Datos Requeridos',
      message: typeof primero === 'string' ? primero : 'Revisa los campos marcados.',
      autoClose: 3500,
    });
  }

  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v), avisarErrores)} noValidate>
      <Stack gap="md" maw={960} mx="auto">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2}>
            {id && cargado ? `Centro de costo «${cargado.nombre}»` : 'Nuevo centro de costo'}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => navegar(LISTA_CENTROS_DE_COSTO)}>
              Cancelar
            </Button>
            <BotonEscritura type="submit" loading={guardar.isPending}>
              Guardar
            </BotonEscritura>
          </Group>
        </Group>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <TextInput
              label="Nombre"
              withAsterisk
              maxLength={200}
              placeholder="Ej.: Sucursal Santiago"
              data-autofocus
              {...form.getInputProps('nombre')}
            />
            <Textarea
              label="Descripción"
              description="Para qué se usa: una tienda, un departamento, un proyecto."
              rows={3}
              maxLength={500}
              {...form.getInputProps('descripcion')}
            />
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
