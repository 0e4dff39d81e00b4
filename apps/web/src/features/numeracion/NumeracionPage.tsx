import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  ActualizarNumeracion,
  CrearNumeracion,
  PERFIL_INTERNO,
  TIPOS_DE_DOCUMENTO,
  type TipoDeDocumento,
} from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { largoMaximo } from '../../ui/esquemas.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { leerFecha, tipoDeDocumento } from './etiquetas.ts';
import { numeracionQueries, useActualizarNumeracion, useCrearNumeracion } from './queries.ts';

type Valores = z.input<typeof CrearNumeracion>;

const LISTA = '/configuraciones/numeraciones/lista_numeraciones/';

function valoresIniciales(): Valores {
  return {
    identificadorUnico: nuevoIdentificador(),
    nombre: '',
    nombreModel: '',
    tipoDeDocumento: 'ventas',
    perfilesDeTipos: 'B02',
    prefijo: 'B',
    perfilNumericoOpciones: 8,
    fechaVencimiento: null,
    desde: 1,
    hasta: null,
    predeterminado: false,
  };
}

/** /configuraciones/numeraciones/nueva_numeracion and editar_numeracion?id=…. */
export default function NumeracionPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const existente = useQuery({ ...numeracionQueries.uno(id ?? ''), enabled: id !== null });
  const perfiles = useQuery(numeracionQueries.perfiles());
  const crear = useCrearNumeracion();
  const actualizar = useActualizarNumeracion(id ?? '');
  const [proximo, setProximo] = useState<string>('');
  const form = useForm<Valores>({
    initialValues: valoresIniciales(),
    // A number out of range stays as typed and the contract's message shows as the user leaves the field.
    validateInputOnBlur: true,
    validate: (valores) => {
      if (id) {
        const { identificadorUnico, seq, ...resto } = valores;
        return resolverZod<Omit<Valores, 'identificadorUnico' | 'seq'>>(ActualizarNumeracion)(resto);
      }
      return resolverZod<Valores>(CrearNumeracion)(valores);
    },
  });

  const cargado = existente.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the numbering into the form once it arrives.
  useEffect(() => {
    if (cargado) {
      form.setValues({
        identificadorUnico: cargado.identificadorUnico,
        nombre: cargado.nombre,
        nombreModel: cargado.nombreModel,
        tipoDeDocumento: cargado.tipoDeDocumento,
        perfilesDeTipos: cargado.perfilesDeTipos,
        prefijo: cargado.prefijo,
        perfilNumericoOpciones: cargado.perfilNumericoOpciones,
        fechaVencimiento: cargado.fechaVencimiento,
        desde: cargado.desde,
        hasta: cargado.hasta,
        predeterminado: cargado.predeterminado,
      });
      setProximo(cargado.proximoComprobante);
      form.resetDirty();
    }
  }, [cargado]);

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }

  const valores = form.values;
  const disponibles = (perfiles.data ?? []).filter((p) =>
    p.tiposDeDocumento.includes(valores.tipoDeDocumento),
  );
  const perfil = (perfiles.data ?? []).find((p) => p.perfilesDeTipos === valores.perfilesDeTipos);
  const fiscal = perfil?.fiscal ?? false;

  function elegirPerfil(codigo: string) {
    const elegido = perfiles.data?.find((p) => p.perfilesDeTipos === codigo);
    form.setFieldValue('perfilesDeTipos', codigo);
    if (elegido?.fiscal) {
      form.setFieldValue('prefijo', elegido.prefijo);
      form.setFieldValue('perfilNumericoOpciones', elegido.perfilNumericoOpciones);
    } else if (elegido) {
      form.setFieldValue('prefijo', 'D');
    }
  }

  function elegirTipo(tipo: TipoDeDocumento) {
    form.setFieldValue('tipoDeDocumento', tipo);
    const siguen = perfiles.data?.some(
      (p) => p.perfilesDeTipos === valores.perfilesDeTipos && p.tiposDeDocumento.includes(tipo),
    );
    if (!siguen) {
      elegirPerfil(PERFIL_INTERNO);
    }
  }

  // The number the next document will carry, as the server prints it.
  const digitos = fiscal
    ? (perfil?.perfilNumericoOpciones ?? 8)
    : Number(valores.perfilNumericoOpciones ?? 8);
  const siguiente = Number(valores.seq ?? valores.desde ?? 1);
  const vistaPrevia =
    id && proximo
      ? proximo
      : `${fiscal ? `${perfil?.prefijo ?? ''}${perfil?.prefijoNumerico ?? ''}` : (valores.prefijo ?? '')}${String(
          Number.isFinite(siguiente) ? siguiente : 1,
        ).padStart(digitos, '0')}`;

  async function enviar(datos: Valores) {
    try {
      if (id) {
        const { identificadorUnico, seq, ...cuerpo } = datos;
        await actualizar.mutateAsync(cuerpo);
        avisarGuardado('Numeración actualizada.');
      } else {
        const creada = await crear.mutateAsync(datos);
        if (creada.solicitudDuplicada) {
          avisarDuplicado();
        } else {
          avisarGuardado('Numeración creada.');
        }
      }
      await navegar(LISTA);
    } catch (error) {
      mostrarErrorDeGuardado(error, form, id ? 'No se actualizó' : 'Error de Datos Requeridos');
    }
  }

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
      <form onSubmit={form.onSubmit((v) => void enviar(v))} noValidate>
        <Stack gap="md" maw={960} mx="auto">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2}>{id ? `Numeración «${cargado?.nombre ?? ''}»` : 'Nueva numeración'}</Title>
            <Group gap="xs">
              <Button variant="default" onClick={() => navegar(LISTA)}>
                Cancelar
              </Button>
              <BotonEscritura type="submit" loading={crear.isPending || actualizar.isPending}>
                Guardar
              </BotonEscritura>
            </Group>
          </Group>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <CampoDeTexto
                  label="Nombre"
                  withAsterisk
                  placeholder="Facturas de crédito fiscal"
                  max={largoMaximo(CrearNumeracion, 'nombre')}
                  {...form.getInputProps('nombre')}
                />
                <Select
                  label="Tipo de documento"
                  withAsterisk
                  data={TIPOS_DE_DOCUMENTO.map((t) => ({ value: t, label: tipoDeDocumento(t) }))}
                  value={valores.tipoDeDocumento}
                  onChange={(v) => v && elegirTipo(v as TipoDeDocumento)}
                  error={form.errors.tipoDeDocumento}
                  allowDeselect={false}
                />
                <Select
                  label="Tipo de comprobante"
                  withAsterisk
                  description={
                    fiscal ? 'Comprobante fiscal autorizado por la DGII' : 'Numeración interna de la empresa'
                  }
                  data={disponibles.map((p) => ({
                    value: p.perfilesDeTipos,
                    label: p.fiscal ? `${p.perfilesDeTipos} · ${p.nombre}` : p.nombre,
                  }))}
                  value={valores.perfilesDeTipos ?? PERFIL_INTERNO}
                  onChange={(v) => v && elegirPerfil(v)}
                  error={form.errors.perfilesDeTipos}
                  disabled={perfiles.isPending}
                  allowDeselect={false}
                />
                <Group grow align="flex-start">
                  <CampoDeTexto
                    label="Prefijo"
                    description={fiscal ? 'Lo fija el comprobante' : 'D por defecto'}
                    disabled={fiscal}
                    max={largoMaximo(CrearNumeracion, 'prefijo')}
                    {...form.getInputProps('prefijo')}
                  />
                  <CampoNumerico
                    label="Dígitos"
                    description={fiscal ? 'Lo fija el comprobante' : 'De 1 a 10; vacío: 8'}
                    disabled={fiscal}
                    min={1}
                    max={10}
                    valor={valores.perfilNumericoOpciones ?? 8}
                    // Empty is the contract's default of 8 digits, said in the description.
                    vacio={8}
                    alCambiar={(digitos) => form.setFieldValue('perfilNumericoOpciones', digitos)}
                    onBlur={() => form.validateField('perfilNumericoOpciones')}
                    error={form.errors.perfilNumericoOpciones}
                  />
                </Group>
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                <CampoNumerico
                  label="Desde"
                  withAsterisk
                  description="Vacío: 1"
                  min={1}
                  thousandSeparator=","
                  valor={valores.desde ?? 1}
                  // Empty is the contract's default start of the range, said in the description.
                  vacio={1}
                  alCambiar={(desde) => form.setFieldValue('desde', desde)}
                  onBlur={() => form.validateField('desde')}
                  error={form.errors.desde}
                />
                <CampoNumerico
                  label="Hasta"
                  withAsterisk={fiscal}
                  description={fiscal ? undefined : 'Vacío: sin límite'}
                  min={1}
                  thousandSeparator=","
                  valor={valores.hasta ?? null}
                  alCambiar={(hasta) => form.setFieldValue('hasta', hasta)}
                  onBlur={() => form.validateField('hasta')}
                  error={form.errors.hasta}
                />
                {id ? (
                  <TextInput label="Secuencia actual" value={String(cargado?.seq ?? '')} disabled />
                ) : (
                  <CampoNumerico
                    label="Próximo número"
                    placeholder="Opcional: si ya está en uso"
                    min={1}
                    thousandSeparator=","
                    valor={valores.seq ?? null}
                    alCambiar={(seq) => form.setFieldValue('seq', seq ?? undefined)}
                    onBlur={() => form.validateField('seq')}
                    error={form.errors.seq}
                  />
                )}
                <DateInput
                  label="Fecha de vencimiento"
                  withAsterisk={fiscal}
                  valueFormat="DD/MM/YYYY"
                  dateParser={leerFecha}
                  placeholder="dd/mm/aaaa"
                  clearable
                  value={valores.fechaVencimiento ?? null}
                  onChange={(v) => form.setFieldValue('fechaVencimiento', v ? String(v).slice(0, 10) : null)}
                  error={form.errors.fechaVencimiento}
                />
              </SimpleGrid>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Switch
                  label="Predeterminada para este tipo de documento"
                  description="Solo una por tipo: al marcarla, la anterior deja de serlo"
                  {...form.getInputProps('predeterminado', { type: 'checkbox' })}
                />
                <Group gap={6}>
                  <Text size="sm" c="dimmed">
                    Próximo comprobante:
                  </Text>
                  <Badge size="lg" variant="light" ff="monospace" tt="none">
                    {vistaPrevia}
                  </Badge>
                </Group>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </form>
    </DatesProvider>
  );
}
