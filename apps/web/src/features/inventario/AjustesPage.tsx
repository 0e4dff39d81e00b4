import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ajuste, LIMITE_AJUSTES, tienePermiso } from '@pos/contract';
import { IconPlus, IconReportAnalytics, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { ajusteQueries, seleccionQueries } from './queries.ts';
import { EDITAR_AJUSTE, NUEVO_AJUSTE, REPORTE_AJUSTES } from './rutas.ts';

function columnas(nombresDeAlmacen: Map<string, string>): Columna<Ajuste>[] {
  return [
    {
      titulo: 'Fecha',
      celda: (a) => (
        <Stack gap={0}>
          <Text size="sm">{fecha(a.fechaDeAjuste)}</Text>
          <Text size="xs" c="dimmed">
            {a.hora.slice(0, 5)}
          </Text>
        </Stack>
      ),
      ancho: 110,
    },
    {
      titulo: 'Ajuste',
      celda: (a) => (
        <Stack gap={0} maw={360}>
          <Text size="sm" fw={500}>
            {a.nombre}
          </Text>
          {a.nota && (
            <Text size="xs" c="dimmed" truncate="end">
              {a.nota}
            </Text>
          )}
        </Stack>
      ),
    },
    { titulo: 'Almacén', celda: (a) => nombresDeAlmacen.get(a.idAlmacen) ?? a.text ?? '—' },
    { titulo: 'Líneas', celda: (a) => a.cantidadDeLineas, alinear: 'right', ancho: 70 },
    {
      titulo: 'Entradas',
      celda: (a) => (a.totalEntradas ? dinero(a.totalEntradas) : '—'),
      alinear: 'right',
    },
    {
      titulo: 'Salidas',
      celda: (a) => (a.totalSalidas ? dinero(a.totalSalidas) : '—'),
      alinear: 'right',
    },
    { titulo: 'Creado por', celda: (a) => a.creadoPor || '—' },
  ];
}

/** /configuraciones/ajuste_inventario/lista_ajuste_inventario: adjustments, 14 a page (spec 002 §9). */
export default function AjustesPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [busqueda, setBusqueda] = useState('');
  const [texto] = useDebouncedValue(busqueda.trim(), 300);
  const [idAlmacen, setIdAlmacen] = useState<string | null>(null);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [pagina, setPagina] = useState(1);
  const almacenes = useQuery(seleccionQueries.almacenes());
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const consulta = useQuery({
    ...ajusteQueries.lista({
      page: pagina,
      limit: LIMITE_AJUSTES,
      input: texto,
      idAlmacen,
      ...filtroDePeriodo(periodo),
    }),
    enabled: !rangoIncompleto,
  });
  const nombresDeAlmacen = new Map((almacenes.data ?? []).map((a) => [a._id, a.nombre]));
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'ajusteInventario', 'crear');
  const puedeVerReportes = !perfil || tienePermiso(perfil.privilegios, 'reportes', 'ver');
  const filtrando = texto !== '' || idAlmacen !== null || periodo.tipo !== 'todo';
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  return (
    <DisenoListaModulo
      titulo="Ajustes de inventario"
      acciones={
        <>
          {puedeVerReportes && (
            <Button
              variant="default"
              leftSection={<IconReportAnalytics size={16} />}
              onClick={() => navegar(REPORTE_AJUSTES)}
            >
              Reporte
            </Button>
          )}
          {puedeCrear && (
            <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_AJUSTE)}>
              Nuevo ajuste
            </BotonEscritura>
          )}
        </>
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-start">
          <TextInput
            placeholder="Buscar por nombre, nota o usuario"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(e) => {
              setBusqueda(e.currentTarget.value);
              setPagina(1);
            }}
            w={{ base: '100%', sm: 280 }}
            aria-label="Buscar ajuste"
          />
          <Select
            placeholder="Todos los almacenes"
            aria-label="Almacén"
            data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
            value={idAlmacen}
            onChange={reiniciar(setIdAlmacen)}
            clearable
            searchable
            w={{ base: '100%', sm: 220 }}
          />
          <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
        </Group>
        <TablaLista
          sinSalto
          columnas={columnas(nombresDeAlmacen)}
          filas={rangoIncompleto ? [] : consulta.data?.res}
          clave={(a) => a._id}
          cargando={consulta.isPending && !rangoIncompleto}
          error={consulta.error}
          vacio={
            rangoIncompleto
              ? 'Elige el día inicial y el final del rango.'
              : filtrando
                ? 'Ningún ajuste coincide con la búsqueda.'
                : 'Todavía no hay ajustes de inventario.'
          }
          total={consulta.data?.totalRows}
          pagina={pagina}
          porPagina={LIMITE_AJUSTES}
          alCambiarPagina={setPagina}
          alElegir={(a) => navegar(`${EDITAR_AJUSTE}?id=${a._id}`)}
        />
      </Stack>
    </DisenoListaModulo>
  );
}
