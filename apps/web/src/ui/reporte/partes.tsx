import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DocumentoOpcion } from '@pos/contract';
import { IconFileSpreadsheet, IconFileTypePdf, IconPrinter, IconSearchOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { mostrarErrorDeGuardado } from '../errores.ts';

// Spec 002 §8: empty reports show 'NO HAY RESULTADOS' / 'No encontramos nada en ese rango de busqueda'.
export const SIN_RESULTADOS = 'NO HAY RESULTADOS';
export const SIN_RESULTADOS_DETALLE = 'No encontramos nada en ese rango de busqueda';

/** The empty state of a report (spec 002 §8). */
export function SinResultados() {
  return (
    <Stack align="center" gap={4} py="xl" role="status">
      <IconSearchOff size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
      <Text fw={700} c="dimmed">
        {SIN_RESULTADOS}
      </Text>
      <Text size="sm" c="dimmed">
        {SIN_RESULTADOS_DETALLE}
      </Text>
    </Stack>
  );
}

/** Print, PDF and Excel of a report (spec 002 §7 documentoOpcion); the server builds the file. */
export function BotonesDeExportar({
  alExportar,
  deshabilitado,
}: {
  alExportar: (opcion: DocumentoOpcion) => Promise<void>;
  deshabilitado?: boolean;
}) {
  const [enCurso, setEnCurso] = useState<DocumentoOpcion | null>(null);
  async function exportar(opcion: DocumentoOpcion) {
    setEnCurso(opcion);
    try {
      await alExportar(opcion);
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se pudo generar el reporte');
    } finally {
      setEnCurso(null);
    }
  }
  const boton = (opcion: DocumentoOpcion, titulo: string, icono: ReactNode) => (
    <Button
      variant="default"
      leftSection={icono}
      loading={enCurso === opcion}
      disabled={deshabilitado || (enCurso !== null && enCurso !== opcion)}
      onClick={() => void exportar(opcion)}
    >
      {titulo}
    </Button>
  );
  return (
    <Group gap="xs">
      {boton('print', 'Imprimir', <IconPrinter size={16} />)}
      {boton('pdf', 'PDF', <IconFileTypePdf size={16} />)}
      {boton('excel', 'Excel', <IconFileSpreadsheet size={16} />)}
    </Group>
  );
}

/** One figure of a report's totals. */
export type Cifra = { titulo: string; valor: string; color?: string; detalle?: string };

/** The totals of a report, over every row of the filter (not only the page shown). */
export function TotalesDeReporte({ cifras }: { cifras: Cifra[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(cifras.length, 3), lg: cifras.length }} spacing="sm">
      {cifras.map((c) => (
        <Paper key={c.titulo} withBorder radius="sm" px="sm" py={6} bg="var(--mantine-color-gray-0)">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.titulo}
          </Text>
          <Text fw={700} size="lg" c={c.color} ff="monospace">
            {c.valor}
          </Text>
          {c.detalle && (
            <Text size="xs" c="dimmed">
              {c.detalle}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
