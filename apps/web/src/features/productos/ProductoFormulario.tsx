import { Button, Group, Indicator, Stack, Tabs, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Producto } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorDeApi } from '../../api/client.ts';
import { TENANT_OPERADOR } from '../../app/registro.ts';
import { useSesion } from '../../app/sesion.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado } from '../../ui/errores.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura, useModoLectura } from '../../ui/ModoLectura.tsx';
import { CamposDeCuentas, CamposDePlan, CamposDeReservacion } from './CamposAdicionales.tsx';
import { CamposDeAlmacen } from './CamposDeAlmacen.tsx';
import { CamposDeEmpaque, CamposDeListas, CamposDePrecio, CamposDeVariantes } from './CamposDePrecio.tsx';
import { CamposGenerales } from './CamposGenerales.tsx';
import {
  campoDelFormulario,
  cuerpoDeCambio,
  cuerpoDeCreacion,
  EsquemaDelFormulario,
  PESTANAS,
  type Pestana,
  pestanaDeCampo,
  type Valores,
  valoresDe,
  valoresNuevos,
} from './formulario.ts';
import { productoQueries, seleccionQueries, useActualizarProducto, useCrearProducto } from './queries.ts';
import { useCodigoDeBarras } from './useCodigoDeBarras.ts';

export type Props = {
  /** Edits this product; without it the form creates one. */
  id?: string | null;
  /** Called with the saved product; `yNuevo` when «Guardar y nuevo» was chosen. */
  alGuardar: (producto: Producto, opciones: { yNuevo: boolean }) => void;
  alCancelar: () => void;
};

function primeraPestanaConError(errores: Record<string, unknown>): Pestana | null {
  const conError = new Set(Object.keys(errores).map(pestanaDeCampo));
  return PESTANAS.find((p) => conError.has(p.valor))?.valor ?? null;
}

/**
 * The product form of /producto/nuevo_producto and /producto/editar_producto, in tabs. It validates with
 * the contract's schemas, checks the barcode live, computes prices with the domain and never navigates:
 * the page decides where to go after saving.
 */
