import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { ImprimirEtiquetas as EsquemaDeEtiquetas, perfilesBarcode } from '@pos/contract';
import { IconAlertTriangle, IconPrinter, IconSettings, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorDeApi } from '../../api/client.ts';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { errorDeCampo } from '../../ui/esquemas.ts';
import { mostrarPdf, pedirArchivo } from './archivos.ts';
import { type ElegidoParaEtiqueta, resumenDePerfil, tieneCodigo } from './etiquetas.ts';
import { PerfilesBarcode } from './PerfilesBarcode.tsx';
import { perfilQueries, productoQueries } from './queries.ts';

/**
 * Label printing: the chosen products with how many labels of each, a barcode profile and the paper; the
 * server draws the PDF (POST /perfil-barcode/etiquetas), opened in a new tab.
 */
export function ImprimirEtiquetas({
  abierto,
  alCerrar,
  elegidos,
  alCambiarElegidos,
}: {
  abierto: boolean;
  alCerrar: () => void;
  elegidos: ElegidoParaEtiqueta[];
  alCambiarElegidos: (elegidos: ElegidoParaEtiqueta[]) => void;
}) {
  const perfiles = useQuery({ ...perfilQueries.lista(), enabled: abierto });
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const encontrados = useQuery({
    ...productoQueries.lista({ input, page: 1, limit: 10 }),
    enabled: abierto && input !== '',
  });
  // What is typed per product (null while empty); 1 until the user changes it.
  const [cantidades, setCantidades] = useState<Record<string, number | null>>({});
  const [idPerfil, setIdPerfil] = useState<string | null>(null);
  const [papel, setPapel] = useState<'etiqueta' | 'carta'>('etiqueta');
  const [generando, setGenerando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [gestor, { open: abrirGestor, close: cerrarGestor }] = useDisclosure(false);

  const perfilElegido = perfiles.data?.find((p) => p._id === idPerfil) ?? null;
  const imprimibles = elegidos.filter(tieneCodigo);
  const cantidadDe = (id: string): number | null => (id in cantidades ? (cantidades[id] ?? null) : 1);
  // The contract's rule for a quantity (a whole number from 1 to 1000): 0 or 2.5 stay as typed, refused
  // by the field, never raised to 1 in silence.
  const errores = Object.fromEntries(
    imprimibles.map((p) => [
      p._id,
      errorDeCampo(EsquemaDeEtiquetas, 'productos.0.cantidad', cantidadDe(p._id)),
    ]),
  );
  const hayErrores = Object.values(errores).some((mensaje) => mensaje !== null);
  const totalEtiquetas = hayErrores ? 0 : imprimibles.reduce((suma, p) => suma + (cantidadDe(p._id) ?? 0), 0);

  function agregar(id: string | null) {
    const producto = encontrados.data?.res.find((p) => p._id === id);
    if (producto && !elegidos.some((e) => e._id === producto._id)) {
      alCambiarElegidos([
        ...elegidos,
        { _id: producto._id, nombre: producto.nombre, idCodigoDeBarra: producto.idCodigoDeBarra },
      ]);
    }
    setBusqueda('');
  }

  async function generar() {
    setError(null);
    // Opened inside the click, so that pop-up blockers allow it; the PDF goes there when it arrives.
    const ventana = window.open('', '_blank');
    setGenerando(true);
    try {
      const { blob, nombre } = await pedirArchivo(perfilesBarcode.etiquetas, {
        idPerfil,
        papel,
        // Only reached without errors («Generar PDF» is disabled otherwise): every quantity is a number.
        productos: imprimibles.map((p) => ({ idProducto: p._id, cantidad: cantidadDe(p._id) ?? undefined })),
      });
      mostrarPdf(blob, nombre === 'archivo' ? 'etiquetas.pdf' : nombre, ventana);
    } catch (causa) {
      ventana?.close();
      setError(causa instanceof ErrorDeApi ? causa.message : 'No se pudieron generar las etiquetas.');
    } finally {
      setGenerando(false);
    }
  }

  return (
    <>
      <Modal opened={abierto} onClose={alCerrar} title="Imprimir etiquetas" size="lg" centered>
        <Stack gap="md">
          <Select
            label="Agregar producto"
            placeholder="Escribe el nombre…"
            searchable
            searchValue={busqueda}
            onSearchChange={setBusqueda}
            data={(encontrados.data?.res ?? []).map((p) => ({
              value: p._id,
              label: p.nombre,
              disabled: elegidos.some((e) => e._id === p._id),
            }))}
            filter={({ options }) => options}
            value={null}
            onChange={agregar}
            nothingFoundMessage={input === '' ? 'Escribe para buscar' : 'Ningún producto coincide'}
          />
          {elegidos.length === 0 ? (
            <Text size="sm" c="dimmed">
              Elige productos en la lista (casillas de la izquierda) o búscalos aquí.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={280} type="auto">
              <Table fz="sm" verticalSpacing={4} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Producto</Table.Th>
                    <Table.Th>Código</Table.Th>
                    <Table.Th w={110}>Etiquetas</Table.Th>
                    <Table.Th w={40} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {elegidos.map((p) => (
                    <Table.Tr key={p._id}>
                      <Table.Td>{p.nombre}</Table.Td>
                      <Table.Td>
                        {tieneCodigo(p) ? (
                          <Text size="xs" ff="monospace">
                            {p.idCodigoDeBarra}
                          </Text>
                        ) : (
                          <Group gap={4} wrap="nowrap">
                            <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" />
                            <Text size="xs" c="orange">
                              Sin código: no se imprime
                            </Text>
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <CampoNumerico
                          size="xs"
                          aria-label={`Etiquetas de «${p.nombre}»`}
                          min={1}
                          max={1000}
                          disabled={!tieneCodigo(p)}
                          valor={cantidadDe(p._id)}
                          alCambiar={(cantidad) =>
                            setCantidades((previas) => ({ ...previas, [p._id]: cantidad }))
                          }
                          error={errores[p._id] ?? undefined}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label="Quitar">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Quitar «${p.nombre}»`}
                            onClick={() => alCambiarElegidos(elegidos.filter((e) => e._id !== p._id))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Perfil de etiqueta"
              data={(perfiles.data ?? []).map((p) => ({ value: p._id, label: p.nombre }))}
              placeholder={(perfiles.data ?? []).length === 0 ? 'Predeterminado' : 'El primero de la lista'}
              value={idPerfil}
              onChange={setIdPerfil}
              clearable
              style={{ flex: 1, minWidth: 200 }}
              description={
                perfilElegido ? resumenDePerfil(perfilElegido) : 'Sin elegir se usa el primer perfil'
              }
            />
            <Button variant="subtle" leftSection={<IconSettings size={16} />} onClick={abrirGestor}>
              Perfiles…
            </Button>
          </Group>
          <Stack gap={4}>
            <Input.Label>Papel</Input.Label>
            <SegmentedControl
              aria-label="Papel"
              data={[
                { value: 'etiqueta', label: 'Impresora de etiquetas (una por página)' },
                { value: 'carta', label: 'Hoja carta' },
              ]}
              value={papel}
              onChange={(v) => setPapel(v === 'carta' ? 'carta' : 'etiqueta')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {error && (
            <Alert color="red" variant="light" role="alert" title="No se generaron las etiquetas">
              {error}
            </Alert>
          )}
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {hayErrores
                ? 'Corrige las cantidades marcadas'
                : totalEtiquetas === 0
                  ? 'Nada que imprimir todavía'
                  : `${totalEtiquetas} ${totalEtiquetas === 1 ? 'etiqueta' : 'etiquetas'}`}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={alCerrar}>
                Cerrar
              </Button>
              <Button
                leftSection={<IconPrinter size={16} />}
                disabled={imprimibles.length === 0 || hayErrores}
                loading={generando}
                onClick={() => void generar()}
              >
                Generar PDF
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
      <PerfilesBarcode abierto={gestor} alCerrar={cerrarGestor} />
    </>
  );
}
