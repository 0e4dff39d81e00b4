import { Button, Group, Loader, TextInput, Tooltip } from '@mantine/core';
import { IconBarcode, IconCategory, IconSearch } from '@tabler/icons-react';
import { type Ref, useState } from 'react';

export type TipoDeBusqueda = 'codigo' | 'nombre';

type Props = {
  tipo: TipoDeBusqueda;
  alCambiarTipo: () => void;
  /** Barcode mode: Enter sends the code (scanner or keyboard). */
  alEnviarCodigo: (codigo: string) => void;
  /** Name mode: Enter opens the product list with the text. */
  alBuscarNombre: (texto: string) => void;
  alAbrirCategorias: () => void;
  /** Arrow keys in the field move the selected line. */
  alMoverSeleccion: (paso: 1 | -1) => void;
  pendientes: number;
  /** No warehouse yet: nothing can be looked up. */
  deshabilitado: boolean;
  /** Narrow screens: the buttons show only their icon and key. */
  compacta?: boolean;
  ref?: Ref<HTMLInputElement>;
};

// Spec 000 §2: F8 switches the search type (barcode ↔ name), F9 opens the categories. The barcode field has
// the focus by default; a scanner types the code and Enter into it. Every barcode form (scale label,
// PQT#, quantity-code) is read by the server.
/** The barcode / name field of the POS. */
export function BarraDeBusqueda({
  tipo,
  alCambiarTipo,
  alEnviarCodigo,
  alBuscarNombre,
  alAbrirCategorias,
  alMoverSeleccion,
  pendientes,
  deshabilitado,
  compacta = false,
  ref,
}: Props) {
  const [texto, setTexto] = useState('');
  const porCodigo = tipo === 'codigo';
  return (
    <Group gap="xs" wrap="nowrap" align="stretch">
      <TextInput
        ref={ref}
        style={{ flex: 1 }}
        size="lg"
        aria-label={porCodigo ? 'Código de barras' : 'Buscar producto por nombre'}
        placeholder={
          deshabilitado
            ? 'Preparando el punto de venta…'
            : porCodigo
              ? 'Escanea o escribe el código y presiona Enter'
              : 'Escribe el nombre y presiona Enter'
        }
        disabled={deshabilitado}
        leftSection={porCodigo ? <IconBarcode size={22} /> : <IconSearch size={20} />}
        rightSection={pendientes > 0 ? <Loader size={18} /> : null}
        value={texto}
        autoComplete="off"
        spellCheck={false}
        autoFocus
        onChange={(e) => setTexto(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            const valor = texto.trim();
            setTexto('');
            if (porCodigo) {
              if (valor) {
                alEnviarCodigo(valor);
              }
            } else {
              alBuscarNombre(valor);
            }
          } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            alMoverSeleccion(e.key === 'ArrowDown' ? 1 : -1);
          }
        }}
      />
      <Tooltip label="Cambiar el tipo de búsqueda (F8)">
        <Button
          variant="default"
          h="auto"
          px="sm"
          onClick={alCambiarTipo}
          leftSection={porCodigo ? <IconSearch size={18} /> : <IconBarcode size={18} />}
          aria-label={porCodigo ? 'Buscar por nombre (F8)' : 'Buscar por código (F8)'}
        >
          {compacta ? '' : porCodigo ? 'Nombre' : 'Código'}{' '}
          <kbd style={{ marginLeft: 6, fontSize: 11, opacity: 0.7 }}>F8</kbd>
        </Button>
      </Tooltip>
      <Tooltip label="Categorías de productos (F9)">
        <Button
          variant="default"
          h="auto"
          px="sm"
          onClick={alAbrirCategorias}
          leftSection={<IconCategory size={18} />}
        >
          {compacta ? '' : 'Categorías'} <kbd style={{ marginLeft: 6, fontSize: 11, opacity: 0.7 }}>F9</kbd>
        </Button>
      </Tooltip>
    </Group>
  );
}
