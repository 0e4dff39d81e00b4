import {
  Box,
  Button,
  Center,
  Grid,
  Group,
  Modal,
  NavLink,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  CrearPerfilBarcode,
  FORMATOS_DE_CODIGO,
  PERFIL_BARCODE_POR_DEFECTO,
  type PerfilBarcode,
  tienePermiso,
} from '@pos/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ErrorDeApi } from '../../api/client.ts';
import { useConfiguracionGeneral } from '../../app/useEmpresa.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { revisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { largoMaximo } from '../../ui/esquemas.ts';
import { dinero } from '../../ui/formato.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { BotonEscritura, useModoLectura } from '../../ui/ModoLectura.tsx';
import { resumenDePerfil } from './etiquetas.ts';
import { perfilQueries, useEliminarPerfil, useGuardarPerfil } from './queries.ts';

type Valores = z.output<typeof CrearPerfilBarcode>;

function valoresNuevos(): Valores {
  return { ...PERFIL_BARCODE_POR_DEFECTO, nombre: '', identificadorUnico: nuevoIdentificador() };
}

function valoresDe(perfil: PerfilBarcode): Valores {
  const { _id, ...campos } = perfil;
  return campos;
}

// Millimetres to CSS pixels for the preview (96 px per inch), and points (1/72 inch) likewise.
const MM = 96 / 25.4;
const PT = 96 / 72;

/** A to-scale sketch of one label with this profile; the real one is the server's PDF. */
function VistaPrevia({ valores, empresa }: { valores: Valores; empresa: string }) {
  const ancho = valores.anchoPaginaBarcode * MM;
  const alto = valores.alturaPaginaBarcode * MM;
  const escala = Math.min(1, 260 / ancho, 200 / alto);
  const codigo = valores.desabilitarCodigo ? null : (
    <Text fz={valores.fontSize * PT} lh={1.1} ff="monospace" ta="center">
      7460000000017
    </Text>
  );
  return (
    <Center>
      <Paper
        withBorder
        radius={0}
        w={ancho * escala}
        h={alto * escala}
        style={{ overflow: 'hidden' }}
        aria-label="Vista previa de la etiqueta"
      >
        <Box
          w={ancho}
          h={alto}
          p={2}
          style={{
            transform: `scale(${escala})`,
            transformOrigin: 'top left',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: valores.margenDelTexto * PT,
          }}
        >
          {valores.incluirNombreEmpresaBarcode && (
            <Text fz={valores.fontSizeNombreComercial * PT} lh={1.1} fw={700} ta="center" lineClamp={1}>
              {valores.nombreEmpresaPersonalizado || empresa}
            </Text>
          )}
          {valores.incluirDescripcionBarcode && (
            <Text fz={valores.fontSize * PT} lh={1.1} ta="center" lineClamp={2}>
              Arroz Selecto 5 lb
            </Text>
          )}
          {valores.textPosition === 'top' && codigo}
          <Box
            h={valores.height * MM}
            w="80%"
            style={{
              background: `repeating-linear-gradient(90deg, #000 0 ${valores.width * 0.1 * MM}px, transparent ${valores.width * 0.1 * MM}px ${valores.width * 0.25 * MM}px)`,
            }}
          />
          {valores.textPosition === 'bottom' && codigo}
          {valores.incluirPrecioBarcode && (
            <Text fz={valores.fontSizePrecio * PT} lh={1.1} fw={700}>
              {dinero(245)}
            </Text>
          )}
          {valores.notaBarcode && (
            <Text fz={valores.fontSizeNotaBarcode * PT} lh={1.1} ta="center" lineClamp={1}>
              {valores.notaBarcode}
            </Text>
          )}
        </Box>
      </Paper>
    </Center>
  );
}

/**
 * Barcode profiles (spec 002 §3 "Barcode profile"): list, create, change, delete. The spec gives them no
 * route (after saving it returns to the product list), so they live in this dialog of the list screen.
 */
