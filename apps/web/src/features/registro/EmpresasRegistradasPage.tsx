import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { type EmpresaDelOperador, registro } from '@pos/contract';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { textoDeDiasDePrueba } from '../../app/plan.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { NUEVA_EMPRESA } from './rutas.ts';

function Estado({ empresa }: { empresa: EmpresaDelOperador }) {
  const suspendida = empresa.estadoDelPlan === 'Suspendido';
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={suspendida ? 'red' : 'green'} variant="light">
        {suspendida ? 'Suspendida' : 'Activa'}
      </Badge>
      {empresa.diasDePruebaDisponibles > 0 && (
        <Text size="xs" c="dimmed">
          {textoDeDiasDePrueba(empresa.diasDePruebaDisponibles)}
        </Text>
      )}
    </Stack>
  );
}

const COLUMNAS: Columna<EmpresaDelOperador>[] = [
  { titulo: 'Nº', celda: (e) => <Text ff="monospace">{e.tenantId}</Text>, alinear: 'right', ancho: 56 },
  {
    titulo: 'Empresa',
    celda: (e) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`/cliente/vista_cliente?id=${e.idCliente}`} size="sm" fw={500}>
          {e.nombreCompania}
        </Anchor>
        <Text size="xs" c="dimmed">
          {e.nombreContacto} · {e.correo}
        </Text>
      </Stack>
    ),
  },
  { titulo: 'Alta', celda: (e) => (e.origen === 'autoregistro' ? 'Por cuenta propia' : 'Operador') },
  { titulo: 'Plan', celda: (e) => e.plan?.descripcion ?? 'Sin plan' },
  { titulo: 'Estado', celda: (e) => <Estado empresa={e} /> },
  {
    titulo: 'Usuarios',
    celda: (e) =>
      e.limiteCantidadDeUsuarios > 0
        ? `${e.cantidadDeUsuarios} de ${e.limiteCantidadDeUsuarios}`
        : String(e.cantidadDeUsuarios),
    alinear: 'right',
  },
  { titulo: 'Pendiente', celda: (e) => dinero(e.balancePendienteDelPlan), alinear: 'right' },
  { titulo: 'Registrada', celda: (e) => fecha(e.creadaEn) },
];

/**
 * /configuraciones/registro-de-empresa/lista_empresas (docs/empresas.md «Empresas registradas»): the
 * operator's companies with their plan status, newest first; the name opens its customer here.
 */
export default function EmpresasRegistradasPage() {
  const consulta = useQuery({
    queryKey: ['registro', 'empresas'],
    queryFn: ({ signal }) => api(registro.empresasRegistradas, { signal }),
  });
  const empresas = consulta.data?.empresas;
  return (
    <DisenoListaModulo
      titulo="Empresas registradas"
      acciones={
        <Button component={Link} to={NUEVA_EMPRESA} leftSection={<IconPlus size={16} />}>
          Registrar empresa
        </Button>
      }
    >
      {empresas && empresas.length > 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          {empresas.length === 1 ? '1 empresa' : `${empresas.length} empresas`} ·{' '}
          {empresas.filter((e) => e.estadoDelPlan === 'Suspendido').length} suspendidas · pendiente{' '}
          {dinero(aPesos(sumarCentavos(empresas.map((e) => aCentavos(e.balancePendienteDelPlan)))))}
        </Text>
      )}
      <TablaLista
        columnas={COLUMNAS}
        filas={empresas}
        clave={(e) => String(e.tenantId)}
        cargando={consulta.isPending}
        error={consulta.error}
        vacio="Todavía no hay empresas registradas."
      />
    </DisenoListaModulo>
  );
}
