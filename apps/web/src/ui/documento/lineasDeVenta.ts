import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { aplicarSocio, type LineaDelFormulario } from './lineas.ts';
import { useListaDePrecios } from './listaDePrecios.tsx';
import type { ClienteElegido } from './SelectorDeCliente.tsx';

type ConLineas = { lineas: LineaDelFormulario[]; idListaDePrecio: string | null };

/**
 * What every sales document form does with its lines (quotations, delivery notes, recurring invoices):
 * sets them and remembers the saved ones removed (`lineasDelete`), follows the price list, and applies
 * a customer (spec 001 §1: partner discounts applied or reset; a customer's own price list).
 */
export function useLineasDeVenta<V extends ConLineas>(form: UseFormReturnType<V>, idAlmacen: string | null) {
  const [lineasAEliminar, setLineasAEliminar] = useState<string[]>([]);
  // The form's own field names: `V` always has them.
  const poner = form.setFieldValue as (campo: keyof ConLineas, valor: unknown) => void;
  const leer = () => form.getValues() as ConLineas;

  function ponerLineas(lineas: LineaDelFormulario[], eliminadas: string[] = []) {
    poner('lineas', lineas);
    form.clearFieldError('lineas');
    if (eliminadas.length > 0) {
      setLineasAEliminar((previas) => [...previas, ...eliminadas]);
    }
  }

  const lista = useListaDePrecios({
    obtenerIdLista: () => leer().idListaDePrecio,
    ponerIdLista: (id) => poner('idListaDePrecio', id),
    obtenerLineas: () => leer().lineas,
    ponerLineas: (lineas) => ponerLineas(lineas),
    idAlmacen,
  });

  function aplicarCliente(cliente: ClienteElegido | null) {
    const { lineas } = leer();
    if (lineas.some((l) => l.descuentoParaSocios > 0)) {
      ponerLineas(aplicarSocio(lineas, cliente?.socio ?? false));
    }
    if (cliente?.idListaDePrecio) {
      lista.cambiarLista(cliente.idListaDePrecio);
    }
  }

  return {
    ...lista,
    lineasAEliminar,
    ponerLineas,
    aplicarCliente,
    /** The chosen list's id, or the default one's. */
    idLista: form.getValues().idListaDePrecio ?? lista.predeterminada?._id ?? null,
  };
}
