import {
  Alert,
  Button,
  Collapse,
  FileInput,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  COLUMNAS_DE_IMPORTACION,
  type ErrorDeImportacion,
  importacionProductos,
  MAXIMO_FILAS_DE_IMPORTACION,
  type ResultadoDeImportacion,
  TAMANO_MAXIMO_DE_IMPORTACION,
} from '@pos/contract';
import { IconCheck, IconChevronDown, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { numero } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import {
  ErrorDeImportacionDeProductos,
  guardarArchivo,
  type ProgresoDeSubida,
  pedirArchivo,
  subirHojaDeProductos,
} from './archivos.ts';
import { productoQueries, seleccionQueries } from './queries.ts';

type Estado =
  | { fase: 'inicial' }
  | { fase: 'subiendo'; progreso: ProgresoDeSubida }
  | { fase: 'procesando' }
  | { fase: 'listo'; resultado: ResultadoDeImportacion }
  | { fase: 'error'; mensaje: string; filas: ErrorDeImportacion[] };

const kilobytes = (bytes: number) => numero(Math.max(1, bytes / 1024));

/** The table of row-level errors the server answered (nothing was imported). */
export function TablaDeErrores({ filas }: { filas: ErrorDeImportacion[] }) {
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Table fz="xs" verticalSpacing={4} striped stickyHeader aria-label="Errores por fila">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Fila</Table.Th>
            <Table.Th w={150}>Columna</Table.Th>
            <Table.Th>Error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((e) => (
            <Table.Tr key={`${e.fila}-${e.columna}-${e.mensaje}`}>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{e.fila > 0 ? e.fila : '—'}</Table.Td>
              <Table.Td>{e.columna || '—'}</Table.Td>
              <Table.Td>{e.mensaje}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function ColumnasDeLaHoja() {
  const [abierto, { toggle }] = useDisclosure(false);
  return (
    <div>
      <UnstyledButton onClick={toggle} aria-expanded={abierto}>
        <Group gap={4}>
          <IconChevronDown
            size={14}
            style={{ transform: abierto ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
          <Text size="sm" c="blue">
            Columnas de la hoja
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={abierto}>
        <Table fz="xs" verticalSpacing={3} mt={6}>
          <Table.Tbody>
            {COLUMNAS_DE_IMPORTACION.map((c) => (
              <Table.Tr key={c.titulo}>
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {c.titulo}
                  {c.obligatoria ? ' *' : ''}
                </Table.Td>
                <Table.Td c="dimmed">{c.descripcion}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Collapse>
    </div>
  );
}

/**
 * Import from a spreadsheet (spec 002 §7 import-xlsx): download the template, choose the warehouse of the
 * initial stock, upload with a progress bar; the server checks every row first and, with any error,
 * imports nothing and answers each row's error, shown in a table.
 */
export function ImportarProductos({ abierto, alCerrar }: { abierto: boolean; alCerrar: () => void }) {
  const queryClient = useQueryClient();
  const almacenes = useQuery({ ...seleccionQueries.almacenes(), enabled: abierto });
  const principal = useQuery({ ...seleccionQueries.almacenPrincipal(), enabled: abierto });
  const [archivo, setArchivo] = useState<File | null>(null);
  const [idAlmacen, setIdAlmacen] = useState<string | null>(null);
  const [estado, setEstado] = useState<Estado>({ fase: 'inicial' });
  const [descargando, setDescargando] = useState(false);
  const cancelar = useRef<AbortController | null>(null);
  const ocupado = estado.fase === 'subiendo' || estado.fase === 'procesando';
  const almacen = idAlmacen ?? principal.data?._id ?? null;

  async function descargarPlantilla() {
    setDescargando(true);
    try {
      const { blob, nombre } = await pedirArchivo(importacionProductos.plantilla);
      guardarArchivo(blob, nombre === 'archivo' ? 'plantilla-productos.xlsx' : nombre);
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se descargó la plantilla');
    } finally {
      setDescargando(false);
    }
  }

  async function importar() {
    if (!archivo) {
      return;
    }
    if (archivo.size > TAMANO_MAXIMO_DE_IMPORTACION) {
      setEstado({
        fase: 'error',
        mensaje: `La hoja de cálculo no puede pasar de ${TAMANO_MAXIMO_DE_IMPORTACION / (1024 * 1024)} MB.`,
        filas: [],
      });
      return;
    }
    const controlador = new AbortController();
    cancelar.current = controlador;
    setEstado({ fase: 'subiendo', progreso: { enviados: 0, total: archivo.size } });
    try {
      const resultado = await subirHojaDeProductos(
        archivo,
        almacen,
        (progreso) =>
          setEstado(
            progreso.enviados >= progreso.total ? { fase: 'procesando' } : { fase: 'subiendo', progreso },
          ),
        controlador.signal,
      );
      setEstado({ fase: 'listo', resultado });
      await queryClient.invalidateQueries({ queryKey: productoQueries.all() });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setEstado({ fase: 'inicial' });
        return;
      }
      setEstado({
        fase: 'error',
        mensaje: error instanceof Error ? error.message : 'No se importó el archivo.',
        filas: error instanceof ErrorDeImportacionDeProductos ? error.filas : [],
      });
    }
  }

  function cerrar() {
    if (ocupado) {
      cancelar.current?.abort();
    }
    setArchivo(null);
    setEstado({ fase: 'inicial' });
    alCerrar();
  }

  const porcentaje =
    estado.fase === 'subiendo' && estado.progreso.total > 0
      ? Math.round((estado.progreso.enviados / estado.progreso.total) * 100)
      : estado.fase === 'procesando' || estado.fase === 'listo'
        ? 100
        : 0;

  return (
    <Modal opened={abierto} onClose={cerrar} title="Importar productos desde Excel" size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Llena la plantilla (una fila por producto, hasta {numero(MAXIMO_FILAS_DE_IMPORTACION)}) y súbela. Si
          alguna fila tiene un error no se importa nada: corrige las filas indicadas y vuelve a subirla. Subir
          el mismo archivo dos veces no duplica los productos.
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={descargando}
            onClick={() => void descargarPlantilla()}
          >
            Descargar plantilla
          </Button>
        </Group>
        <ColumnasDeLaHoja />
        <Group align="flex-end" gap="sm" wrap="wrap" grow>
          <FileInput
            label="Hoja de cálculo (.xlsx)"
            placeholder="Elige el archivo"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={archivo}
            onChange={(f) => {
              setArchivo(f);
              setEstado({ fase: 'inicial' });
            }}
            disabled={ocupado}
            clearable
          />
          <Select
            label="Almacén de la existencia inicial"
            data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
            value={almacen}
            onChange={setIdAlmacen}
            allowDeselect={false}
            disabled={ocupado}
          />
        </Group>
        {estado.fase !== 'inicial' && estado.fase !== 'error' && archivo && (
          <Stack gap={4}>
            <Progress
              value={porcentaje}
              size="lg"
              striped={estado.fase === 'procesando'}
              animated={estado.fase === 'procesando'}
              color={estado.fase === 'listo' ? 'teal' : 'blue'}
              aria-label="Progreso de la importación"
            />
            <Text size="xs" c="dimmed" role="status">
              {estado.fase === 'subiendo' &&
                `Subiendo ${kilobytes(estado.progreso.enviados)} de ${kilobytes(estado.progreso.total)} KB (${porcentaje}%)`}
              {estado.fase === 'procesando' && 'Archivo subido; revisando las filas y creando los productos…'}
              {estado.fase === 'listo' && `${archivo.name} importado`}
            </Text>
          </Stack>
        )}
        {estado.fase === 'listo' && (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} title={estado.resultado.message}>
            {estado.resultado.yaImportados > 0 &&
              `${estado.resultado.yaImportados} filas ya se habían importado antes con este archivo y no se repitieron.`}
          </Alert>
        )}
        {estado.fase === 'error' && (
          <Stack gap="xs">
            <Alert
              color="red"
              variant="light"
              role="alert"
              // The server's message usually says it already («No se importó ningún producto: …»).
              title={estado.mensaje.startsWith('No se importó') ? undefined : 'No se importó ningún producto'}
            >
              {estado.mensaje}
            </Alert>
            {estado.filas.length > 0 && <TablaDeErrores filas={estado.filas} />}
          </Stack>
        )}
        <Group justify="flex-end" gap="xs">
          {estado.fase === 'subiendo' ? (
            <Button variant="subtle" color="gray" onClick={() => cancelar.current?.abort()}>
              Cancelar la subida
            </Button>
          ) : (
            <Button variant="default" onClick={cerrar}>
              {estado.fase === 'listo' ? 'Cerrar' : 'Cancelar'}
            </Button>
          )}
          <BotonEscritura
            disabled={!archivo || ocupado || estado.fase === 'listo'}
            loading={ocupado}
            onClick={() => void importar()}
          >
            Importar
          </BotonEscritura>
        </Group>
      </Stack>
    </Modal>
  );
}
