import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Factura, facturas } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { facturaQueries } from '../facturas/queries.ts';

type Props = {
  idFactura: string | null;
  /** Only this customer's invoices (spec 001 modal «find customer's pending invoices»); all when null. */
  idCliente: string | null;
  alElegir: (idFactura: string) => void;
  error?: string | undefined;
};

function etiqueta(f: Pick<Factura, 'comprobante' | 'nombre' | 'total' | 'fechaEmision'>): string {
  return `${f.comprobante ?? '—'} · ${f.nombre || 'Consumidor final'} · ${fecha(f.fechaEmision)} · ${dinero(f.total)}`;
}

/**
 * The active invoice a post-invoice conduce delivers (spec 001 §2), searched by number or customer
 * through the invoice list (POST /factura/lista-de-facturas).
 */
export function SelectorDeFactura({ idFactura, idCliente, alElegir, error }: Props) {
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const elegida = useQuery({ ...facturaQueries.una(idFactura ?? ''), enabled: idFactura !== null });
  const etiquetaElegida = elegida.data ? etiqueta(elegida.data.FacturaDb) : null;
  const buscando = etiquetaElegida === null || busqueda !== etiquetaElegida;
  const consulta = useQuery({
    queryKey: [...facturaQueries.all(), 'paraConduce', idCliente, input],
    queryFn: ({ signal }) => api(facturas.lista, { body: { input, page: 1, limit: 25, idCliente }, signal }),
    enabled: buscando,
    staleTime: 30_000,
  });
  // Spec 001 §2: only an active invoice is delivered (the server checks it too).
  const activas = (consulta.data?.res ?? []).filter((f) => f.estado === 'Activo');
  const opciones = activas.map((f) => ({ value: f._id, label: etiqueta(f) }));
  if (idFactura && etiquetaElegida && !opciones.some((o) => o.value === idFactura)) {
    opciones.unshift({ value: idFactura, label: etiquetaElegida });
  }
  return (
    <Select
      label="Factura"
      placeholder="Busca la factura por número o cliente"
      searchable
      data={opciones}
      value={idFactura}
      searchValue={busqueda}
      onSearchChange={setBusqueda}
      filter={({ options }) => options}
      nothingFoundMessage={
        consulta.isFetching
          ? 'Buscando…'
          : idCliente
            ? 'El cliente no tiene facturas activas que coincidan'
            : 'Ninguna factura activa coincide'
      }
      rightSection={consulta.isFetching || elegida.isFetching ? <Loader size={14} /> : undefined}
      onChange={(id) => id && alElegir(id)}
      allowDeselect={false}
      error={error ?? consulta.error?.message}
    />
  );
}
