import {
  Button,
  Center,
  ColorInput,
  FileButton,
  Group,
  Image,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ActualizarConfiguracionGeneral, type ConfiguracionGeneral, empresa } from '@pos/contract';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { subirImagen, urlDeArchivo } from '../../../api/archivos.ts';
import { api } from '../../../api/client.ts';
import { useSesion } from '../../../app/sesion.ts';
import { empresaQueries } from '../../../app/useEmpresa.ts';
import { CampoDeTexto } from '../../../ui/CampoDeTexto.tsx';
import { Cargando } from '../../../ui/Cargando.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../../ui/errores.ts';
import { largoMaximo } from '../../../ui/esquemas.ts';
import { resolverZod } from '../../../ui/formularios.ts';
import { BotonEscritura } from '../../../ui/ModoLectura.tsx';
import { PedidosDelCatalogo } from '../../catalogo/PedidosDelCatalogo.tsx';
import { VistaPreviaBalanza } from '../../inventario/VistaPreviaBalanza.tsx';
import { CorreoSaliente } from './CorreoSaliente.tsx';

type Valores = z.input<typeof ActualizarConfiguracionGeneral>;

function aValores(general: ConfiguracionGeneral): Valores {
  const { _id, tieneCodigoDeAutorizacion, ...resto } = general;
  // Secrets are never read back (docs/security.md): their fields start empty, and empty keeps what is saved.
  return {
    ...resto,
    codigoDeAutorizacion: '',
    borrarCodigoDeAutorizacion: false,
    smtp: resto.smtp ? { ...resto.smtp, password: '' } : null,
  };
}

