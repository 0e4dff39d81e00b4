import { Select } from '@mantine/core';
import type { NodoCuenta } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SelectorDeCentroDeCosto } from '../centrosDeCosto/SelectorDeCentroDeCosto.tsx';
import { contabilidadQueries } from '../contabilidad/queries.ts';

function aplanar(nodos: NodoCuenta[], nivel = 0): Array<{ value: string; label: string }> {
  return nodos.flatMap((n) => [
    { value: n.id, label: `${'\u00a0\u00a0'.repeat(nivel)}${n.codigoDeCuenta} ${n.nombre}` },
    ...aplanar(n.children, nivel + 1),
  ]);
}

/** An account of the chart, groups included (a group filters by every account under it). */
export function SelectorDeCuenta({
  valor,
  alCambiar,
  etiqueta = 'Cuenta',
  limpiable = true,
}: {
  valor: string | null;
  alCambiar: (id: string | null) => void;
  etiqueta?: string;
  limpiable?: boolean;
}) {
  const catalogo = useQuery(contabilidadQueries.catalogo());
  const opciones = useMemo(() => aplanar(catalogo.data?.treeData ?? []), [catalogo.data]);
  return (
    <Select
      aria-label={etiqueta}
      placeholder={limpiable ? 'Todas las cuentas' : 'Elige una cuenta'}
      data={opciones}
      value={valor}
      onChange={alCambiar}
      searchable
      clearable={limpiable}
      nothingFoundMessage="No hay cuentas con ese nombre"
      w={{ base: '100%', sm: 300 }}
    />
  );
}

/** The cost-centre filter of the journal and the statements: A's selector, as a filter (notas/contabilidad.md A1). */
export function SelectorDeCentro({
  valor,
  alCambiar,
}: {
  valor: string | null;
  alCambiar: (id: string | null) => void;
}) {
  return (
    <SelectorDeCentroDeCosto
      label={null}
      aria-label="Centro de costo"
      placeholder="Todos los centros de costo"
      value={valor}
      onChange={(id) => alCambiar(id)}
      w={{ base: '100%', sm: 220 }}
    />
  );
}
