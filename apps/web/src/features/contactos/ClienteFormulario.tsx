import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { useForm as useMantineForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  ActualizarContacto,
  type Contacto,
  CrearContacto,
  FUNCIONES_EN_LA_EMPRESA,
  LARGO_MAXIMO_CONTACTO,
  limpiarTelefono,
  NCF_PREDETERMINADOS,
  PERFILES_DE_NUMERACION,
  type TipoDeContacto,
} from '@pos/contract';
import { validarIdentificacionFiscal } from '@pos/domain';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ErrorDeApi } from '../../api/client.ts';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { revisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { OPCIONES_DE_IDENTIFICACION } from './etiquetas.ts';
import { ModalRuta } from './ModalRuta.tsx';
import {
  type CamposDelFormulario,
  camposDe,
  consultarRnc,
  contactoQueries,
  rutaQueries,
  seleccionQueries,
  useActualizarContacto,
  useCrearContacto,
} from './queries.ts';

type Valores = z.input<typeof CrearContacto>;

export type Props = {
  /** Edits this contact; without it the form creates one. */
  id?: string | null;
  /** Inside a modal: no save-and-new, a compact layout. */
  enModal?: boolean;
  tipoInicial?: TipoDeContacto;
  /** Called with the saved contact; `yNuevo` when «Guardar y nuevo» was chosen. */
  alGuardar: (contacto: Contacto, opciones: { yNuevo: boolean }) => void;
  alCancelar: () => void;
};

function valoresIniciales(tipo: TipoDeContacto): Valores {
  return {
    ...CrearContacto.parse({ identificadorUnico: 'xxxxxxxx', nombre: '-', tipoDeContacto: tipo }),
    identificadorUnico: nuevoIdentificador(),
    nombre: '',
  };
}

const NOMBRES_NCF = new Map(PERFILES_DE_NUMERACION.map((p) => [p.perfilesDeTipos, p.nombre]));

/** The check-digit warning of an identification, if any (fiscal-do.md §2.3: it warns, it never blocks). */
export function advertenciaDeIdentificacion(
  rnc: string,
  tipo: Valores['tipoDeIdentificacion'],
): string | null {
  if (rnc.trim() === '' || tipo === 'Pasaporte') {
    return null;
  }
  const resultado = validarIdentificacionFiscal(rnc);
  return resultado.ok && resultado.valor.advertencia ? `${resultado.valor.advertencia}.` : null;
}

/**
 * The identification type an RNC or cédula typed implies (9 digits RNC, 11 cédula, by the domain's
 * check, fiscal-do.md §2); null while it is neither, or when the user chose Pasaporte.
 */
export function tipoPorIdentificacion(
  rnc: string,
  tipo: Valores['tipoDeIdentificacion'],
): 'RNC' | 'Cédula' | null {
  if (tipo === 'Pasaporte') {
    return null;
  }
  const resultado = validarIdentificacionFiscal(rnc);
  return resultado.ok ? (resultado.valor.tipo === 'rnc' ? 'RNC' : 'Cédula') : null;
}

function soloDigitos(rnc: string): string {
  return rnc.replace(/[\s-]/g, '');
}

/**
 * The client (or supplier) form, for /cliente/nuevocliente, /cliente/editarCliente and the client modal
 * other documents open (`ModalCliente`). It never navigates: the caller decides where to go.
 */
export function ClienteFormulario({
  id = null,
  enModal = false,
  tipoInicial = 'cliente',
  alGuardar,
  alCancelar,
}: Props) {
  const existente = useQuery({ ...contactoQueries.uno(id ?? ''), enabled: id !== null });
  const rutas = useQuery(rutaQueries.todas());
  const listas = useQuery(seleccionQueries.listasDePrecio());
  const catalogo = useQuery(seleccionQueries.catalogo());
  const crear = useCrearContacto();
  const actualizar = useActualizarContacto();
  const [modalRuta, { open: abrirRuta, close: cerrarRuta }] = useDisclosure(false);
  const [dgii, setDgii] = useState<{ estado: 'buscando' | 'encontrado' | 'no'; texto: string } | null>(null);
  // Which submit button was pressed; a ref, since the submit handler runs before a state update lands.
  const yNuevo = useRef(false);
  const [guardarYNuevo, setGuardarYNuevo] = useState(false);
  const form = useForm(tipoInicial, id);

  const cargado = existente.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the contact into the form once it arrives.
  useEffect(() => {
    if (cargado) {
      form.setValues({ identificadorUnico: cargado.identificadorUnico, ...camposDe(cargado) });
      form.resetDirty();
    }
  }, [cargado]);

  if (id && existente.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Cargando" />
      </Center>
    );
  }
  if (id && existente.error) {
    return (
      <Text c="red" role="alert">
        {existente.error.message}
      </Text>
    );
  }

  const valores = form.values;
  const advertencia = advertenciaDeIdentificacion(valores.rnc ?? '', valores.tipoDeIdentificacion);

  async function buscarEnDgii() {
    const rnc = soloDigitos(valores.rnc ?? '');
    if (!/^(\d{9}|\d{11})$/.test(rnc)) {
      form.setFieldError('rnc', 'El RNC debe tener 9 dígitos y la cédula 11 dígitos');
      return;
    }
    setDgii({ estado: 'buscando', texto: 'Buscando en el registro de la DGII…' });
    try {
      const contribuyente = await consultarRnc(rnc);
      form.setFieldValue('nombre', contribuyente.nombre);
      if ((valores.direccion ?? '') === '' && contribuyente.direccion) {
        form.setFieldValue('direccion', contribuyente.direccion);
      }
      if ((valores.telefono ?? '') === '' && contribuyente.telefono) {
        // The registry writes «809-555-0101»; the same number as the contract keeps it.
        form.setFieldValue('telefono', limpiarTelefono(contribuyente.telefono));
      }
      const estado = contribuyente.estado ? ` · ${contribuyente.estado}` : '';
      setDgii({ estado: 'encontrado', texto: `Registro DGII: ${contribuyente.nombre}${estado}` });
    } catch (error) {
      setDgii({
        estado: 'no',
        texto: error instanceof Error ? error.message : 'No se pudo consultar el registro de la DGII.',
      });
    }
  }

  async function enviar(datos: Valores, yNuevo: boolean) {
    try {
      const { identificadorUnico, ...campos } = datos;
      const guardado = id
        ? await actualizar.mutateAsync({ id, body: campos })
        : await crear.mutateAsync(datos);
      if (!revisarDuplicado(guardado)) {
        avisarGuardado(id ? 'Contacto actualizado.' : 'Contacto creado.');
      }
      // The server's check-digit and repeated-identification notes: warnings, the contact is saved.
      for (const aviso of guardado.advertencias) {
        notifications.show({
          color: 'yellow',
          title: 'Revisa la identificación',
          message: aviso,
          autoClose: 9000,
        });
      }
      if (!id) {
        form.setValues(valoresIniciales(tipoInicial));
        form.resetDirty();
        setDgii(null);
      }
      alGuardar(guardado.clientedb, { yNuevo });
    } catch (error) {
      mostrarErrorDeGuardado(
        error,
        form,
        id
          ? 'No se actualizó'
          : error instanceof ErrorDeApi && error.statusCode === 400
            ? 'Error de Datos Requeridos'
            : 'No se guardó',
      );
    }
  }

  const cuentas = catalogo.data?.listas;
  const opcionesCuenta = (lista: 'cuentasPorCobrar' | 'cuentasPorPagar') =>
    (cuentas?.[lista] ?? []).map((c) => ({ value: c.idCuenta, label: `${c.codigoDeCuenta} · ${c.nombre}` }));
  const columnas = enModal ? { base: 1, sm: 2 } : { base: 1, sm: 2, md: 3 };

  return (
    <form
      onSubmit={form.onSubmit((v) => void enviar(v, yNuevo.current))}
      noValidate
      aria-label={id ? 'Editar contacto' : 'Nuevo contacto'}
    >
      <Stack gap="md">
        <SegmentedControl
          aria-label="Tipo de contacto"
          data={[
            { value: 'cliente', label: 'Cliente' },
            { value: 'proveedor', label: 'Proveedor' },
            { value: 'ambos', label: 'Ambos' },
          ]}
          {...form.getInputProps('tipoDeContacto')}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        <SimpleGrid cols={columnas}>
          <Select
            label="Tipo de identificación"
            data={OPCIONES_DE_IDENTIFICACION}
            allowDeselect={false}
            {...form.getInputProps('tipoDeIdentificacion')}
          />
          <CampoDeTexto
            label="RNC / Cédula"
            placeholder="9 u 11 dígitos"
            inputMode={valores.tipoDeIdentificacion === 'Pasaporte' ? 'text' : 'numeric'}
            max={LARGO_MAXIMO_CONTACTO.rnc}
            {...form.getInputProps('rnc')}
            onChange={(evento) => {
              const rnc = evento.currentTarget.value;
              form.setFieldValue('rnc', rnc);
              // 9 digits are an RNC, 11 a cédula: the type follows what is typed (never a passport).
              const tipo = tipoPorIdentificacion(rnc, valores.tipoDeIdentificacion);
              if (tipo) {
                form.setFieldValue('tipoDeIdentificacion', tipo);
              }
            }}
            onBlur={() => {
              const rnc = soloDigitos(valores.rnc ?? '');
              if (
                valores.tipoDeIdentificacion !== 'Pasaporte' &&
                /^(\d{9}|\d{11})$/.test(rnc) &&
                (valores.nombre ?? '').trim() === ''
              ) {
                void buscarEnDgii();
              }
            }}
            rightSection={
              valores.tipoDeIdentificacion === 'Pasaporte' ? null : (
                <Tooltip label="Buscar el nombre en el registro de la DGII" withArrow>
                  <ActionIcon
                    variant="subtle"
                    aria-label="Buscar en la DGII"
                    loading={dgii?.estado === 'buscando'}
                    onClick={() => void buscarEnDgii()}
                  >
                    <IconSearch size={16} />
                  </ActionIcon>
                </Tooltip>
              )
            }
            description={
              dgii && dgii.estado !== 'buscando' ? (
                <Text span size="xs" c={dgii.estado === 'encontrado' ? 'teal' : 'dimmed'}>
                  {dgii.texto}
                </Text>
              ) : undefined
            }
          />
          <Select
            label="Comprobante predeterminado"
            placeholder="El de la factura"
            data={NCF_PREDETERMINADOS.map((codigo) => ({
              value: codigo,
              label: `${codigo} · ${NOMBRES_NCF.get(codigo) ?? ''}`,
            }))}
            clearable
            value={valores.ncfPredeterminado || null}
            onChange={(v) => form.setFieldValue('ncfPredeterminado', v ?? '')}
            error={form.errors.ncfPredeterminado}
          />
        </SimpleGrid>
        {advertencia && !form.errors.rnc && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} p="xs" role="status">
            <Text size="sm">{advertencia} Puedes guardar igualmente.</Text>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CampoDeTexto
            label="Nombre o razón social"
            withAsterisk
            max={LARGO_MAXIMO_CONTACTO.nombre}
            {...form.getInputProps('nombre')}
          />
          <CampoDeTexto
            label="Apellidos"
            max={LARGO_MAXIMO_CONTACTO.apellidos}
            {...form.getInputProps('apellidos')}
          />
        </SimpleGrid>
        <SimpleGrid cols={columnas}>
          <CampoDeTelefono form={form} campo="telefono" etiqueta="Teléfono" />
          <CampoDeTelefono form={form} campo="movil" etiqueta="Móvil" />
          <CampoDeTexto
            label="Correo"
            type="email"
            max={LARGO_MAXIMO_CONTACTO.correo}
            {...form.getInputProps('correo')}
          />
        </SimpleGrid>
        <CampoDeTexto
          label="Dirección"
          max={LARGO_MAXIMO_CONTACTO.direccion}
          {...form.getInputProps('direccion')}
        />

        <Divider label="Condiciones comerciales" labelPosition="left" />
        <SimpleGrid cols={columnas}>
          <Select
            label="Lista de precio"
            placeholder="La predeterminada"
            data={(listas.data ?? []).map((l) => ({ value: l._id, label: l.nombre }))}
            clearable
            searchable
            {...form.getInputProps('idListaDePrecio')}
          />
          <Group gap={4} align="flex-end" wrap="nowrap">
            <Select
              label="Ruta"
              placeholder="Sin ruta"
              data={(rutas.data ?? []).map((r) => ({ value: r._id, label: r.nombre }))}
              clearable
              searchable
              style={{ flex: 1 }}
              {...form.getInputProps('idRuta')}
            />
            <Tooltip label="Crear una ruta" withArrow>
              <ActionIcon variant="default" size={36} aria-label="Nueva ruta" onClick={abrirRuta}>
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Select
            label="Función en la empresa"
            placeholder="Ninguna"
            data={FUNCIONES_EN_LA_EMPRESA.map((f) => ({ value: f, label: f.replaceAll('-', ' ') }))}
            clearable
            value={valores.funcionEnLaEmpresa || null}
            onChange={(v) =>
              form.setFieldValue('funcionEnLaEmpresa', (v ?? '') as Valores['funcionEnLaEmpresa'])
            }
          />
          <CampoNumerico
            label="Límite de crédito (RD$)"
            title="0 = sin límite"
            min={0}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            valor={valores.limiteCredito ?? 0}
            vacio={0}
            alCambiar={(limite) => form.setFieldValue('limiteCredito', limite)}
            onBlur={() => form.validateField('limiteCredito')}
            error={form.errors.limiteCredito}
          />
          <CampoNumerico
            label="Días de crédito"
            min={0}
            max={365}
            allowDecimal={false}
            valor={valores.diasDeCredito ?? 0}
            vacio={0}
            alCambiar={(dias) => form.setFieldValue('diasDeCredito', dias)}
            onBlur={() => form.validateField('diasDeCredito')}
            error={form.errors.diasDeCredito}
          />
          <CampoNumerico
            label="Descuento de socio (%)"
            min={0}
            max={100}
            decimalScale={2}
            disabled={!valores.socio}
            valor={valores.descuentoParaSocios ?? 0}
            vacio={0}
            alCambiar={(descuento) => form.setFieldValue('descuentoParaSocios', descuento)}
            onBlur={() => form.validateField('descuentoParaSocios')}
            error={form.errors.descuentoParaSocios}
          />
        </SimpleGrid>
        <Group gap="xl">
          <Switch label="Socio" {...form.getInputProps('socio', { type: 'checkbox' })} />
          <Switch label="Revendedor" {...form.getInputProps('revendedor', { type: 'checkbox' })} />
        </Group>

        <Divider label="Contabilidad" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Cuenta por cobrar"
            placeholder="La de la asignación contable"
            data={opcionesCuenta('cuentasPorCobrar')}
            clearable
            searchable
            value={valores.cuentaPorCobrar?.idCuenta ?? null}
            onChange={(v) => form.setFieldValue('cuentaPorCobrar', v ? { idCuenta: v } : null)}
            error={form.errors['cuentaPorCobrar.idCuenta']}
          />
          <Select
            label="Cuenta por pagar"
            placeholder="La de la asignación contable"
            data={opcionesCuenta('cuentasPorPagar')}
            clearable
            searchable
            value={valores.cuentaPorPagar?.idCuenta ?? null}
            onChange={(v) => form.setFieldValue('cuentaPorPagar', v ? { idCuenta: v } : null)}
            error={form.errors['cuentaPorPagar.idCuenta']}
          />
        </SimpleGrid>
        <AreaDeTexto
          label="Nota"
          autosize
          minRows={2}
          maxRows={5}
          max={LARGO_MAXIMO_CONTACTO.nota}
          {...form.getInputProps('nota')}
        />

        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={alCancelar}>
            Cancelar
          </Button>
          {!id && !enModal && (
            <BotonEscritura
              type="submit"
              variant="light"
              loading={crear.isPending && guardarYNuevo}
              onClick={() => {
                yNuevo.current = true;
                setGuardarYNuevo(true);
              }}
            >
              Guardar y nuevo
            </BotonEscritura>
          )}
          <BotonEscritura
            type="submit"
            loading={(crear.isPending && !guardarYNuevo) || actualizar.isPending}
            onClick={() => {
              yNuevo.current = false;
              setGuardarYNuevo(false);
            }}
          >
            Guardar
          </BotonEscritura>
        </Group>
      </Stack>
      <ModalRuta
        abierto={modalRuta}
        alCerrar={cerrarRuta}
        alCrear={(ruta) => form.setFieldValue('idRuta', ruta._id)}
      />
    </form>
  );
}

