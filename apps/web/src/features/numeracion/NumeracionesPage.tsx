import { Alert, Badge, Group, List, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  type AlertaDeNumeracion,
  type Numeracion,
  TIPOS_DE_DOCUMENTO,
  type TipoDeDocumento,
} from '@pos/contract';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { fecha, numero } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { tipoDeDocumento } from './etiquetas.ts';
import { numeracionQueries } from './queries.ts';

// Spec 002 §9: settings lists show 10 per page.
const POR_PAGINA = 10;
const NUEVA = '/configuraciones/numeraciones/nueva_numeracion';

function rango(n: Numeracion): string {
  return n.hasta === null ? `${numero(n.desde)} en adelante` : `${numero(n.desde)} – ${numero(n.hasta)}`;
}

function avisoCorto(alerta: AlertaDeNumeracion): { texto: string; color: string } {
  if (alerta.alertas.includes('agotada')) {
    return { texto: 'Agotada', color: 'red' };
  }
  if (alerta.alertas.includes('vencida')) {
    return { texto: 'Vencida', color: 'red' };
  }
  if (alerta.alertas.includes('porAgotarse')) {
    return {
      texto: alerta.restantes === 1 ? 'Queda 1' : `Quedan ${numero(alerta.restantes ?? 0)}`,
      color: 'orange',
    };
  }
  const dias = alerta.diasParaVencer ?? 0;
  return { texto: dias === 0 ? 'Vence hoy' : `Vence en ${dias} d`, color: 'orange' };
}

function columnas(alertas: Map<string, AlertaDeNumeracion>): Columna<Numeracion>[] {
  return [
    {
      titulo: 'Nombre',
      celda: (n) => (
        <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {n.nombre}
          </Text>
          {n.predeterminado && (
            <Badge size="xs" variant="light" color="blue">
              Predeterminada
            </Badge>
          )}
        </Group>
      ),
    },
    { titulo: 'Documento', celda: (n) => tipoDeDocumento(n.tipoDeDocumento) },
    {
      titulo: 'Comprobante',
      celda: (n) =>
        n.fiscal ? (
          <Badge variant="outline" color="teal" size="sm">
            {n.perfilesDeTipos}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Interna ({n.prefijo || 'sin prefijo'})
          </Text>
        ),
    },
    {
      titulo: 'Próximo número',
      celda: (n) => (
        <Text size="sm" ff="monospace">
          {n.proximoComprobante || '—'}
        </Text>
      ),
    },
    { titulo: 'Rango', celda: rango, alinear: 'right' },
    { titulo: 'Vence', celda: (n) => (n.fechaVencimiento ? fecha(n.fechaVencimiento) : '—') },
    {
      titulo: 'Estado',
      celda: (n) => {
        const alerta = alertas.get(n._id);
        if (!alerta) {
          return (
            <Badge color="green" variant="light" size="sm">
              Vigente
            </Badge>
          );
        }
        const { texto, color } = avisoCorto(alerta);
        return (
          <Tooltip label={alerta.mensaje} multiline w={260} withArrow>
            <Badge color={color} variant="filled" size="sm" leftSection={<IconAlertTriangle size={12} />}>
              {texto}
            </Badge>
          </Tooltip>
        );
      },
    },
  ];
}

/** /configuraciones/numeraciones/lista_numeraciones/: fiscal and internal numberings with their warnings. */
export default function NumeracionesPage() {
  const navegar = useNavigate();
  const consulta = useQuery(numeracionQueries.lista());
  const alertas = useQuery(numeracionQueries.alertas());
  const [busqueda, setBusqueda] = useState('');
  const [tipo, setTipo] = useState<TipoDeDocumento | null>(null);
  const [pagina, setPagina] = useState(1);
  const porId = new Map((alertas.data ?? []).map((a) => [a._id, a]));
  const texto = busqueda.trim().toLowerCase();
  const filtrados = (consulta.data ?? []).filter(
    (n) =>
      (tipo === null || n.tipoDeDocumento === tipo) &&
      (texto === '' ||
        n.nombre.toLowerCase().includes(texto) ||
        n.perfilesDeTipos.toLowerCase().includes(texto)),
  );
  const visibles = filtrados.slice((pagina - 1) * POR_PAGINA, pagina * POR_PAGINA);
  return (
    <DisenoListaModulo
      titulo="Numeraciones"
      acciones={
        <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVA)}>
          Nueva numeración
        </BotonEscritura>
      }
    >
      <Stack gap="sm">
        {(alertas.data?.length ?? 0) > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={
              alertas.data?.length === 1
                ? 'Una numeración necesita atención'
                : `${alertas.data?.length} numeraciones necesitan atención`
            }
          >
            <List size="sm" spacing={2}>
              {alertas.data?.map((a) => (
                <List.Item key={a._id}>{a.mensaje}</List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed" mt={6}>
              Solicita a la DGII un nuevo rango antes de que se agote o venza: sin números disponibles no se
              pueden emitir esos comprobantes.
            </Text>
          </Alert>
        )}
        <Group gap="sm" wrap="wrap">
          <TextInput
            placeholder="Buscar por nombre o comprobante"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(e) => {
              setBusqueda(e.currentTarget.value);
              setPagina(1);
            }}
            w={{ base: '100%', sm: 300 }}
            aria-label="Buscar numeración"
          />
          <Select
            placeholder="Todos los documentos"
            aria-label="Tipo de documento"
            data={TIPOS_DE_DOCUMENTO.map((t) => ({ value: t, label: tipoDeDocumento(t) }))}
            value={tipo}
            onChange={(v) => {
              setTipo(v as TipoDeDocumento | null);
              setPagina(1);
            }}
            clearable
            w={{ base: '100%', sm: 220 }}
          />
        </Group>
        <TablaLista
          columnas={columnas(porId)}
          filas={consulta.isPending ? undefined : visibles}
          clave={(n) => n._id}
          cargando={consulta.isPending}
          error={consulta.error}
          vacio={busqueda || tipo ? 'Ninguna numeración coincide con la búsqueda.' : 'No hay numeraciones.'}
          total={filtrados.length}
          pagina={pagina}
          porPagina={POR_PAGINA}
          alCambiarPagina={setPagina}
          alElegir={(n) => navegar(`/configuraciones/numeraciones/editar_numeracion?id=${n._id}`)}
        />
      </Stack>
    </DisenoListaModulo>
  );
}
