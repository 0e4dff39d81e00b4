import {
  Alert,
  Box,
  Button,
  Code,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CODIGO_DE_BALANZA, digitoVerificadorEan13, leerCodigoDeBarras } from '@pos/domain';
import { IconAlertTriangle, IconCircleCheck, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { numeroConDecimales } from '../../ui/formato.ts';
import { etiquetaDeEjemplo, leerEtiqueta, partesDeEtiqueta, problemasDeEtiqueta } from './balanza.ts';
import { seleccionQueries } from './queries.ts';

const COLORES = { prefijo: 'gray', codigo: 'blue', valor: 'teal', verificador: 'grape' } as const;

/** Whether the 13th digit is the check digit of the first 12 (the domain's EAN-13 rule). */
function verificadorCorrecto(codigo: string): boolean {
  return digitoVerificadorEan13(codigo.slice(0, 12)) === Number(codigo[12]);
}

function Segmento({ digitos, titulo, color }: { digitos: string; titulo: string; color: string }) {
  return (
    <Stack gap={2} align="center">
      <Box
        px={6}
        py={2}
        bg={`var(--mantine-color-${color}-light)`}
        c={`var(--mantine-color-${color}-light-color)`}
        ff="monospace"
        fz="lg"
        fw={700}
        style={{ borderRadius: 4, letterSpacing: 2 }}
      >
        {digitos}
      </Box>
      <Text size="xs" c="dimmed">
        {titulo}
      </Text>
    </Stack>
  );
}

/** The product a scale label's code points to: the product must carry exactly that code. */
function ProductoDelCodigo({ codigo }: { codigo: string }) {
  const consulta = useQuery(seleccionQueries.codigo(codigo));
  if (consulta.isPending) {
    return (
      <Text size="sm" c="dimmed">
        Buscando el producto…
      </Text>
    );
  }
  if (consulta.error) {
    return (
      <Text size="sm" c="dimmed">
        No se pudo consultar el producto: {consulta.error.message}
      </Text>
    );
  }
  return consulta.data.activo ? (
    <Text size="sm">
      Producto: <strong>{consulta.data.nombre}</strong>
    </Text>
  ) : (
    <Text size="sm" c="orange.8">
      Ningún producto activo tiene el código de barras «{codigo}». Ponle ese código (los 5 dígitos, con los
      ceros) al producto que se pesa.
    </Text>
  );
}

/**
 * Scale-label preview for the general settings (spec 002 §2): the user types a label's barcode and sees the
 * product code and quantity the system will read, with the settings being edited (not the saved ones).
 * It uses the domain's parser, the same the server runs in agregarproducto.
 */
export function VistaPreviaBalanza({ usoCodigoDeBalanza }: { usoCodigoDeBalanza: boolean }) {
  const campo = useId();
  const [texto, setTexto] = useState('');
  const codigo = texto.trim();
  const [codigoEstable] = useDebouncedValue(codigo, 300);
  const etiqueta = leerEtiqueta(codigo);
  const lectura = codigo === '' ? undefined : leerCodigoDeBarras(codigo, { usoCodigoDeBalanza });
  const partes = partesDeEtiqueta(codigo);
  const problemas = problemasDeEtiqueta(codigo);
  const { divisor, longitud, prefijos } = CODIGO_DE_BALANZA;

  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)" maw={860}>
      <Stack gap="xs">
        <Group gap={6}>
          <IconScale size={18} />
          <Text size="sm" fw={600}>
            Prueba una etiqueta de la balanza
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          Formato: {longitud} dígitos = prefijo ({prefijos.join(', ')}) · código del producto (5) · cantidad
          en milésimas (5) · dígito verificador (1). Los 5 dígitos del valor se dividen entre {divisor} y se
          toman como cantidad (peso), no como precio.
        </Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            id={campo}
            label="Código de una etiqueta"
            placeholder="Escanea o escribe los 13 dígitos"
            inputMode="numeric"
            autoComplete="off"
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            // Enter from a scanner must not submit the settings form.
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            w={{ base: '100%', xs: 240 }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Button variant="subtle" size="sm" onClick={() => setTexto(etiquetaDeEjemplo())}>
            Usar un ejemplo
          </Button>
          {codigo !== '' && partes && (
            <Group gap="xs" wrap="wrap" aria-label="Partes del código" ml={{ base: 0, sm: 'md' }}>
              <Segmento digitos={partes.prefijo} titulo="Prefijo" color={COLORES.prefijo} />
              <Segmento digitos={partes.codigo} titulo="Producto" color={COLORES.codigo} />
              <Segmento digitos={partes.valor} titulo="Cantidad" color={COLORES.valor} />
              <Segmento
                digitos={partes.verificador}
                titulo="Verificador"
                color={verificadorCorrecto(codigo) ? COLORES.verificador : 'red'}
              />
            </Group>
          )}
        </Group>

        {etiqueta && usoCodigoDeBalanza && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title="Etiqueta de balanza válida"
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mb="xs">
              <div>
                <Text size="xs" c="dimmed">
                  Código del producto
                </Text>
                <Text fw={700} ff="monospace" data-testid="codigo-leido">
                  {etiqueta.codigo}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Cantidad
                </Text>
                <Text fw={700} ff="monospace" data-testid="cantidad-leida">
                  {numeroConDecimales(etiqueta.cantidad ?? 0, 3)}
                </Text>
              </div>
            </SimpleGrid>
            {codigoEstable === codigo && <ProductoDelCodigo codigo={etiqueta.codigo} />}
            <Text size="xs" c="dimmed" mt={4}>
              Se agrega una línea con {numeroConDecimales(etiqueta.cantidad ?? 0, 3)} unidades de venta del
              producto (libras o kilos, según cómo lo vendas) al precio del producto. Si la balanza imprime el
              precio en vez del peso, ese número se leería igual como cantidad: configúrala para imprimir el
              peso.
            </Text>
          </Alert>
        )}

        {etiqueta && !usoCodigoDeBalanza && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Los códigos de balanza están apagados"
          >
            <Text size="sm">
              Así, «{codigo}» se busca tal cual como código de barras y no se encuentra el producto pesado.
              Encendidos, se leería el producto <strong>{etiqueta.codigo}</strong> con la cantidad{' '}
              <strong>{numeroConDecimales(etiqueta.cantidad ?? 0, 3)}</strong>. Enciende «Usar códigos de
              balanza» y guarda los cambios.
            </Text>
          </Alert>
        )}

        {codigo !== '' && !etiqueta && lectura && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="No es una etiqueta de balanza"
          >
            {problemas.length > 0 && (
              <List size="sm" spacing={2} mb="xs">
                {problemas.map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
            )}
            <Text size="sm">
              El sistema lo tomará como un código normal: buscará el producto con el código{' '}
              <Code>{lectura.codigo}</Code>
              {lectura.paquete ? ', como paquete' : ''}
              {lectura.cantidad !== undefined ? `, con cantidad ${lectura.cantidad}` : ''}.
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
