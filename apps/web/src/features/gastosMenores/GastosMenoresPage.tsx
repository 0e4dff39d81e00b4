import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type GastoMenor, LIMITE_GASTOS_MENORES, tienePermiso } from '@pos/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../../ui/BuscadorDeLista.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { EstadoDeGastoMenor } from './etiquetas.tsx';
import { gastoMenorQueries } from './queries.ts';
import { NUEVO_GASTO_MENOR, rutaDeVista } from './rutas.ts';

const COLUMNAS: Columna<GastoMenor>[] = [
  { titulo: 'Fecha', celda: (g) => fecha(g.fechaDeEmision), ancho: 100 },
  {
    titulo: 'Número',
    celda: (g) => (
      <Text size="sm" fw={500} ff="monospace">
        {g.comprobante}
      </Text>
    ),
  },
  {
    titulo: 'Descripción',
    celda: (g) => (
      <Text size="sm" truncate="end" maw={300}>
        {g.descripcion || '—'}
      </Text>
    ),
  },
  { titulo: 'Pagado desde', celda: (g) => g.cuentaContableCredito.nombre },
  { titulo: 'ITBIS', celda: (g) => dinero(g.impuestos), alinear: 'right' },
  { titulo: 'Total', celda: (g) => dinero(g.total), alinear: 'right' },
  { titulo: 'Estado', celda: (g) => <EstadoDeGastoMenor gasto={g} />, alinear: 'center' },
  { titulo: 'Creado por', celda: (g) => g.creadoPor || '—' },
];

type Vista = 'activos' | 'auditoria';

/** /gasto_menor/lista_gasto_menor: minor expenses, 14 a page (spec 001 §9), search, period and audit view. */
export default function GastosMenoresPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [vista, setVista] = useState<Vista>('activos');
  const [pagina, setPagina] = useState(1);
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const consulta = useQuery({
    ...gastoMenorQueries.lista({
      input,
      page: pagina,
      limit: LIMITE_GASTOS_MENORES,
      buscarPorEstado: vista === 'auditoria',
      ...filtroDePeriodo(periodo),
    }),
    enabled: !rangoIncompleto,
  });
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'gastoMenor', 'crear');
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  const vacio = rangoIncompleto
    ? 'Elige el día inicial y el final del rango.'
    : vista === 'auditoria'
      ? 'No hay gastos menores anulados ni por anular.'
      : input || periodo.tipo !== 'todo'
        ? 'Ningún gasto menor coincide con la búsqueda.'
        : 'Todavía no hay gastos menores.';
  return (
    <DisenoListaModulo
      titulo="Gastos menores"
      acciones={
        puedeCrear && (
          <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_GASTO_MENOR)}>
            Nuevo gasto menor
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
              placeholder="Buscar por número o descripción"
              etiqueta="Buscar gasto menor"
            />
            <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
          </Group>
          <SegmentedControl
            aria-label="Vista"
            data={[
              { value: 'activos', label: 'Gastos menores' },
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
          clave={(g) => g._id}
          cargando={consulta.isPending && !rangoIncompleto}
          error={consulta.error}
          vacio={vacio}
          total={consulta.data?.totalRows}
          pagina={pagina}
          porPagina={LIMITE_GASTOS_MENORES}
          alCambiarPagina={setPagina}
          alElegir={(g) => void navegar(rutaDeVista(g._id))}
        />
      </Stack>
    </DisenoListaModulo>
  );
}
