import { Group, Select, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FiltroInventario } from '@pos/contract';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { seleccionQueries } from './queries.ts';

/** Rows a page of the stock reports (the server's default limit). */
export const FILAS_POR_PAGINA = 50;

/** The filter of the stock reports: warehouse, category, name and «only with stock», plus the page. */
export function useFiltroDeInventario(soloConExistenciaInicial: boolean) {
  const [idAlmacen, setIdAlmacen] = useState<string | null>(null);
  const [idCategoria, setIdCategoria] = useState<string | null>(null);
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [soloConExistencia, setSoloConExistencia] = useState(soloConExistenciaInicial);
  const [pagina, setPagina] = useState(1);
  const filtro = { idAlmacen, idCategoria, input, soloConExistencia } satisfies z.input<
    typeof FiltroInventario
  >;
  const conPagina = (cambiar: () => void) => {
    cambiar();
    setPagina(1);
  };
  return {
    /** What the exports send (every row). */
    filtro,
    /** What the screen asks for (one page). */
    filtroDePagina: { ...filtro, page: pagina, limit: FILAS_POR_PAGINA },
    pagina,
    setPagina,
    controles: {
      idAlmacen,
      idCategoria,
      busqueda,
      soloConExistencia,
      setIdAlmacen: (v: string | null) => conPagina(() => setIdAlmacen(v)),
      setIdCategoria: (v: string | null) => conPagina(() => setIdCategoria(v)),
      setBusqueda: (v: string) => conPagina(() => setBusqueda(v)),
      setSoloConExistencia: (v: boolean) => conPagina(() => setSoloConExistencia(v)),
    },
  };
}

type Controles = ReturnType<typeof useFiltroDeInventario>['controles'];

/** The filter row of the stock reports. */
export function FiltrosDeInventario({ controles }: { controles: Controles }) {
  const almacenes = useQuery(seleccionQueries.almacenes());
  const categorias = useQuery(seleccionQueries.categorias());
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Select
        aria-label="Almacén"
        placeholder="Todos los almacenes"
        data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
        value={controles.idAlmacen}
        onChange={controles.setIdAlmacen}
        clearable
        searchable
        w={{ base: '100%', sm: 210 }}
      />
      <Select
        aria-label="Categoría"
        placeholder="Todas las categorías"
        data={(categorias.data ?? []).map((c) => ({ value: c._id, label: c.nombre }))}
        value={controles.idCategoria}
        onChange={controles.setIdCategoria}
        clearable
        searchable
        w={{ base: '100%', sm: 210 }}
      />
      <TextInput
        aria-label="Buscar producto"
        placeholder="Buscar producto"
        leftSection={<IconSearch size={16} />}
        value={controles.busqueda}
        onChange={(e) => controles.setBusqueda(e.currentTarget.value)}
        w={{ base: '100%', sm: 240 }}
      />
      <Switch
        label="Solo con existencia"
        checked={controles.soloConExistencia}
        onChange={(e) => controles.setSoloConExistencia(e.currentTarget.checked)}
      />
    </Group>
  );
}
