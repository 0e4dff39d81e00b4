import { Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of a list page: typing goes back to page 1; a small loader while the list refreshes. */
export function BuscadorDeLista({
  valor,
  alCambiar,
  buscando,
  placeholder,
  etiqueta,
  ancho = 300,
}: {
  valor: string;
  alCambiar: (texto: string) => void;
  /** The list is refetching with the typed text (not its first load). */
  buscando: boolean;
  placeholder: string;
  etiqueta: string;
  ancho?: number;
}) {
  return (
    <TextInput
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={buscando ? <Loader size={14} /> : null}
      value={valor}
      onChange={(e) => alCambiar(e.currentTarget.value)}
      w={{ base: '100%', sm: ancho }}
      aria-label={etiqueta}
    />
  );
}
