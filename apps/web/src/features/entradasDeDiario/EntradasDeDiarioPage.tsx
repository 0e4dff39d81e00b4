import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type EntradaDeDiario, LIMITE_ENTRADAS_DE_DIARIO, tienePermiso } from '@pos/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../../ui/BuscadorDeLista.tsx';
import { EstadoDelDocumento } from '../../ui/documento/EstadoDelDocumento.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { ModalEntradaDeDiario } from './ModalEntradaDeDiario.tsx';
import { entradaDeDiarioQueries } from './queries.ts';
import { NUEVA_ENTRADA_DE_DIARIO } from './rutas.ts';

const COLUMNAS: Columna<EntradaDeDiario>[] = [
  { titulo: 'Fecha', celda: (d) => fecha(d.fecha), ancho: 100 },
  {
    titulo: 'Número',
    celda: (d) => (
      <Text size="sm" fw={500} ff="monospace">
        {d.comprobante}
      </Text>
    ),
  },
  {
    titulo: 'Descripción',
    celda: (d) => (
      <Text size="sm" truncate="end" maw={360}>
        {d.descripcionGeneral || '—'}
      </Text>
    ),
  },
  { titulo: 'Débitos', celda: (d) => dinero(d.totalDebito), alinear: 'right' },
  { titulo: 'Créditos', celda: (d) => dinero(d.totalCredito), alinear: 'right' },
  {
    titulo: 'Estado',
    celda: (d) => <EstadoDelDocumento documento={d} genero="femenino" />,
    alinear: 'center',
  },
  { titulo: 'Registrada por', celda: (d) => d.creadoPor || '—' },
];

type Vista = 'vigentes' | 'Activo' | 'Por-Anular' | 'Anulado';

/**
 * /contabilidad/entrada-de-diario/lista_entrada_de_diario: manual journal entries, 25 a page (spec 002
 * §9), by number or description, period and status; a row (or `?id=`) opens the entry's view modal.
 */
export default function EntradasDeDiarioPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [parametros, setParametros] = useSearchParams();
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [vista, setVista] = useState<Vista>('vigentes');
  const [pagina, setPagina] = useState(1);
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const consulta = useQuery({
    ...entradaDeDiarioQueries.lista({
      input,
      page: pagina,
      limit: LIMITE_ENTRADAS_DE_DIARIO,
      ...(vista === 'vigentes' ? {} : { estado: vista }),
      ...filtroDePeriodo(periodo),
    }),
    enabled: !rangoIncompleto,
  });
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'entradaDeDiario', 'crear');
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  const abierta = parametros.get('id');
  const vacio = rangoIncompleto
    ? 'Elige el día inicial y el final del rango.'
    : input || periodo.tipo !== 'todo' || vista !== 'vigentes'
      ? 'Ninguna entrada de diario coincide con la búsqueda.'
      : 'Todavía no hay entradas de diario.';
  return (
    <DisenoListaModulo
      titulo="Entradas de diario"
      acciones={
        puedeCrear && (
          <BotonEscritura
            leftSection={<IconPlus size={16} />}
            onClick={() => navegar(NUEVA_ENTRADA_DE_DIARIO)}
          >
            Nueva entrada de diario
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
              etiqueta="Buscar entrada de diario"
            />
            <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
          </Group>
          <SegmentedControl
            aria-label="Estado"
            data={[
              { value: 'vigentes', label: 'Vigentes' },
              { value: 'Activo', label: 'Activas' },
              { value: 'Por-Anular', label: 'Por anular' },
              { value: 'Anulado', label: 'Anuladas' },
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
          clave={(d) => d._id}
          cargando={consulta.isPending && !rangoIncompleto}
          error={consulta.error}
          vacio={vacio}
          total={consulta.data?.totalRows}
          pagina={pagina}
          porPagina={LIMITE_ENTRADAS_DE_DIARIO}
          alCambiarPagina={setPagina}
          alElegir={(d) => setParametros({ id: d._id })}
        />
      </Stack>
      <ModalEntradaDeDiario id={abierta} alCerrar={() => setParametros({})} />
    </DisenoListaModulo>
  );
}
