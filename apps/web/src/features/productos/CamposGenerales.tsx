import {
  Autocomplete,
  Button,
  Center,
  FileButton,
  Grid,
  Group,
  Image,
  Input,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { LARGO_MAXIMO_PRODUCTO } from '@pos/contract';
import { IconBarcode, IconCheck, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { subirImagen, urlDeArchivo } from '../../api/archivos.ts';
import { useSesion } from '../../app/sesion.ts';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import type { FormularioDeProducto } from './campos.ts';
import { seleccionQueries } from './queries.ts';
import type { EstadoDelCodigo } from './useCodigoDeBarras.ts';

const UNIDADES = ['Unidad', 'Libra', 'Onza', 'Kilogramo', 'Galón', 'Litro', 'Caja', 'Paquete', 'Docena'];

/** The note under the barcode while it is checked; null when there is nothing to say. */
function ayudaDelCodigo(codigo: string, estado: EstadoDelCodigo): ReactNode {
  if (codigo.trim() === '') {
    return null;
  }
  switch (estado.estado) {
    case 'corto':
      return 'Un código de 2 caracteres o menos se guarda como 0 (sin código).';
    case 'verificando':
      return (
        <Group gap={4} component="span">
          <Loader size={10} /> Verificando el código…
        </Group>
      );
    case 'libre':
      return (
        <Text span size="xs" c="teal">
          <IconCheck size={12} style={{ verticalAlign: 'middle' }} /> Código disponible
        </Text>
      );
    default:
      return null;
  }
}

/** The product's image: preview, upload (POST cliente/upload, field avatar), remove. */
function ImagenDelProducto({ form }: { form: FormularioDeProducto }) {
  const sesion = useSesion();
  const [subiendo, setSubiendo] = useState(false);
  const url = urlDeArchivo(sesion?.tenantId ?? 0, form.values.avatar);
  async function subir(archivo: File | null) {
    if (!archivo) {
      return;
    }
    setSubiendo(true);
    try {
      form.setFieldValue('avatar', await subirImagen(archivo));
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se subió la imagen');
    } finally {
      setSubiendo(false);
    }
  }
  return (
    <Stack gap={6}>
      <Input.Label>Imagen</Input.Label>
      <Paper withBorder radius="sm" h={150} p="xs">
        <Center h="100%">
          {url ? (
            <Image src={url} alt="Imagen del producto" mah={130} maw="100%" fit="contain" />
          ) : (
            <Stack gap={4} align="center">
              <IconPhoto size={32} color="var(--mantine-color-gray-5)" />
              <Text size="xs" c="dimmed">
                Sin imagen
              </Text>
            </Stack>
          )}
        </Center>
      </Paper>
      <Group gap="xs">
        <FileButton
          onChange={(archivo) => void subir(archivo)}
          accept="image/png,image/jpeg,image/webp,image/gif"
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={subiendo}
            >
              {url ? 'Cambiar imagen' : 'Subir imagen'}
            </Button>
          )}
        </FileButton>
        {form.values.avatar && (
          <Button size="xs" variant="subtle" color="red" onClick={() => form.setFieldValue('avatar', null)}>
            Quitar
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Tab «General»: name, codes, classification, description, image and the product's switches. */
export function CamposGenerales({
  form,
  codigo,
  codigoGuardado,
}: {
  form: FormularioDeProducto;
  codigo: EstadoDelCodigo;
  /** The saved product's code: while it is unchanged there is nothing to check. */
  codigoGuardado: string | null;
}) {
  const categorias = useQuery(seleccionQueries.categorias());
  const valores = form.values;
  const errorDelCodigo = form.errors.idCodigoDeBarra ?? (codigo.estado === 'ocupado' ? codigo.mensaje : null);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          <CampoDeTexto
            label="Nombre"
            withAsterisk
            max={LARGO_MAXIMO_PRODUCTO.nombre}
            {...form.getInputProps('nombre')}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CampoDeTexto
              label="Código de barras"
              leftSection={<IconBarcode size={16} />}
              max={LARGO_MAXIMO_PRODUCTO.idCodigoDeBarra}
              autoComplete="off"
              {...form.getInputProps('idCodigoDeBarra')}
              error={errorDelCodigo}
              // The check's note goes under the input (CampoDeTexto's order), so the row stays aligned.
              description={
                errorDelCodigo || valores.idCodigoDeBarra.trim() === codigoGuardado
                  ? undefined
                  : (ayudaDelCodigo(valores.idCodigoDeBarra, codigo) ?? undefined)
              }
            />
            <CampoDeTexto
              label="Referencia"
              max={LARGO_MAXIMO_PRODUCTO.referencia}
              {...form.getInputProps('referencia')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Categoría"
              placeholder="Sin categoría"
              data={(categorias.data ?? []).map((c) => ({ value: c._id, label: c.nombre }))}
              clearable
              searchable
              nothingFoundMessage="No hay categorías con ese nombre"
              {...form.getInputProps('categoria')}
            />
            <Stack gap={0}>
              <Input.Label id="tipo-de-producto">Tipo</Input.Label>
              <SegmentedControl
                aria-labelledby="tipo-de-producto"
                fullWidth
                data={[
                  { value: 'producto', label: 'Producto' },
                  { value: 'servicio', label: 'Servicio' },
                ]}
                value={valores.tipo === 'servicio' ? 'servicio' : 'producto'}
                onChange={(tipo) => {
                  form.setFieldValue('tipo', tipo);
                  // A service has no stock (spec 002 §3); the switch below can still be turned back on.
                  form.setFieldValue('productoInventariable', tipo !== 'servicio');
                }}
              />
            </Stack>
            <Autocomplete
              label="Unidad de medida"
              placeholder="Unidad"
              data={UNIDADES}
              maxLength={LARGO_MAXIMO_PRODUCTO.unidadMedida}
              {...form.getInputProps('unidadMedida')}
            />
          </SimpleGrid>
          <AreaDeTexto
            label="Descripción"
            autosize
            minRows={2}
            maxRows={6}
            max={LARGO_MAXIMO_PRODUCTO.descripcion}
            {...form.getInputProps('descripcion')}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <ImagenDelProducto form={form} />
          <Stack gap={8}>
            <Switch
              label="Inventariable (lleva existencia)"
              {...form.getInputProps('productoInventariable', { type: 'checkbox' })}
            />
            <Switch
              label="Vender sin existencia"
              {...form.getInputProps('ventaSinDisponibilidad', { type: 'checkbox' })}
            />
            <Switch
              label="Favorito (acceso rápido en la caja)"
              {...form.getInputProps('favorito', { type: 'checkbox' })}
            />
            <Switch
              label="Excluir del catálogo en línea"
              {...form.getInputProps('excluirDelCatalogo', { type: 'checkbox' })}
            />
            <Switch
              label="En proceso de inventario (no entra en compras)"
              {...form.getInputProps('bloqueoPorInventario', { type: 'checkbox' })}
            />
            <Switch
              label="Artículo personalizado (cada venta en su propia línea)"
              {...form.getInputProps('itemPersonalizado', { type: 'checkbox' })}
            />
          </Stack>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
