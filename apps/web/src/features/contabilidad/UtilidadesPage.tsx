import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ContribuyenteDgii, contactos, type ResultadoImportacionRnc } from '@pos/contract';
import { IconCheck, IconFileUpload, IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { numero } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { type ProgresoDeSubida, subirRegistroRnc } from './subirRegistroRnc.ts';

const megas = (bytes: number) => numero(bytes / (1024 * 1024), 1);

function contar(n: number, uno: string, varios: string): string {
  return `${numero(n)} ${n === 1 ? uno : varios}`;
}

type Estado =
  | { fase: 'inicial' }
  | { fase: 'subiendo'; progreso: ProgresoDeSubida }
  | { fase: 'procesando' }
  | { fase: 'listo'; resultado: ResultadoImportacionRnc }
  | { fase: 'error'; mensaje: string };

function ImportarRegistro() {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [estado, setEstado] = useState<Estado>({ fase: 'inicial' });
  const cancelar = useRef<AbortController | null>(null);
  const ocupado = estado.fase === 'subiendo' || estado.fase === 'procesando';

  async function importar() {
    if (!archivo) {
      return;
    }
    const controlador = new AbortController();
    cancelar.current = controlador;
    setEstado({ fase: 'subiendo', progreso: { enviados: 0, total: archivo.size } });
    try {
      const resultado = await subirRegistroRnc(
        archivo,
        (progreso) =>
          setEstado(
            progreso.enviados >= progreso.total ? { fase: 'procesando' } : { fase: 'subiendo', progreso },
          ),
        controlador.signal,
      );
      setEstado({ fase: 'listo', resultado });
    } catch (error) {
      setEstado(
        error instanceof DOMException && error.name === 'AbortError'
          ? { fase: 'inicial' }
          : { fase: 'error', mensaje: error instanceof Error ? error.message : 'No se importó el archivo.' },
      );
    }
  }

  const porcentaje =
    estado.fase === 'subiendo' && estado.progreso.total > 0
      ? Math.round((estado.progreso.enviados / estado.progreso.total) * 100)
      : estado.fase === 'procesando' || estado.fase === 'listo'
        ? 100
        : 0;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={4}>Registro de RNC de la DGII</Title>
          <Text size="sm" c="dimmed">
            Sube el archivo DGII_RNC.TXT (descárgalo de dgii.gov.do › Herramientas › Consultas › RNC). Es
            común a todas las empresas: al escribir un RNC o una cédula, el formulario de contactos completa
            el nombre desde aquí. El registro anterior sigue en uso hasta que el nuevo termina de cargarse.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label="Archivo DGII_RNC.TXT"
            placeholder="Elige el archivo"
            accept=".txt,.TXT,text/plain"
            leftSection={<IconFileUpload size={16} />}
            value={archivo}
            onChange={(f) => {
              setArchivo(f);
              setEstado({ fase: 'inicial' });
            }}
            disabled={ocupado}
            clearable
            w={{ base: '100%', sm: 360 }}
          />
          <BotonEscritura disabled={!archivo || ocupado} loading={ocupado} onClick={() => void importar()}>
            Importar
          </BotonEscritura>
          {estado.fase === 'subiendo' && (
            <Button variant="subtle" color="gray" onClick={() => cancelar.current?.abort()}>
              Cancelar
            </Button>
          )}
        </Group>
        {archivo && estado.fase !== 'inicial' && estado.fase !== 'error' && (
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
                `Subiendo ${megas(estado.progreso.enviados)} de ${megas(estado.progreso.total)} MB (${porcentaje}%)`}
              {estado.fase === 'procesando' && 'Archivo subido; cargando el registro en el servidor…'}
              {estado.fase === 'listo' && `${megas(archivo.size)} MB subidos y cargados`}
            </Text>
          </Stack>
        )}
        {estado.fase === 'listo' && (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} title="Registro importado">
            <List size="sm" spacing={2}>
              <List.Item>{contar(estado.resultado.lineas, 'línea leída', 'líneas leídas')}</List.Item>
              <List.Item>
                {contar(estado.resultado.importadas, 'contribuyente cargado', 'contribuyentes cargados')}
              </List.Item>
              {estado.resultado.descartadas > 0 && (
                <List.Item>
                  {numero(estado.resultado.descartadas)} líneas descartadas (incompletas o repetidas)
                </List.Item>
              )}
              <List.Item>en {numero(estado.resultado.segundos, 1)} segundos</List.Item>
            </List>
          </Alert>
        )}
        {estado.fase === 'error' && (
          <Alert color="red" variant="light" title="No se importó el archivo" role="alert">
            {estado.mensaje}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ConsultarRnc() {
  const [rnc, setRnc] = useState('');
  const [resultado, setResultado] = useState<ContribuyenteDgii | string | null>(null);
  const [buscando, setBuscando] = useState(false);
  async function buscar() {
    setBuscando(true);
    try {
      setResultado(await api(contactos.rncInfo, { params: { rnc } }));
    } catch (error) {
      setResultado(error instanceof Error ? error.message : 'No se pudo consultar.');
    } finally {
      setBuscando(false);
    }
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>Consultar el registro</Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="RNC o cédula"
            value={rnc}
            onChange={(e) => setRnc(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && void buscar()}
            w={{ base: '100%', sm: 220 }}
          />
          <Button
            variant="light"
            leftSection={<IconSearch size={16} />}
            loading={buscando}
            onClick={() => void buscar()}
          >
            Consultar
          </Button>
        </Group>
        {typeof resultado === 'string' && (
          <Text size="sm" c="red" role="alert">
            {resultado}
          </Text>
        )}
        {resultado && typeof resultado !== 'string' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
            <Text size="sm">
              <b>{resultado.nombre}</b>
              {resultado.nombreComercial ? ` (${resultado.nombreComercial})` : ''}
            </Text>
            <Text size="sm">
              {resultado.estado} · {resultado.regimenDePagos}
            </Text>
            <Text size="sm" c="dimmed">
              {resultado.actividadEconomica}
            </Text>
            <Text size="sm" c="dimmed">
              {resultado.direccion}
            </Text>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

/** /configuraciones/general/utilidades (operator company): the DGII RNC registry upload and a lookup. */
export default function UtilidadesPage() {
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Title order={2}>Utilidades</Title>
      <ImportarRegistro />
      <ConsultarRnc />
    </Stack>
  );
}
