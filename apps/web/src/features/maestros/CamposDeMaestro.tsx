import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  Autocomplete,
  Chip,
  Group,
  Input,
  MultiSelect,
  Select,
  SimpleGrid,
  Switch,
  Text,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { CuentaContableRef, CuentaContableVinculada } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { largoMaximo } from '../../ui/esquemas.ts';
import type { Campo, FuenteDeOpciones, Grupo } from './definicion.ts';
import { opcionesQueries } from './queries.ts';

type Opcion = { value: string; label: string };

// Descriptions go under the input, so that inputs side by side line up whether or not they have one.
const ORDEN: Array<'label' | 'input' | 'description' | 'error'> = ['label', 'input', 'description', 'error'];

const DIAS = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'];

type PropsDeCampo<V> = { campo: Campo<V>; form: UseFormReturnType<V> };
/** The contract's schema the form validates with: text fields read their maximum length from it. */
type ConEsquema = { esquema: z.ZodType };

function useOpciones(fuente: FuenteDeOpciones): {
  opciones: Opcion[];
  cargando: boolean;
  error: string | null;
} {
  const almacenes = useQuery({ ...opcionesQueries.almacenes(), enabled: fuente.de === 'almacenes' });
  const categorias = useQuery({ ...opcionesQueries.categorias(), enabled: fuente.de === 'categorias' });
  const usuarios = useQuery({ ...opcionesQueries.usuarios(), enabled: fuente.de === 'usuarios' });
  const numeraciones = useQuery({ ...opcionesQueries.numeraciones(), enabled: fuente.de === 'numeraciones' });
  const catalogo = useQuery({ ...opcionesQueries.catalogo(), enabled: fuente.de === 'idDeCuenta' });
  const consulta = { almacenes, categorias, usuarios, numeraciones, idDeCuenta: catalogo }[fuente.de];
  let opciones: Opcion[] = [];
  if (fuente.de === 'almacenes' || fuente.de === 'categorias' || fuente.de === 'usuarios') {
    opciones = { almacenes, categorias, usuarios }[fuente.de].data ?? [];
  } else if (fuente.de === 'numeraciones') {
    opciones = (numeraciones.data ?? [])
      .filter((n) => n.tipoDeDocumento === fuente.tipoDeDocumento)
      .map((n) => ({ value: n._id, label: `${n.nombre} (${n.proximoComprobante})` }));
  } else {
    opciones = cuentasDe(catalogo.data?.listas, fuente.categorias).map((c) => ({
      value: c.idCuenta,
      label: `${c.codigoDeCuenta} ${c.nombre}`,
    }));
  }
  return { opciones, cargando: consulta.isPending, error: consulta.error?.message ?? null };
}

function cuentasDe(
  listas: Partial<Record<string, CuentaContableRef[]>> | undefined,
  categorias: string[],
): CuentaContableRef[] {
  if (!listas) {
    return [];
  }
  const elegidas = categorias.length > 0 ? categorias : Object.keys(listas);
  return elegidas
    .flatMap((categoria) => listas[categoria] ?? [])
    .sort((a, b) => a.codigoDeCuenta.localeCompare(b.codigoDeCuenta, 'es', { numeric: true }));
}

function CampoDeSeleccion<V>({ campo, form }: PropsDeCampo<V> & { campo: Campo<V> & { tipo: 'seleccion' } }) {
  const { opciones, cargando, error } = useOpciones(campo.fuente);
  const entrada = form.getInputProps(campo.campo);
  const comun = {
    label: campo.etiqueta,
    description: campo.descripcion,
    inputWrapperOrder: ORDEN,
    data: opciones,
    searchable: true,
    nothingFoundMessage: 'Sin resultados',
    placeholder: cargando ? 'Cargando…' : 'Elige…',
    error: entrada.error ?? error,
  };
  if (campo.multiple) {
    const valor = (entrada.value as string[] | undefined) ?? [];
    return (
      <MultiSelect
        {...comun}
        value={valor}
        onChange={(nuevo) => form.setFieldValue(campo.campo, nuevo as never)}
        placeholder={valor.length > 0 ? undefined : comun.placeholder}
        clearable
      />
    );
  }
  return (
    <Select
      {...comun}
      value={(entrada.value as string | null | undefined) ?? null}
      onChange={(nuevo) => form.setFieldValue(campo.campo, (nuevo ?? null) as never)}
      clearable
    />
  );
}

