import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Contacto, contactos } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';

/** What a document keeps of the chosen customer. */
export type ClienteElegido = Pick<
  Contacto,
  | '_id'
  | 'nombre'
  | 'rnc'
  | 'socio'
  | 'descuentoParaSocios'
  | 'diasDeCredito'
  | 'limiteCredito'
  | 'correo'
  | 'idListaDePrecio'
>;

type Props = {
  valor: ClienteElegido | null;
  alCambiar: (cliente: ClienteElegido | null) => void;
  error?: string | undefined;
  /** What the empty field says; a document without a customer is for the final consumer. */
  placeholder?: string;
  /** Search suppliers (proveedor or ambos) instead of customers: purchases and payments out. */
  proveedor?: boolean;
};

function etiqueta(c: Pick<Contacto, 'nombre' | 'rnc'>): string {
  return c.rnc ? `${c.nombre} · ${c.rnc}` : c.nombre;
}

/** The customer of a document, searched by name or RNC among clients (spec 001 modal «customer search»). */
export function SelectorDeCliente({
  valor,
  alCambiar,
  error,
  placeholder = 'Consumidor final (busca por nombre o RNC)',
  proveedor = false,
}: Props) {
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const buscando = valor === null || busqueda !== etiqueta(valor);
  const consulta = useQuery({
    queryKey: ['contactos', proveedor ? 'buscarProveedor' : 'buscarCliente', input],
    queryFn: ({ signal }) =>
      api(contactos.listar, {
        body: { input, page: 1, limit: 15, ...(proveedor ? { tipoDeContacto: 'proveedor' } : {}) },
        signal,
      }),
    enabled: buscando,
    staleTime: 30_000,
  });
  const encontrados = (consulta.data?.res ?? []).filter((c) =>
    proveedor ? c.tipoDeContacto !== 'cliente' : c.tipoDeContacto !== 'proveedor',
  );
  const opciones = encontrados.map((c) => ({ value: c._id, label: etiqueta(c) }));
  if (valor && !opciones.some((o) => o.value === valor._id)) {
    opciones.unshift({ value: valor._id, label: etiqueta(valor) });
  }
  return (
    <Select
      label={proveedor ? 'Proveedor' : 'Cliente'}
      placeholder={placeholder}
      searchable
      clearable
      data={opciones}
      value={valor?._id ?? null}
      searchValue={busqueda}
      onSearchChange={setBusqueda}
      filter={({ options }) => options}
      nothingFoundMessage={
        consulta.isFetching ? 'Buscando…' : `Ningún ${proveedor ? 'proveedor' : 'cliente'} coincide`
      }
      rightSection={consulta.isFetching ? <Loader size={14} /> : undefined}
      onChange={(id) => {
        const elegido = encontrados.find((c) => c._id === id) ?? (valor?._id === id ? valor : null);
        alCambiar(elegido ?? null);
      }}
      error={error}
    />
  );
}
