import { Select, type SelectProps } from '@mantine/core';
import type { NodoCuenta } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SelectorDeCentroDeCosto } from '../centrosDeCosto/SelectorDeCentroDeCosto.tsx';
import { contabilidadQueries } from '../contabilidad/queries.ts';

function aplanar(nodos: NodoCuenta[]): Array<{ value: string; label: string }> {
  return nodos.flatMap((n) => [
    { value: n.id, label: `${n.codigoDeCuenta} ${n.nombre}` },
    ...aplanar(n.children),
  ]);
}

/** The option indented by its depth in the chart (the code's segments), the chosen value without it. */
const opcionSangrada: SelectProps['renderOption'] = ({ option }) => (
  <span style={{ paddingLeft: (option.label.split(' ')[0]?.split('.').length ?? 1) * 10 - 10 }}>
    {option.label}
  </span>
);

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
      renderOption={opcionSangrada}
      w={{ base: '100%', sm: 300 }}
    />
  );
}

/**
 * The cost-centre filter of the journal and the statements: the cost-centre selector, as a filter
 * (docs/accounting.md «Libro diario», «Estados financieros»).
 */
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