function CampoDeCuenta<V>({ campo, form }: PropsDeCampo<V> & { campo: Campo<V> & { tipo: 'cuenta' } }) {
  const catalogo = useQuery(opcionesQueries.catalogo());
  const cuentas = cuentasDe(catalogo.data?.listas, campo.categorias);
  const entrada = form.getInputProps(campo.campo);
  const valor = entrada.value as CuentaContableVinculada | null | undefined;
  const opciones = cuentas.map((c) => ({ value: c.idCuenta, label: `${c.codigoDeCuenta} ${c.nombre}` }));
  // An account linked before and no longer in these lists is still shown.
  if (valor && !opciones.some((o) => o.value === valor.idCuenta)) {
    opciones.unshift({ value: valor.idCuenta, label: `${valor.codigoDeCuenta} ${valor.nombre}`.trim() });
  }
  return (
    <Select
      label={campo.etiqueta}
      description={campo.descripcion}
      inputWrapperOrder={ORDEN}
      data={opciones}
      searchable
      clearable
      nothingFoundMessage="Sin resultados"
      placeholder={catalogo.isPending ? 'Cargando…' : 'Elige una cuenta…'}
      value={valor?.idCuenta ?? null}
      error={entrada.error ?? catalogo.error?.message}
      onChange={(id) => {
        const cuenta = cuentas.find((c) => c.idCuenta === id);
        const vinculada: CuentaContableVinculada | null = cuenta
          ? {
              idCuenta: cuenta.idCuenta,
              nombre: cuenta.nombre,
              codigoDeCuenta: cuenta.codigoDeCuenta,
              tipo: cuenta.tipo,
            }
          : null;
        form.setFieldValue(campo.campo, vinculada as never);
      }}
    />
  );
}

