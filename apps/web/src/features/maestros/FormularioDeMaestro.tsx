import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { CamposDeMaestro } from './CamposDeMaestro.tsx';
import { type DefinicionDeMaestro, mensajeDe, tieneEstado } from './definicion.ts';
import { maestroQueries, useGuardarMaestro } from './queries.ts';

/** The form values of an item: the keys of the family's empty values, taken from the item. */
function valoresDe<V extends Record<string, unknown>>(iniciales: V, fila: object): V {
  const valores: Record<string, unknown> = { ...iniciales };
  for (const clave of Object.keys(iniciales)) {
    const valor = (fila as Record<string, unknown>)[clave];
    if (valor !== undefined) {
      valores[clave] = valor;
    }
  }
  return valores as V;
}

function conMayuscula(texto: string): string {
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/**
 * The new/edit screen of any master-data family (`?id=` or `editar/:id` edits). Validated with the contract's schema; a
 * create carries one identificadorUnico for the life of the form, so a retry never creates twice.
 */
export function FormularioDeMaestro<F extends { _id: string }, V extends Record<string, unknown>>({
  definicion,
}: {
  definicion: DefinicionDeMaestro<F, V>;
}) {
  const { rutas } = definicion;
  const [parametros] = useSearchParams();
  const id = useParams().id ?? parametros.get('id');
  const navegar = useNavigate();
  const existente = useQuery({ ...maestroQueries(definicion).uno(id ?? ''), enabled: id !== null });
  const guardar = useGuardarMaestro(definicion, id);
  const [identificadorUnico] = useState(nuevoIdentificador);
  const form = useForm<V>({
    initialValues: definicion.valoresIniciales(),
    validate: (valores) =>
      resolverZod<V>(id ? definicion.esquemaCambiar : definicion.esquemaCrear)(
        id ? valores : { ...valores, identificadorUnico },
      ),
    onValuesChange: (valores, anteriores) => {
      const completados = definicion.completar?.(valores, anteriores);
      if (completados) {
        form.setValues(completados);
      }
    },
  });

  const cargado = existente.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the item into the form once it arrives.
  useEffect(() => {
    if (cargado) {
      form.setValues(valoresDe(definicion.valoresIniciales(), cargado));
      form.resetDirty();
    }
  }, [cargado]);

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }

  async function enviar(valores: V) {
    try {
      const { solicitudDuplicada } = await guardar.mutateAsync(
        id ? valores : { ...valores, identificadorUnico },
      );
      if (solicitudDuplicada) {
        avisarDuplicado();
      } else {
        avisarGuardado(mensajeDe(definicion, id ? 'actualizad' : 'cread'));
      }
      await navegar(rutas.lista);
    } catch (error) {
      const { titulosDeError } = definicion;
      mostrarErrorDeGuardado(
        error,
        form,
        id ? (titulosDeError?.actualizar ?? 'No se actualizó') : (titulosDeError?.crear ?? 'No se guardó'),
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

  const desactivado = cargado && tieneEstado(cargado) && cargado.estado === 'Desactivado' ? cargado : null;
  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v), avisarErrores)} noValidate>
      <Stack gap="md" maw={960} mx="auto">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2}>
            {id && cargado
              ? `${conMayuscula(definicion.singular)} «${definicion.nombre(cargado)}»`
              : rutas.tituloNuevo}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => navegar(rutas.lista)}>
              Cancelar
            </Button>
            <BotonEscritura type="submit" loading={guardar.isPending}>
              Guardar
            </BotonEscritura>
          </Group>
        </Group>
        {desactivado && (
          <Alert color="gray" variant="light" title="Desactivado">
            No se ofrece en los selectores. Motivo: {desactivado.notaAnular || '—'}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <CamposDeMaestro
            campos={definicion.campos}
            form={form}
            esquema={id ? definicion.esquemaCambiar : definicion.esquemaCrear}
          />
        </Paper>
      </Stack>
    </form>
  );
}