/**
 * A phone field: separators that only format the number (spaces, dashes, brackets) go as they are typed
 * or pasted, by the contract's own limpiarTelefono, so «809-555-0101» shows as 8095550101, the number
 * kept. Anything else (a letter, «+») stays in sight and the contract's «solo admite dígitos» shows
 * under the field; nothing is dropped in silence.
 */
function CampoDeTelefono({
  form,
  campo,
  etiqueta,
}: {
  form: ReturnType<typeof useForm>;
  campo: 'telefono' | 'movil';
  etiqueta: string;
}) {
  return (
    <CampoDeTexto
      label={etiqueta}
      inputMode="tel"
      max={LARGO_MAXIMO_CONTACTO.telefono}
      {...form.getInputProps(campo)}
      onChange={(evento) => form.setFieldValue(campo, limpiarTelefono(evento.currentTarget.value))}
    />
  );
}

function useForm(tipoInicial: TipoDeContacto, id: string | null) {
  return useMantineForm<Valores>({
    initialValues: valoresIniciales(tipoInicial),
    // A refused value is said as the user leaves the field, not only on save.
    validateInputOnBlur: true,
    validate: (valores) => {
      if (id) {
        const { identificadorUnico, ...campos } = valores;
        return resolverZod<CamposDelFormulario>(ActualizarContacto)(campos);
      }
      return resolverZod<Valores>(CrearContacto)(valores);
    },
  });
}