function CampoDeDias<V>({ campo, form }: PropsDeCampo<V>) {
  const entrada = form.getInputProps(campo.campo);
  const dias = (entrada.value as number[] | undefined) ?? [];
  return (
    <Input.Wrapper
      label={campo.etiqueta}
      description={campo.descripcion ?? 'Sin días marcados aplica todos los días'}
      inputWrapperOrder={ORDEN}
      error={entrada.error}
    >
      <Chip.Group
        multiple
        value={dias.map(String)}
        onChange={(marcados) =>
          form.setFieldValue(campo.campo, marcados.map(Number).sort((a, b) => a - b) as never)
        }
      >
        <Group gap={6} my={4}>
          {DIAS.map((dia, i) => (
            <Chip key={dia} value={String(i)} size="xs" variant="outline">
              {dia}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/**
 * One input of a family's form, by its kind; empty inputs hold `undefined`/`null`, never ''. What is typed
 * stays as typed (a number out of range is not clamped, a text is not cut) and the contract's message
 * shows under the field when the user leaves it.
 */
export function CampoDeMaestro<V>({ campo, form, esquema }: PropsDeCampo<V> & ConEsquema): ReactNode {
  const entrada = form.getInputProps(campo.campo);
  const comun = {
    label: campo.etiqueta,
    description: campo.descripcion,
    error: entrada.error,
    inputWrapperOrder: ORDEN,
    onBlur: () => form.validateField(campo.campo),
  };
  switch (campo.tipo) {
    case 'texto': {
      const valor = (entrada.value as string | undefined) ?? '';
      const cambiar = (texto: string) => form.setFieldValue(campo.campo, texto as never);
      if (campo.sugerencias) {
        return (
          <Autocomplete
            {...comun}
            withAsterisk={campo.obligatorio}
            data={campo.sugerencias}
            maxLength={largoMaximo(esquema, campo.campo)}
            value={valor}
            onChange={cambiar}
            placeholder={campo.placeholder}
          />
        );
      }
      if (campo.multilinea) {
        return (
          <AreaDeTexto
            {...comun}
            max={largoMaximo(esquema, campo.campo)}
            withAsterisk={campo.obligatorio}
            rows={2}
            value={valor}
            onChange={(e) => cambiar(e.currentTarget.value)}
            placeholder={campo.placeholder}
          />
        );
      }
      return (
        <CampoDeTexto
          {...comun}
          max={largoMaximo(esquema, campo.campo)}
          withAsterisk={campo.obligatorio}
          autoComplete="off"
          value={valor}
          onChange={(e) => cambiar(e.currentTarget.value)}
          placeholder={campo.placeholder}
        />
      );
    }
    case 'numero':
      return (
        <CampoNumerico
          {...comun}
          withAsterisk={campo.obligatorio}
          min={campo.min}
          max={campo.max}
          decimalScale={campo.decimales ?? 0}
          allowDecimal={(campo.decimales ?? 0) > 0}
          thousandSeparator=","
          prefix={campo.prefijo}
          suffix={campo.sufijo}
          valor={(entrada.value as number | null | undefined) ?? null}
          alCambiar={(numero) => form.setFieldValue(campo.campo, (numero ?? undefined) as never)}
        />
      );
    case 'interruptor':
      return (
        <Switch
          label={campo.etiqueta}
          description={campo.descripcion}
          error={entrada.error}
          checked={Boolean(entrada.value)}
          onChange={(e) => form.setFieldValue(campo.campo, e.currentTarget.checked as never)}
          mt={4}
        />
      );
    case 'opciones':
      return (
        <Select
          {...comun}
          withAsterisk={campo.obligatorio}
          data={campo.opciones}
          allowDeselect={false}
          value={(entrada.value as string | undefined) ?? null}
          onChange={(opcion) => form.setFieldValue(campo.campo, (opcion ?? undefined) as never)}
        />
      );
    case 'fecha':
      return (
        <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
          <DateInput
            {...comun}
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            clearable
            value={(entrada.value as string | null | undefined) ?? null}
            onChange={(dia) => form.setFieldValue(campo.campo, (dia || null) as never)}
          />
        </DatesProvider>
      );
    case 'dias':
      return <CampoDeDias campo={campo} form={form} />;
    case 'cuenta':
      return <CampoDeCuenta campo={campo} form={form} />;
    case 'seleccion':
      return <CampoDeSeleccion campo={campo} form={form} />;
  }
}

/** The inputs of a family in a two-column grid; a group heading starts a new block. */
export function CamposDeMaestro<V>({
  campos,
  form,
  esquema,
}: {
  campos: Array<Campo<V> | Grupo>;
  form: UseFormReturnType<V>;
} & ConEsquema) {
  const bloques: Array<{ titulo: string | null; campos: Campo<V>[] }> = [{ titulo: null, campos: [] }];
  for (const campo of campos) {
    if ('grupo' in campo) {
      bloques.push({ titulo: campo.grupo, campos: [] });
    } else {
      bloques[bloques.length - 1]?.campos.push(campo);
    }
  }
  return bloques
    .filter((bloque) => bloque.campos.length > 0)
    .map((bloque) => (
      <div key={bloque.titulo ?? 'datos'}>
        {bloque.titulo && (
          <Text fw={600} size="sm" mb="xs" mt="md" c="dimmed" tt="uppercase">
            {bloque.titulo}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {bloque.campos
            .filter((campo) => !campo.visible || campo.visible(form.values))
            .map((campo) => (
              <div key={campo.campo} style={campo.completo ? { gridColumn: '1 / -1' } : undefined}>
                <CampoDeMaestro campo={campo} form={form} esquema={esquema} />
              </div>
            ))}
        </SimpleGrid>
      </div>
    ));
}