export function PerfilesBarcode({ abierto, alCerrar }: { abierto: boolean; alCerrar: () => void }) {
  const lista = useQuery({ ...perfilQueries.lista(), enabled: abierto });
  const { perfil } = usePerfil();
  const general = useConfiguracionGeneral();
  const guardar = useGuardarPerfil();
  const eliminar = useEliminarPerfil();
  const [idElegido, setIdElegido] = useState<string | null>(null);
  const form = useForm<Valores>({
    initialValues: valoresNuevos(),
    validate: resolverZod<Valores>(CrearPerfilBarcode),
    // A size out of range stays as typed and its message shows as the user leaves the field.
    validateInputOnBlur: true,
  });
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'productos', 'crear');
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'productos', 'modificar');
  const elegido = lista.data?.find((p) => p._id === idElegido);
  // With a suspended plan the save button shows the read-mode dialog; the form must not submit too.
  const { soloLectura } = useModoLectura();

  // biome-ignore lint/correctness/useExhaustiveDependencies: load the chosen profile into the form.
  useEffect(() => {
    form.setValues(elegido ? valoresDe(elegido) : valoresNuevos());
    form.resetDirty();
    form.clearErrors();
  }, [elegido?._id, abierto]);

  async function enviar(valores: Valores) {
    if (soloLectura) {
      return;
    }
    try {
      if (idElegido) {
        const { identificadorUnico: _, ...campos } = valores;
        await guardar.mutateAsync({ id: idElegido, cuerpo: campos });
        avisarGuardado('Perfil actualizado.');
        return;
      }
      const creado = await guardar.mutateAsync({ id: null, cuerpo: valores });
      if (!revisarDuplicado(creado)) {
        avisarGuardado('Perfil creado.');
      }
      setIdElegido((creado as PerfilBarcode)._id);
    } catch (error) {
      if (error instanceof ErrorDeApi && error.statusCode === 409) {
        // Spec 002 §8: a repeated profile name is an error dialog.
        form.setFieldError('nombre', error.message);
        modals.open({
          title: 'No se guardó el perfil',
          centered: true,
          children: <Text size="sm">{error.message}</Text>,
        });
        return;
      }
      mostrarErrorDeGuardado(error, form, idElegido ? 'No se actualizó' : 'No se guardó');
    }
  }

  function confirmarEliminar(perfilAEliminar: PerfilBarcode) {
    modals.openConfirmModal({
      title: `Eliminar «${perfilAEliminar.nombre}»`,
      centered: true,
      children: <Text size="sm">El perfil se borra; las etiquetas ya impresas no cambian.</Text>,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const r = await eliminar.mutateAsync(perfilAEliminar._id);
          avisarGuardado(r.message);
          setIdElegido(null);
        } catch (error) {
          mostrarErrorDeGuardado(error, undefined, 'No se eliminó');
        }
      },
    });
  }

  const numero = (campo: keyof Valores, etiqueta: string, props: { min: number; max: number }) => (
    <CampoNumerico
      label={etiqueta}
      size="xs"
      {...props}
      decimalScale={1}
      valor={form.values[campo] as number | null}
      alCambiar={(numero) => form.setFieldValue(campo, numero as never)}
      onBlur={() => form.validateField(campo)}
      error={form.errors[campo]}
    />
  );
  const v = form.values;
  const editable = idElegido ? puedeModificar : puedeCrear;

  return (
    <Modal opened={abierto} onClose={alCerrar} title="Perfiles de etiquetas" size="xl" centered>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap="xs">
            {puedeCrear && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => {
                  setIdElegido(null);
                  form.setValues(valoresNuevos());
                }}
              >
                Nuevo perfil
              </Button>
            )}
            <ScrollArea.Autosize mah={420} type="auto">
              {(lista.data ?? []).map((p) => (
                <NavLink
                  key={p._id}
                  label={p.nombre}
                  description={resumenDePerfil(p)}
                  active={p._id === idElegido}
                  onClick={() => setIdElegido(p._id)}
                />
              ))}
              {lista.data?.length === 0 && (
                <Text size="sm" c="dimmed" p="xs">
                  Sin perfiles: las etiquetas salen con los valores predeterminados (50 × 25 mm).
                </Text>
              )}
            </ScrollArea.Autosize>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <form noValidate onSubmit={form.onSubmit((valores) => void enviar(valores))}>
            <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
              <Stack gap="sm">
                <CampoDeTexto
                  label="Nombre del perfil"
                  withAsterisk
                  size="xs"
                  max={largoMaximo(CrearPerfilBarcode, 'nombre')}
                  {...form.getInputProps('nombre')}
                />
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                  {numero('anchoPaginaBarcode', 'Ancho etiqueta (mm)', { min: 20, max: 300 })}
                  {numero('alturaPaginaBarcode', 'Alto etiqueta (mm)', { min: 10, max: 300 })}
                  {numero('height', 'Alto de barras (mm)', { min: 3, max: 100 })}
                  {numero('width', 'Grosor de barra (0,1 mm)', { min: 1, max: 10 })}
                  {numero('fontSize', 'Letra (pt)', { min: 4, max: 36 })}
                  {numero('fontSizePrecio', 'Precio (pt)', { min: 4, max: 48 })}
                  {numero('fontSizeNombreComercial', 'Empresa (pt)', { min: 4, max: 36 })}
                  {numero('margenDelTexto', 'Separación (pt)', { min: 0, max: 20 })}
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <Select
                    label="Formato del código"
                    size="xs"
                    data={FORMATOS_DE_CODIGO.map((f) => ({
                      value: f,
                      label: f === 'auto' ? 'Automático' : f,
                    }))}
                    allowDeselect={false}
                    {...form.getInputProps('format')}
                  />
                  <Stack gap={2}>
                    <Text size="xs" fw={500}>
                      Números del código
                    </Text>
                    <SegmentedControl
                      size="xs"
                      aria-label="Posición de los números"
                      data={[
                        { value: 'bottom', label: 'Debajo' },
                        { value: 'top', label: 'Encima' },
                      ]}
                      {...form.getInputProps('textPosition')}
                    />
                  </Stack>
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
                  <Switch
                    size="xs"
                    label="Precio"
                    {...form.getInputProps('incluirPrecioBarcode', { type: 'checkbox' })}
                  />
                  <Switch
                    size="xs"
                    label="Nombre del producto"
                    {...form.getInputProps('incluirDescripcionBarcode', { type: 'checkbox' })}
                  />
                  <Switch
                    size="xs"
                    label="Nombre de la empresa"
                    {...form.getInputProps('incluirNombreEmpresaBarcode', { type: 'checkbox' })}
                  />
                  <Switch
                    size="xs"
                    label="Ocultar los números del código"
                    {...form.getInputProps('desabilitarCodigo', { type: 'checkbox' })}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <CampoDeTexto
                    size="xs"
                    label="Nombre de empresa en la etiqueta"
                    max={largoMaximo(CrearPerfilBarcode, 'nombreEmpresaPersonalizado')}
                    placeholder={general?.configGeneral[0]?.nombre ?? 'El de la empresa'}
                    disabled={!v.incluirNombreEmpresaBarcode}
                    {...form.getInputProps('nombreEmpresaPersonalizado')}
                  />
                  <Group gap="xs" align="flex-end" wrap="nowrap">
                    <CampoDeTexto
                      size="xs"
                      label="Nota"
                      max={largoMaximo(CrearPerfilBarcode, 'notaBarcode')}
                      style={{ flex: 1 }}
                      {...form.getInputProps('notaBarcode')}
                    />
                    <Box w={80}>{numero('fontSizeNotaBarcode', 'Nota (pt)', { min: 4, max: 36 })}</Box>
                  </Group>
                </SimpleGrid>
                <VistaPrevia valores={v} empresa={general?.configGeneral[0]?.nombre ?? 'Mi empresa'} />
                <Group justify="space-between" gap="xs">
                  {elegido && puedeModificar ? (
                    <BotonEscritura
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => confirmarEliminar(elegido)}
                    >
                      Eliminar
                    </BotonEscritura>
                  ) : (
                    <span />
                  )}
                  {editable && (
                    <BotonEscritura type="submit" size="xs" loading={guardar.isPending}>
                      {idElegido ? 'Guardar cambios' : 'Crear perfil'}
                    </BotonEscritura>
                  )}
                </Group>
              </Stack>
            </fieldset>
          </form>
        </Grid.Col>
      </Grid>
    </Modal>
  );
}