export function ProductoFormulario({ id = null, alGuardar, alCancelar }: Props) {
  const sesion = useSesion();
  const existente = useQuery({ ...productoQueries.uno(id ?? ''), enabled: id !== null });
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: id === null });
  const impuestos = useQuery({ ...seleccionQueries.impuestos(), enabled: id === null });
  const crear = useCrearProducto();
  const actualizar = useActualizarProducto();
  const [pestana, setPestana] = useState<Pestana>('general');
  const [baseEscrita, setBaseEscrita] = useState<string | null>(null);
  // One identificadorUnico per new form, kept across retries (architecture invariant 4).
  const identificador = useRef(nuevoIdentificador());
  // Which submit button was pressed; a ref, since the submit handler runs before a state update lands.
  const yNuevo = useRef(false);
  const [guardarYNuevo, setGuardarYNuevo] = useState(false);
  const form = useForm<Valores>({
    initialValues: valoresNuevos(null),
    validate: resolverZod<Valores>(EsquemaDelFormulario),
  });
  const codigo = useCodigoDeBarras(form.values.idCodigoDeBarra, id);
  // With a suspended plan the save buttons show the read-mode dialog; the form must not submit too.
  const { soloLectura } = useModoLectura();

  const producto = existente.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the product into the form once it arrives.
  useEffect(() => {
    if (producto) {
      form.setValues(valoresDe(producto));
      form.resetDirty();
    }
  }, [producto]);

  // A new product starts stocked in the main warehouse, unless the user already chose.
  const idPrincipal = principal.data?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the main warehouse arrives.
  useEffect(() => {
    if (idPrincipal && !id && !form.isTouched('lineas') && form.values.lineas.length === 0) {
      form.setFieldValue('lineas', valoresNuevos(idPrincipal).lineas);
      form.resetDirty();
    }
  }, [idPrincipal]);

  // A new product starts with the company's ITBIS 18% (most of what a Dominican shop sells carries it).
  const itbis = impuestos.data?.find((i) => i.tipoDeImpuesto === 'itbis');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the taxes arrive.
  useEffect(() => {
    if (itbis && !id && !form.isTouched('impuestos') && form.values.impuestos.length === 0) {
      form.setFieldValue('impuestos', [
        { name: itbis.name, tipoDeImpuesto: itbis.tipoDeImpuesto, tasa: itbis.tasa },
      ]);
      form.resetDirty();
    }
  }, [itbis?._id]);

  if (id && !producto) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }

  const guardando = crear.isPending || actualizar.isPending;
  const verPlan = sesion?.tenantId === TENANT_OPERADOR || form.values.modoPlan !== '';
  const pestanasConError = new Set(Object.keys(form.errors).map(pestanaDeCampo));

  function mostrarError(error: unknown) {
    if (error instanceof ErrorDeApi) {
      for (const { campo, mensaje } of error.errores) {
        form.setFieldError(campoDelFormulario(campo), mensaje);
      }
      const destino = primeraPestanaConError(
        Object.fromEntries(error.errores.map((e) => [campoDelFormulario(e.campo), e.mensaje])),
      );
      if (destino) {
        setPestana(destino);
      }
    }
    notifications.show({
      color: 'red',
      title: id
        ? 'No se actualizó'
        : error instanceof ErrorDeApi && error.statusCode === 400
          ? 'Error de Datos Requeridos'
          : 'No se guardó',
      message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
      autoClose: 5200,
    });
  }

  async function enviar(valores: Valores, conNuevo: boolean) {
    if (soloLectura) {
      return;
    }
    if (codigo.estado === 'ocupado') {
      form.setFieldError('idCodigoDeBarra', codigo.mensaje);
      setPestana('general');
      return;
    }
    try {
      if (id) {
        const guardado = await actualizar.mutateAsync({
          id,
          body: cuerpoDeCambio(
            id,
            valores,
            (producto?.asignaciones ?? []).map((a) => a.idAlmacen),
          ),
        });
        avisarGuardado('Producto actualizado.');
        alGuardar(guardado.producto, { yNuevo: conNuevo });
        return;
      }
      const guardado = await crear.mutateAsync(cuerpoDeCreacion(valores, identificador.current));
      if (guardado.solicitudDuplicada) {
        // Spec 002 §8: the duplicate dialog, and for products also this toast.
        avisarDuplicado();
        notifications.show({
          color: 'orange',
          title: 'Error de Datos Requeridos',
          message: `«${guardado.producto.nombre}» ya estaba creado; no se creó otro.`,
          autoClose: 5200,
        });
      } else {
        avisarGuardado('Producto creado.');
      }
      alGuardar(guardado.producto, { yNuevo: conNuevo });
    } catch (error) {
      mostrarError(error);
    }
  }

  const panel = (valor: Pestana) => {
    switch (valor) {
      case 'general':
        return (
          <CamposGenerales
            form={form}
            codigo={codigo}
            codigoGuardado={producto ? valoresDe(producto).idCodigoDeBarra : null}
          />
        );
      case 'precios':
        return (
          <CamposDePrecio
            form={form}
            base={{ valor: baseEscrita, cambiar: setBaseEscrita }}
            producto={producto}
          />
        );
      case 'listas':
        return <CamposDeListas form={form} />;
      case 'empaque':
        return <CamposDeEmpaque form={form} />;
      case 'variantes':
        return <CamposDeVariantes form={form} />;
      case 'existencia':
        return <CamposDeAlmacen form={form} producto={producto} />;
      case 'cuentas':
        return <CamposDeCuentas form={form} />;
      case 'reservacion':
        return <CamposDeReservacion form={form} />;
      case 'plan':
        return <CamposDePlan form={form} />;
    }
  };

  const pestanas = PESTANAS.filter((p) => p.valor !== 'plan' || verPlan);
  return (
    <form
      noValidate
      aria-label={id ? 'Editar producto' : 'Nuevo producto'}
      onSubmit={form.onSubmit(
        (valores) => void enviar(valores, yNuevo.current),
        (errores) => {
          const destino = primeraPestanaConError(errores);
          if (destino) {
            setPestana(destino);
          }
          notifications.show({
            color: 'red',
            title: 'Error de Datos Requeridos',
            message: String(Object.values(errores)[0] ?? 'Revisa los campos marcados.'),
            autoClose: 4500,
          });
        },
      )}
    >
      <Stack gap="md">
        <Tabs
          value={pestana}
          onChange={(v) => setPestana((v as Pestana | null) ?? 'general')}
          keepMounted={false}
        >
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {pestanas.map((p) => (
              <Tabs.Tab key={p.valor} value={p.valor} style={{ whiteSpace: 'nowrap' }}>
                <Indicator
                  color="red"
                  size={7}
                  offset={-4}
                  disabled={!pestanasConError.has(p.valor)}
                  aria-label={pestanasConError.has(p.valor) ? 'con errores' : undefined}
                >
                  {p.titulo}
                </Indicator>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {pestanas.map((p) => (
            <Tabs.Panel key={p.valor} value={p.valor} pt="md">
              {panel(p.valor)}
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {id && producto
              ? `Producto n.º ${producto.numeroProducto}`
              : 'Los campos con * son obligatorios.'}
          </Text>
          <Group gap="xs" justify="flex-end" ml="auto">
            <Button variant="default" onClick={alCancelar}>
              Cancelar
            </Button>
            <BotonEscritura
              type="submit"
              variant="light"
              loading={guardando && guardarYNuevo}
              disabled={guardando && !guardarYNuevo}
              onClick={() => {
                yNuevo.current = true;
                setGuardarYNuevo(true);
              }}
            >
              Guardar y nuevo
            </BotonEscritura>
            <BotonEscritura
              type="submit"
              loading={guardando && !guardarYNuevo}
              disabled={guardando && guardarYNuevo}
              onClick={() => {
                yNuevo.current = false;
                setGuardarYNuevo(false);
              }}
            >
              Guardar
            </BotonEscritura>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
