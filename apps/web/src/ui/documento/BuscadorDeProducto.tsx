import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProductoParaDocumento } from '@pos/contract';
import { IconBarcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import { ErrorDeApi } from '../../api/client.ts';
import { cantidad } from '../formato.ts';
import { buscarProductoParaCompra, buscarProductoParaDocumento, productosDelAlmacen } from './productos.ts';

type Props = {
  idAlmacen: string | null;
  /** A product found by its code or chosen by name, as agregarproducto answers it. */
  alEncontrar: (producto: ProductoParaDocumento) => void;
  /** agregarproducto refused the code (its Spanish message) or the network failed. */
  alFallar: (error: unknown) => void;
  deshabilitado?: boolean;
  ref?: Ref<HTMLInputElement>;
  /** A purchasing document reads the product at cost (agregar-producto-compras); a sale at its price. */
  documento?: 'venta' | 'compra';
};

// A code is all digits (an EAN, a scale label) or carries the scanner prefixes (PQT#, «3-código»):
// those go straight to the server; text with letters also offers products by name.
function buscaPorNombre(texto: string): boolean {
  return texto.length >= 2 && /[a-záéíóúñü]/i.test(texto) && !texto.toUpperCase().startsWith('PQT#');
}

/**
 * The finder of a document's lines (sales documents, stock adjustments): a scanner types the code and
 * Enter (spec 000 §5 barcode forms, read by the server with the domain's leerCodigoDeBarras); typing a
 * name offers the warehouse's products.
 */
export function BuscadorDeProducto({
  idAlmacen,
  alEncontrar,
  alFallar,
  deshabilitado,
  ref,
  documento = 'venta',
}: Props) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [texto, setTexto] = useState('');
  const [pendientes, setPendientes] = useState(0);
  const [buscado] = useDebouncedValue(texto.trim(), 300);
  const porNombre = idAlmacen !== null && buscaPorNombre(buscado);
  const opciones = useQuery({
    ...productosDelAlmacen(idAlmacen ?? '', buscado),
    enabled: porNombre,
  });
  const encontrados = porNombre ? (opciones.data?.res ?? []) : [];

  async function agregar(codigo: string) {
    if (!idAlmacen || codigo.trim() === '') {
      return;
    }
    setPendientes((n) => n + 1);
    try {
      const buscar = documento === 'compra' ? buscarProductoParaCompra : buscarProductoParaDocumento;
      alEncontrar(await buscar({ idCodigoDeBarra: codigo.trim(), Almacen: idAlmacen }));
    } catch (error) {
      alFallar(error instanceof ErrorDeApi || error instanceof Error ? error : new Error(String(error)));
    } finally {
      setPendientes((n) => n - 1);
    }
  }

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        setTexto('');
        combobox.closeDropdown();
        void agregar(id);
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={ref}
          label="Escanear o buscar producto"
          description="Escanea el código (Enter lo agrega) o escribe el nombre y elige de la lista"
          placeholder={idAlmacen ? 'Código de barras o nombre del producto' : 'Elige primero el almacén'}
          leftSection={<IconBarcode size={18} />}
          rightSection={pendientes > 0 || (porNombre && opciones.isFetching) ? <Loader size={16} /> : null}
          value={texto}
          disabled={deshabilitado || !idAlmacen}
          autoComplete="off"
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') {
              return;
            }
            // An option chosen with the arrows is submitted by the combobox; otherwise Enter sends the code.
            const elegida = combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1;
            if (!elegida) {
              e.preventDefault();
              const codigo = texto;
              setTexto('');
              combobox.closeDropdown();
              void agregar(codigo);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={encontrados.length === 0}>
        <Combobox.Options>
          {encontrados.map((p) => (
            <Combobox.Option value={p._id} key={p._id}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text size="sm">{p.nombre}</Text>
                  <Text size="xs" c="dimmed">
                    {p.idCodigoDeBarra && p.idCodigoDeBarra !== '0' ? p.idCodigoDeBarra : 'Sin código'}
                    {p.productoInventariable ? '' : ' · no inventariable'}
                  </Text>
                </div>
                {p.productoInventariable && (
                  <Text size="xs" c="dimmed" ta="right">
                    Existencia {cantidad(p.disponibilidad ?? 0)}
                  </Text>
                )}
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
