import {
  ActionIcon,
  Button,
  Checkbox,
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
import { ActualizarUsuario, CrearUsuario, DatosUsuario, type Privilegios } from '@pos/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { TENANT_OPERADOR } from '../../../app/registro.ts';
import { useSesion } from '../../../app/sesion.ts';
import { CargandoOError } from '../../../ui/Cargando.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../../ui/errores.ts';
import { resolverZod } from '../../../ui/formularios.ts';
import { BotonEscritura } from '../../../ui/ModoLectura.tsx';
import { MatrizDePermisos } from './MatrizDePermisos.tsx';
import { useEliminarUsuario, useGuardarUsuario, usuarioQueries } from './queries.ts';

type Valores = z.input<typeof CrearUsuario> & { password: string };

const LISTA = '/configuraciones/usuario/lista_usuarios';

function valoresIniciales(): Valores {
  return { ...DatosUsuario.parse({}), username: '', password: '' };
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
  const existente = useQuery({ ...usuarioQueries.uno(id ?? ''), enabled: id !== null });
  const guardar = useGuardarUsuario(id);
  const eliminar = useEliminarUsuario();
  const form = useForm<Valores>({
    initialValues: valoresIniciales(),
    validate: (valores) =>
      resolverZod<Valores>(id ? ActualizarUsuario : CrearUsuario)({
        ...valores,
        password: id && valores.password === '' ? undefined : valores.password,
      } as Valores),
  });

  const cargado = existente.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the user into the form once it arrives.
  useEffect(() => {
    if (cargado) {
      const { _id, creadoEn, actualizadoEn, ...datos } = cargado;
      form.setValues({ ...datos, password: '' });
      form.resetDirty();
    }
  }, [cargado]);

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

  const impresorasIp = form.values.impresion?.impresorasIp ?? [];
  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v))} noValidate>
      <Stack gap="md" maw={1200} mx="auto">
        <Group justify="space-between">
          <Title order={2}>{id ? `Usuario «${cargado?.username ?? ''}»` : 'Nuevo usuario'}</Title>
          <Group gap="xs">
            {id && (
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
            <BotonEscritura type="submit" loading={guardar.isPending}>
              Guardar
            </BotonEscritura>
          </Group>
        </Group>
        <Paper withBorder radius="md" p="md">
          <Tabs defaultValue="datos" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="datos">Datos y preferencias</Tabs.Tab>
              <Tabs.Tab value="permisos">Permisos</Tabs.Tab>
              <Tabs.Tab value="impresion">Impresión</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="datos">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  <TextInput
                    label="Nombre de usuario"
                    withAsterisk
                    autoComplete="off"
                    {...form.getInputProps('username')}
                  />
                  <PasswordInput
                    label={id ? 'Nueva contraseña' : 'Contraseña'}
                    description={id ? 'Déjala vacía para no cambiarla' : 'Al menos 8 caracteres'}
                    withAsterisk={!id}
                    autoComplete="new-password"
                    {...form.getInputProps('password')}
                  />
                  <TextInput
                    label="Perfil"
                    placeholder="Cajero, Supervisor…"
                    {...form.getInputProps('perfilSeleccionado')}
                  />
                  <NumberInput
                    label="Descuento máximo (%)"
                    min={0}
                    max={100}
                    allowDecimal={false}
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
                  {...form.getInputProps('activo', { type: 'checkbox' })}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  {BANDERAS.map((bandera) => (
                    <Checkbox
                      key={bandera.clave}
                      label={bandera.etiqueta}
                      description={bandera.ayuda || undefined}
                      {...form.getInputProps(bandera.clave, { type: 'checkbox' })}
                    />
                  ))}
                  {sesion?.tenantId === TENANT_OPERADOR && (
                    <Checkbox
                      label="Puede registrar empresas"
                      description="Crear nuevas empresas en la plataforma"
                      {...form.getInputProps('crearInstanciaDelSistema', { type: 'checkbox' })}
                    />
                  )}
                </SimpleGrid>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="permisos">
              <Text size="sm" c="dimmed" mb="sm">
                Sin «Acceso» el módulo no aparece en el menú y el servidor rechaza sus operaciones.
              </Text>
              <MatrizDePermisos
                valor={form.values.privilegios as Privilegios}
                alCambiar={(valor) => form.setFieldValue('privilegios', valor)}
                soloOperador={sesion?.tenantId === TENANT_OPERADOR}
              />
            </Tabs.Panel>
            <Tabs.Panel value="impresion">
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
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </form>
  );
}
