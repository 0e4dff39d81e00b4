import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { centrosDeCostoQueries } from './queries.ts';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null | undefined;
  /** The chosen centre's id and name (documents store both: idCentroDeCosto, centroDeCosto), or null. */
  onChange: (id: string | null, nombre: string) => void;
};

/**
 * The cost centre of a document or a journal line (spec 001 §3, 002 §3): a searchable, clearable Select fed
 * by GET /centro-de-costo/. The centre goes on every line of the document's journal entry.
 */
export function SelectorDeCentroDeCosto({ value, onChange, label = 'Centro de costo', ...props }: Props) {
  const centros = useQuery(centrosDeCostoQueries.todos());
  const data = (centros.data ?? []).map((c) => ({ value: c._id, label: c.nombre }));
  return (
    <Select
      label={label}
      placeholder={centros.isPending ? 'Cargando…' : 'Sin centro de costo'}
      searchable
      clearable
      nothingFoundMessage="No hay centros de costo con ese nombre"
      {...props}
      data={data}
      value={value ?? null}
      onChange={(id) => onChange(id, data.find((c) => c.value === id)?.label ?? '')}
    />
  );
}
