import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  ActualizarUsuario,
  CrearUsuario,
  concedibles,
  DatosUsuario,
  derechosQueNoConcede,
  descuentoMaximoQueConcede,
  esAdministradorCompleto,
  nombreDelDerecho,
  type Perfil,
  type Privilegios,
  type UsuarioDetalle,
} from '@pos/contract';
import { IconLockOpen, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { TENANT_OPERADOR } from '../../../app/registro.ts';
import { useSesion } from '../../../app/sesion.ts';
import { usePerfil } from '../../../app/usePerfil.ts';
import { CargandoOError } from '../../../ui/Cargando.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../../ui/errores.ts';
import { resolverZod } from '../../../ui/formularios.ts';
import { BotonEscritura } from '../../../ui/ModoLectura.tsx';
import { MatrizDePermisos } from './MatrizDePermisos.tsx';
import { useDesbloquearUsuario, useEliminarUsuario, useGuardarUsuario, usuarioQueries } from './queries.ts';

type Valores = z.input<typeof CrearUsuario> & { password: string };

const LISTA = '/configuraciones/usuario/lista_usuarios';

function valoresIniciales(): Valores {
  return { ...DatosUsuario.parse({}), username: '', password: '' };
}

// Rights and restrictions among the checkboxes: locked with the permission grid (docs/api.md «Usuarios»).
const DERECHOS_Y_RESTRICCIONES: ReadonlySet<string> = new Set([
  'anularYEliminarDocumentos',
  'poderEditarPedidosImpresionPreventa',
  'crearInstanciaDelSistema',
  'revendedor',
  'bloquearPrecio',
  'bloquearImpuesto',
]);
const RESTRICCIONES: ReadonlySet<string> = new Set(['revendedor', 'bloquearPrecio', 'bloquearImpuesto']);

type Reglas = {
  /** Editing one's own user: own rights are not editable. */
  propio: boolean;
  /** The user holds rights the editor lacks: only a full administrator edits them. */
  faltan: string[];
  completo: boolean;
  puedeConceder: (derecho: string) => boolean;
  descuentoMaximo: number;
};

/** What the signed-in user may change on this user, by the same rules the server applies. */
function reglasDeEdicion(
  perfil: Perfil | undefined,
  usuario: UsuarioDetalle | undefined,
  id: string | null,
): Reglas {
  if (!perfil) {
    return { propio: false, faltan: [], completo: false, puedeConceder: () => false, descuentoMaximo: 0 };
  }
  const completo = esAdministradorCompleto(perfil);
  const propio = id !== null && id === perfil._id;
  return {
    propio,
    faltan: usuario && !propio && !completo ? derechosQueNoConcede(perfil, usuario) : [],
    completo,
    puedeConceder: concedibles(perfil),
    descuentoMaximo: descuentoMaximoQueConcede(perfil),
  };
}

const BANDERAS: Array<{ clave: keyof z.infer<typeof DatosUsuario>; etiqueta: string; ayuda: string }> = [
  {
    clave: 'anularYEliminarDocumentos',
    etiqueta: 'Anular y eliminar sin aprobación',
    ayuda: 'Sus anulaciones no pasan por un supervisor',
  },
  { clave: 'revendedor', etiqueta: 'Revendedor', ayuda: 'Solo ve sus propios contactos y facturas' },
  {
    clave: 'autoAbrirEditarProducto',
    etiqueta: 'Abrir el editor al agregar un producto',
    ayuda: 'En facturación y punto de venta',
  },
  { clave: 'bloquearPrecio', etiqueta: 'No puede cambiar precios', ayuda: 'En las líneas de los documentos' },
  {
    clave: 'bloquearImpuesto',
    etiqueta: 'No puede cambiar impuestos',
    ayuda: 'En las líneas de los documentos',
  },
  {
    clave: 'vistaPreviaDelProducto',
    etiqueta: 'Vista previa del producto',
    ayuda: 'Muestra la imagen al buscar',
  },
  { clave: 'ubicacionGps', etiqueta: 'Registrar ubicación GPS', ayuda: 'En cada documento que crea' },
  {
    clave: 'poderEditarPedidosImpresionPreventa',
    etiqueta: 'Editar pedidos ya impresos (preventa)',
    ayuda: '',
  },
];

/** /configuraciones/usuario/nuevo_usuario and editar_usuario?id=… (users with their permission grid). */
export default function UsuarioPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const sesion = useSesion();
  const { perfil } = usePerfil();
  const existente = useQuery({ ...usuarioQueries.uno(id ?? ''), enabled: id !== null });
  const guardar = useGuardarUsuario(id);
  const eliminar = useEliminarUsuario();
  const desbloquear = useDesbloquearUsuario();
  const form = useForm<Valores>({
    initialValues: valoresIniciales(),
    validate: (valores) =>
      resolverZod<Valores>(id ? ActualizarUsuario : CrearUsuario)({
        ...valores,
        password: id && valores.password === '' ? undefined : valores.password,
      } as Valores),
  });

  const cargado = existente.data;
  const reglas = reglasDeEdicion(perfil, cargado, id);
  // A user holding rights the editor lacks is shown read-only; one's own rights are read-only too.
  const intocable = reglas.faltan.length > 0;
  const permisosBloqueados = reglas.propio || intocable;
  const cambiaContrasena = !id || reglas.propio || reglas.completo;
  // Loaded into the form when it arrives or was saved, not when only its failed sign-ins change
  // («Desbloquear» refetches it): unsaved edits stay.
  const versionCargada = cargado ? `${cargado._id}:${cargado.actualizadoEn}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the loaded version, see above.
  useEffect(() => {
    if (cargado) {
      const { _id, creadoEn, actualizadoEn, accesosFallidos, ...datos } = cargado;
      form.setValues({ ...datos, password: '' });
      form.resetDirty();
    }
  }, [versionCargada]);
  // A new user starts with the highest discount the editor may give (the spec's default is 100 %).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the profile is known.
  useEffect(() => {
    if (!id && perfil && (form.values.limiteDescuento ?? 100) > reglas.descuentoMaximo) {
      form.setFieldValue('limiteDescuento', reglas.descuentoMaximo);
      form.resetDirty();
    }
  }, [perfil, id]);

  if (id && (existente.isPending || existente.error)) {
    return <CargandoOError cargando={existente.isPending} error={existente.error} />;
  }

  async function enviar(valores: Valores) {
    const cuerpo = { ...valores, password: id && valores.password === '' ? undefined : valores.password };
    try {
      await guardar.mutateAsync(cuerpo);
      avisarGuardado(id ? 'Usuario actualizado.' : 'Usuario creado.');
      await navegar(LISTA);
    } catch (error) {
      mostrarErrorDeGuardado(error, form);
    }
  }

  function confirmarEliminar() {
    if (!id) {
      return;
    }
    modals.openConfirmModal({
      title: 'Eliminar usuario',
      children: (
        <Text size="sm">
          ¿Eliminar a «{form.values.username}»? Sus sesiones se cierran y no podrá entrar.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await eliminar.mutateAsync(id);
          avisarGuardado('Usuario eliminado.');
          await navegar(LISTA);
        } catch (error) {
          mostrarErrorDeGuardado(error, undefined, 'No se eliminó');
        }
      },
    });
  }

  // A right the editor may not grant stays off; restrictions and rights are locked with the grid.
  function banderaHabilitada(clave: string): boolean {
    if (permisosBloqueados) {
      return !DERECHOS_Y_RESTRICCIONES.has(clave) && !intocable;
    }
    if (!DERECHOS_Y_RESTRICCIONES.has(clave) || RESTRICCIONES.has(clave)) {
      return true;
    }
    return (form.values as Record<string, unknown>)[clave] === true || reglas.puedeConceder(clave);
  }

  async function quitarBloqueo() {
    if (!id) {
      return;
    }
    try {
      const r = await desbloquear.mutateAsync(id);
      avisarGuardado(r.message);
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se desbloqueó');
    }
  }

  const fallos = cargado?.accesosFallidos;
  const impresorasIp = form.values.impresion?.impresorasIp ?? [];
  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v))} noValidate>
      <Stack gap="md" maw={1200} mx="auto">
        <Group justify="space-between">
          <Title order={2}>{id ? `Usuario «${cargado?.username ?? ''}»` : 'Nuevo usuario'}</Title>
          <Group gap="xs">
            {id && !reglas.propio && !intocable && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmarEliminar}
              >
                Eliminar
              </Button>
            )}
            <Button variant="default" onClick={() => navegar(LISTA)}>
              Cancelar
            </Button>
            <BotonEscritura type="submit" loading={guardar.isPending} disabled={intocable}>
              Guardar
            </BotonEscritura>
          </Group>
        </Group>
        {fallos && fallos.fallos > 0 && (
          <Alert color="orange" icon={<IconShieldLock size={18} />} title="Intentos fallidos de acceso">
            <Group justify="space-between" align="center">
              <Text size="sm">
                {fallos.fallos === 1 ? '1 intento fallido' : `${fallos.fallos} intentos fallidos`} en el
                último día.{' '}
                {fallos.esperaHasta
                  ? 'Desde algún equipo debe esperar antes de volver a intentarlo.'
                  : 'Ningún equipo está esperando ahora.'}{' '}
                Desbloquear borra esos fallos para todos los equipos.
              </Text>
              {(reglas.propio || !intocable) && (
                <BotonEscritura
                  variant="light"
                  color="orange"
                  leftSection={<IconLockOpen size={16} />}
                  loading={desbloquear.isPending}
                  onClick={() => void quitarBloqueo()}
                >
                  Desbloquear
                </BotonEscritura>
              )}
            </Group>
          </Alert>
        )}
        {reglas.propio && (
          <Alert color="blue" title="Es tu propio usuario">
            Puedes cambiar tus datos y tu contraseña, pero no tus permisos ni tus restricciones: pídeselo a
            otro administrador.
          </Alert>
        )}
        {intocable && (
          <Alert color="yellow" title="No puedes modificar este usuario">
            «{cargado?.username}» tiene permisos que tú no tienes (
            {reglas.faltan.slice(0, 3).map(nombreDelDerecho).join(', ')}
            {reglas.faltan.length > 3 ? ` y ${reglas.faltan.length - 3} más` : ''}): solo un administrador con
            todos los permisos puede modificarlo, cambiar su contraseña o eliminarlo.
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Tabs defaultValue="datos" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="datos">Datos y preferencias</Tabs.Tab>
              <Tabs.Tab value="permisos">Permisos</Tabs.Tab>
              <Tabs.Tab value="impresion">Impresión</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="datos">
              <Fieldset variant="unstyled" disabled={intocable}>
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                    <TextInput
                      label="Nombre de usuario"
                      withAsterisk
                      autoComplete="off"
                      {...form.getInputProps('username')}
                    />
                    {cambiaContrasena ? (
                      <PasswordInput
                        label={id ? 'Nueva contraseña' : 'Contraseña'}
                        description={id ? 'Déjala vacía para no cambiarla' : 'Al menos 8 caracteres'}
                        withAsterisk={!id}
                        autoComplete="new-password"
                        {...form.getInputProps('password')}
                      />
                    ) : (
                      <Text size="sm" c="dimmed" data-testid="sin-contrasena">
                        Solo un administrador con todos los permisos puede cambiar la contraseña de otro
                        usuario.
                      </Text>
                    )}
                    <TextInput
                      label="Perfil"
                      placeholder="Cajero, Supervisor…"
                      {...form.getInputProps('perfilSeleccionado')}
                    />
                    <NumberInput
                      label="Descuento máximo (%)"
                      description={
                        reglas.descuentoMaximo < 100 && !permisosBloqueados
                          ? `Hasta ${reglas.descuentoMaximo} %, el tuyo`
                          : undefined
                      }
                      min={0}
                      max={permisosBloqueados ? 100 : reglas.descuentoMaximo}
                      allowDecimal={false}
                      disabled={permisosBloqueados}
                      {...form.getInputProps('limiteDescuento')}
                    />
                    <NumberInput
                      label="Pedidos asignados a la vez"
                      min={0}
                      max={1000}
                      allowDecimal={false}
                      {...form.getInputProps('limitePedidosAsignados')}
                    />
                    <Select
                      label="Buscador predeterminado"
                      data={[
                        { value: '0', label: 'Por código de barras' },
                        { value: '1', label: 'Por nombre' },
                      ]}
                      value={String(form.values.buscadorPredeterminado ?? 1)}
                      onChange={(v) => form.setFieldValue('buscadorPredeterminado', Number(v ?? 1))}
                      allowDeselect={false}
                    />
                  </SimpleGrid>
                  <Switch
                    label="Usuario activo"
                    description="Un usuario inactivo no puede entrar y no cuenta para el límite del plan"
                    disabled={reglas.propio || intocable}
                    {...form.getInputProps('activo', { type: 'checkbox' })}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    {BANDERAS.map((bandera) => (
                      <Checkbox
                        key={bandera.clave}
                        label={bandera.etiqueta}
                        description={bandera.ayuda || undefined}
                        disabled={!banderaHabilitada(bandera.clave)}
                        {...form.getInputProps(bandera.clave, { type: 'checkbox' })}
                      />
                    ))}
                    {sesion?.tenantId === TENANT_OPERADOR && (
                      <Checkbox
                        label="Puede registrar empresas"
                        description="Crear nuevas empresas en la plataforma"
                        disabled={!banderaHabilitada('crearInstanciaDelSistema')}
                        {...form.getInputProps('crearInstanciaDelSistema', { type: 'checkbox' })}
                      />
                    )}
                  </SimpleGrid>
                </Stack>
              </Fieldset>
            </Tabs.Panel>
            <Tabs.Panel value="permisos">
              <Text size="sm" c="dimmed" mb="sm">
                Sin «Acceso» el módulo no aparece en el menú y el servidor rechaza sus operaciones.
                {!permisosBloqueados && !reglas.completo
                  ? ' Solo puedes dar los permisos que tú tienes: los demás están desactivados.'
                  : ''}
              </Text>
              <MatrizDePermisos
                valor={form.values.privilegios as Privilegios}
                alCambiar={(valor) => form.setFieldValue('privilegios', valor)}
                soloOperador={sesion?.tenantId === TENANT_OPERADOR}
                puedeConceder={reglas.puedeConceder}
                bloqueada={permisosBloqueados}
              />
            </Tabs.Panel>
            <Tabs.Panel value="impresion">
              <Fieldset variant="unstyled" disabled={intocable}>
                <Stack gap="md" maw={760}>
                  <Select
                    label="Formato de página"
                    data={[
                      { value: '80mm', label: 'Rollo 80 mm' },
                      { value: '58mm', label: 'Rollo 58 mm' },
                      { value: 'carta', label: 'Carta' },
                      { value: 'media-carta', label: 'Media carta' },
                    ]}
                    allowDeselect={false}
                    {...form.getInputProps('impresion.formatoDePagina')}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Impresora Bluetooth 1"
                      {...form.getInputProps('impresion.impresorasBluetooth.0')}
                    />
                    <TextInput
                      label="Impresora Bluetooth 2"
                      {...form.getInputProps('impresion.impresorasBluetooth.1')}
                    />
                    <Checkbox
                      label="Impresión silenciosa en computadora"
                      {...form.getInputProps('impresion.impresionSilenciosaEscritorio', { type: 'checkbox' })}
                    />
                    <Checkbox
                      label="Impresión silenciosa en celular"
                      {...form.getInputProps('impresion.impresionSilenciosaMovil', { type: 'checkbox' })}
                    />
                  </SimpleGrid>
                  <Stack gap="xs">
                    <Group justify="space-between">
                      <Text fw={600} size="sm">
                        Impresoras de red (IP)
                      </Text>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlus size={14} />}
                        onClick={() =>
                          form.insertListItem('impresion.impresorasIp', { nombre: '', ip: '', puerto: 9100 })
                        }
                      >
                        Agregar impresora
                      </Button>
                    </Group>
                    {impresorasIp.length === 0 && (
                      <Text size="sm" c="dimmed">
                        Sin impresoras de red.
                      </Text>
                    )}
                    {impresorasIp.map((_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id.
                      <Group key={i} align="flex-end" wrap="nowrap">
                        <TextInput
                          label="Nombre"
                          {...form.getInputProps(`impresion.impresorasIp.${i}.nombre`)}
                        />
                        <TextInput
                          label="IP"
                          placeholder="192.168.1.50"
                          {...form.getInputProps(`impresion.impresorasIp.${i}.ip`)}
                        />
                        <NumberInput
                          label="Puerto"
                          w={110}
                          min={1}
                          max={65535}
                          {...form.getInputProps(`impresion.impresorasIp.${i}.puerto`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mb={4}
                          aria-label="Quitar impresora"
                          onClick={() => form.removeListItem('impresion.impresorasIp', i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                  </Stack>
                </Stack>
              </Fieldset>
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </form>
  );
}
