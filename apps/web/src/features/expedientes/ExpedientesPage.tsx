import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Expediente, LIMITE_EXPEDIENTES, tienePermiso } from '@pos/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../../ui/BuscadorDeLista.tsx';
import { fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { Conteo, EstadoDeExpedienteBadge } from './etiquetas.tsx';
import { expedienteQueries } from './queries.ts';
import { NUEVO_EXPEDIENTE, rutaDeVista } from './rutas.ts';

const COLUMNAS: Columna<Expediente>[] = [
  { titulo: 'Fecha', celda: (x) => fecha(x.fechaEmision), ancho: 100 },
  {
    titulo: 'Número',
    celda: (x) => (
      <Text size="sm" fw={500} ff="monospace">
        {x.comprobante}
      </Text>
    ),
  },
  {
    titulo: 'Cliente',
    celda: (x) => (
      <Text size="sm" truncate="end" maw={260}>
        {x.nombre}
      </Text>
    ),
  },
  { titulo: 'Identificación', celda: (x) => x.numeroDeIdentificacion || '—' },
  { titulo: 'Procesos', celda: (x) => x.procesos, alinear: 'right' },
  { titulo: 'Tareas', celda: (x) => <Conteo pendientes={x.pendientes} finalizados={x.finalizados} /> },
  { titulo: 'Vence', celda: (x) => (x.vencimiento ? fecha(x.vencimiento) : '—') },
  { titulo: 'Estado', celda: (x) => <EstadoDeExpedienteBadge expediente={x} />, alinear: 'center' },
  { titulo: 'Creado por', celda: (x) => x.creadaPor || '—' },
];

type Vista = 'activos' | 'auditoria';
type Tareas = '' | 'conPendientes' | 'sinPendientes';

/** /expediente/lista_expediente: case files, 14 a page, search, period, tasks filter and audit view. */
export default function ExpedientesPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [vista, setVista] = useState<Vista>('activos');
  const [tareas, setTareas] = useState<Tareas>('');
  const [pagina, setPagina] = useState(1);
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const consulta = useQuery({
    ...expedienteQueries.lista({
      input,
      page: pagina,
      limit: LIMITE_EXPEDIENTES,
      buscarPorEstado: vista === 'auditoria',
      tareas,
      ...filtroDePeriodo(periodo),
    }),
    enabled: !rangoIncompleto,
  });
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'expedientes', 'crear');
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  const vacio = rangoIncompleto
    ? 'Elige el día inicial y el final del rango.'
    : vista === 'auditoria'
      ? 'No hay expedientes anulados ni por anular.'
      : input || periodo.tipo !== 'todo' || tareas
        ? 'Ningún expediente coincide con la búsqueda.'
        : 'Todavía no hay expedientes.';
  return (
    <DisenoListaModulo
      titulo="Expedientes"
      acciones={
        puedeCrear && (
          <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_EXPEDIENTE)}>
            Nuevo expediente
          </BotonEscritura>
        )
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-start" justify="space-between">
          <Group gap="sm" wrap="wrap" align="flex-start" style={{ flex: 1 }}>
            <BuscadorDeLista
              valor={busqueda}
              alCambiar={reiniciar(setBusqueda)}
              buscando={consulta.isFetching && !consulta.isPending}
              placeholder="Buscar por número, cliente o identificación"
              etiqueta="Buscar expediente"
            />
            <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
            <Select
              aria-label="Tareas"
              data={[
                { value: '', label: 'Todas las tareas' },
                { value: 'conPendientes', label: 'Con tareas pendientes' },
                { value: 'sinPendientes', label: 'Sin tareas pendientes' },
              ]}
              value={tareas}
              onChange={reiniciar((v: string | null) => setTareas((v ?? '') as Tareas))}
              allowDeselect={false}
              w={210}
            />
          </Group>
          <SegmentedControl
            aria-label="Vista"
            data={[
              { value: 'activos', label: 'Expedientes' },
              { value: 'auditoria', label: 'Anulados y por anular' },
            ]}
            value={vista}
            onChange={reiniciar((v: string) => setVista(v as Vista))}
            w={{ base: '100%', sm: 'auto' }}
          />
        </Group>
        <TablaLista
          sinSalto
          columnas={COLUMNAS}
          filas={rangoIncompleto ? [] : consulta.data?.res}
          clave={(x) => x._id}
          cargando={consulta.isPending && !rangoIncompleto}
          error={consulta.error}
          vacio={vacio}
          total={consulta.data?.totalRows}
          pagina={pagina}
          porPagina={LIMITE_EXPEDIENTES}
          alCambiarPagina={setPagina}
          alElegir={(x) => void navegar(rutaDeVista(x._id))}
        />
      </Stack>
    </DisenoListaModulo>
  );
}
