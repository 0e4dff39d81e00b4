import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ESPERA_DE_BUSQUEDA_DEL_CATALOGO_MS } from '@pos/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** The catalogue search: it waits 500 ms after the last key before asking (spec 002 §9). */
export function Buscador({ inicial, alBuscar }: { inicial: string; alBuscar: (texto: string) => void }) {
  const [texto, setTexto] = useState(inicial);
  const [esperado] = useDebouncedValue(texto, ESPERA_DE_BUSQUEDA_DEL_CATALOGO_MS);
  const ultimo = useRef(inicial);
  useEffect(() => {
    if (esperado !== ultimo.current) {
      ultimo.current = esperado;
      alBuscar(esperado);
    }
  }, [esperado, alBuscar]);
  return (
    <TextInput
      type="search"
      placeholder="Buscar productos"
      aria-label="Buscar productos"
      leftSection={<IconSearch size={16} />}
      maxLength={100}
      value={texto}
      onChange={(e) => setTexto(e.currentTarget.value)}
      radius="xl"
    />
  );
}