/** A logo or banner: preview, upload, remove. */
function CampoDeImagen({
  etiqueta,
  nombre,
  tenantId,
  alCambiar,
}: {
  etiqueta: string;
  nombre: string | null | undefined;
  tenantId: number;
  alCambiar: (nombre: string | null) => void;
}) {
  const [subiendo, setSubiendo] = useState(false);
  const url = urlDeArchivo(tenantId, nombre);
  async function subir(archivo: File | null) {
    if (!archivo) {
      return;
    }
    setSubiendo(true);
    try {
      alCambiar(await subirImagen(archivo));
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se subió la imagen');
    } finally {
      setSubiendo(false);
    }
  }
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {etiqueta}
      </Text>
      <Paper withBorder radius="sm" h={120} p="xs">
        <Center h="100%">
          {url ? (
            <Image src={url} alt={etiqueta} mah={100} maw="100%" fit="contain" />
          ) : (
            <Text size="sm" c="dimmed">
              Sin imagen
            </Text>
          )}
        </Center>
      </Paper>
      <Group gap="xs">
        <FileButton onChange={(archivo) => void subir(archivo)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={subiendo}
            >
              Subir imagen
            </Button>
          )}
        </FileButton>
        {nombre && (
          <Button size="xs" variant="subtle" color="red" onClick={() => alCambiar(null)}>
            Quitar
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The contract's maximum length of one of the company's data fields. */
const largo = (campo: string) => largoMaximo(ActualizarConfiguracionGeneral, `configGeneral.0.${campo}`);

/** /configuraciones/general/principal: the company's data and general settings (GET/PUT /general/1001). */
export default function GeneralPage() {
  const sesion = useSesion();
  const tenantId = sesion?.tenantId ?? 0;
  const queryClient = useQueryClient();
  const consulta = useQuery(empresaQueries.general(sesion?.tenantId));
  const form = useForm<Valores>({
    // Every field starts defined so that no input switches from uncontrolled to controlled on load.
    initialValues: {
      configGeneral: [{ nombre: '', rnc: '', direccion: '', telefono: '', correo: '' }],
      avatar: null,
      imagenDePortada: null,
      bannerPublicitario: null,
      usoCodigoDeBalanza: false,
      colorLinkCatalogo: '#1c7ed6',
      habilitarSecciones: false,
      bloqueoPorNoExistencia: false,
      codigoDeAutorizacion: '',
      borrarCodigoDeAutorizacion: false,
      smtp: null,
    },
    validate: resolverZod<Valores>(ActualizarConfiguracionGeneral),
  });
  const guardar = useMutation({
    mutationFn: (body: Valores) => api(empresa.actualizarGeneral, { params: { id: '1001' }, body }),
    onSuccess: (datos) => queryClient.setQueryData(empresaQueries.general(sesion?.tenantId).queryKey, datos),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the settings into the form once they arrive.
  useEffect(() => {
    if (consulta.data) {
      form.setValues(aValores(consulta.data));
      form.resetDirty();
    }
  }, [consulta.data]);

  if (consulta.isPending) {
    return <Cargando />;
  }
  const tieneCodigo = consulta.data?.tieneCodigoDeAutorizacion ?? false;

  async function enviar(valores: Valores) {
    try {
      await guardar.mutateAsync(valores);
      avisarGuardado('Configuración guardada.');
      form.resetDirty();
    } catch (error) {
      mostrarErrorDeGuardado(error, form);
    }
  }

  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v))} noValidate>
      <Stack gap="md" maw={1100} mx="auto">
        <Group justify="space-between">
          <Title order={2}>Configuración general</Title>
          <BotonEscritura type="submit" loading={guardar.isPending} disabled={!form.isDirty()}>
            Guardar cambios
          </BotonEscritura>
        </Group>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            Datos de la empresa
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <CampoDeTexto
              label="Nombre o razón social"
              withAsterisk
              max={largo('nombre')}
              {...form.getInputProps('configGeneral.0.nombre')}
            />
            <CampoDeTexto
              label="RNC o cédula"
              description="Sin guiones"
              inputMode="numeric"
              max={largo('rnc')}
              {...form.getInputProps('configGeneral.0.rnc')}
            />
            <CampoDeTexto
              label="Teléfono"
              description="Recibe los pedidos del catálogo por WhatsApp"
              max={largo('telefono')}
              {...form.getInputProps('configGeneral.0.telefono')}
            />
            <CampoDeTexto
              label="Correo"
              type="email"
              max={largo('correo')}
              {...form.getInputProps('configGeneral.0.correo')}
            />
            <CampoDeTexto
              label="Dirección"
              max={largo('direccion')}
              {...form.getInputProps('configGeneral.0.direccion')}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            Ventas y catálogo
          </Title>
          <Stack gap="sm">
            <Switch
              label="Usar códigos de balanza"
              description="Lee las etiquetas EAN-13 de la balanza (prefijos 20, 21, 22 y 27) con el peso o la cantidad"
              {...form.getInputProps('usoCodigoDeBalanza', { type: 'checkbox' })}
            />
            <VistaPreviaBalanza usoCodigoDeBalanza={form.values.usoCodigoDeBalanza ?? false} />
            <Switch
              label="Catálogo por secciones"
              description="El catálogo público muestra primero las secciones en vez de las categorías"
              {...form.getInputProps('habilitarSecciones', { type: 'checkbox' })}
            />
            <ColorInput
              label="Color del enlace del catálogo"
              format="hex"
              maw={260}
              {...form.getInputProps('colorLinkCatalogo')}
            />
            <PedidosDelCatalogo />
            <Switch
              label="Bloquear la venta sin existencia"
              description="No deja facturar un producto inventariable sin existencia en el almacén"
              {...form.getInputProps('bloqueoPorNoExistencia', { type: 'checkbox' })}
            />
            <Group align="flex-end" gap="sm">
              <PasswordInput
                label="Código de autorización"
                description="Lo pide la caja para vender por encima del límite de crédito del cliente"
                autoComplete="new-password"
                w={360}
                placeholder={
                  form.values.borrarCodigoDeAutorizacion
                    ? 'Se quitará al guardar'
                    : tieneCodigo
                      ? 'Guardado; escribe otro para cambiarlo'
                      : 'Sin código'
                }
                disabled={form.values.borrarCodigoDeAutorizacion}
                {...form.getInputProps('codigoDeAutorizacion')}
              />
              {tieneCodigo && (
                <Button
                  size="xs"
                  variant="subtle"
                  color={form.values.borrarCodigoDeAutorizacion ? 'gray' : 'red'}
                  mb={4}
                  onClick={() => {
                    form.setFieldValue('borrarCodigoDeAutorizacion', !form.values.borrarCodigoDeAutorizacion);
                    form.setFieldValue('codigoDeAutorizacion', '');
                  }}
                >
                  {form.values.borrarCodigoDeAutorizacion ? 'Conservar el código' : 'Quitar el código'}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            Correo saliente (SMTP)
          </Title>
          <CorreoSaliente
            form={form}
            tienePassword={consulta.data?.smtp?.tienePassword ?? false}
            correoDeLaEmpresa={consulta.data?.configGeneral[0].correo ?? ''}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            Imágenes
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <CampoDeImagen
              etiqueta="Logo"
              nombre={form.values.avatar}
              tenantId={tenantId}
              alCambiar={(n) => form.setFieldValue('avatar', n)}
            />
            <CampoDeImagen
              etiqueta="Portada del catálogo"
              nombre={form.values.imagenDePortada}
              tenantId={tenantId}
              alCambiar={(n) => form.setFieldValue('imagenDePortada', n)}
            />
            <CampoDeImagen
              etiqueta="Banner publicitario"
              nombre={form.values.bannerPublicitario}
              tenantId={tenantId}
              alCambiar={(n) => form.setFieldValue('bannerPublicitario', n)}
            />
          </SimpleGrid>
        </Paper>
      </Stack>
    </form>
  );
}
