import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { despachoQueries } from './queries.ts';

/**
 * The driver of a dispatch note: a contact whose role is Chofer, Operador or Responsable-De-Inventario
 * (spec 001 §7, POST /cliente/buscar-contacto-por-funcion). Optional: the customer may pick up.
 */
export function SelectorDeChofer({
  valor,
  alCambiar,
}: {
  valor: string | null;
  alCambiar: (idChofer: string | null) => void;
}) {
  const choferes = useQuery(despachoQueries.choferes());
  return (
    <Select
      label="Chofer"
      placeholder={choferes.isPending ? 'Cargando choferes…' : 'Elige el chofer'}
      searchable
      clearable
      data={(choferes.data ?? []).map((c) => ({
        value: c._id,
        label: `${`${c.nombre} ${c.apellidos}`.trim()} · ${c.funcionEnLaEmpresa.replaceAll('-', ' ')}`,
      }))}
      value={valor}
      onChange={alCambiar}
      nothingFoundMessage="No hay contactos con función de chofer, operador o responsable de inventario"
      error={choferes.error?.message}
    />
  );
}
