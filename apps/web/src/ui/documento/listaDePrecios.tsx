import { Loader, Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type ListaDePrecio, listasDePrecio } from '@pos/contract';
import { CONFIRMACION_ACTUALIZAR_PRECIOS, debeActualizarPrecios } from '@pos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { type LineaDelFormulario, preciarEnLista, sinPreciosDelProducto } from './lineas.ts';
import { buscarProductoParaDocumento } from './productos.ts';

// Spec 002 §3: only active lists are offered; the default one first. The key is the POS's and the master
// screens' (`['maestros', …]`), so an edit there refreshes it here.
/** The active price lists a document offers. */
export const listaDePrecioQueries = {
  activas: () =>
    queryOptions({
      queryKey: ['maestros', 'listasDePrecio', 'activos'],
      queryFn: async ({ signal }) =>
        (await api(listasDePrecio.listar, { query: { activos: true }, signal })).res,
      staleTime: 60_000,
    }),
};

/** The default list first, then the others by name. */
function ordenarListas(listas: readonly ListaDePrecio[]): ListaDePrecio[] {
  return [...listas].sort(
    (a, b) => Number(b.predeterminado) - Number(a.predeterminado) || a.nombre.localeCompare(b.nombre, 'es'),
  );
}

type Opciones = {
  /** The form's list (null: the default list). */
  obtenerIdLista: () => string | null;
  ponerIdLista: (id: string) => void;
  obtenerLineas: () => LineaDelFormulario[];
  ponerLineas: (lineas: LineaDelFormulario[]) => void;
  idAlmacen: string | null;
};

/**
 * A document's price list (spec 000 §4, §8; 001 §1): choosing a list other than the default with lines
 * re-prices them after 'Actualizar los precios' (the domain's debeActualizarPrecios); cancelling keeps the
 * list. Without lines, or back to the default list, only the list changes.
 */
export function useListaDePrecios({
  obtenerIdLista,
  ponerIdLista,
  obtenerLineas,
  ponerLineas,
  idAlmacen,
}: Opciones) {
  const listas = ordenarListas(useQuery(listaDePrecioQueries.activas()).data ?? []);
  const predeterminada = listas.find((l) => l.predeterminado);
  const [actualizando, setActualizando] = useState(false);

  /** The chosen list (the default one when none was chosen); undefined when there are no lists. */
  function listaElegida(): ListaDePrecio | undefined {
    const id = obtenerIdLista() ?? predeterminada?._id;
    return listas.find((l) => l._id === id);
  }

  function cambiarLista(id: string) {
    const lista = listas.find((l) => l._id === id);
    if (!lista || id === (obtenerIdLista() ?? predeterminada?._id ?? null)) {
      return;
    }
    if (!debeActualizarPrecios(lista, obtenerLineas().length)) {
      ponerIdLista(id);
      return;
    }
    modals.openConfirmModal({
      title: CONFIRMACION_ACTUALIZAR_PRECIOS.titulo,
      centered: true,
      children: (
        <Text size="sm">
          {CONFIRMACION_ACTUALIZAR_PRECIOS.texto} listado de precios «{lista.nombre}».
        </Text>
      ),
      labels: { confirm: CONFIRMACION_ACTUALIZAR_PRECIOS.boton, cancel: 'Cancelar' },
      onConfirm: () => void actualizarPrecios(lista),
    });
  }

  // A saved line does not keep the product's list prices: its product is read again (agregarproducto, as
  // lines are added, with the new list), once per product; then every line is priced by the domain.
  async function actualizarPrecios(lista: ListaDePrecio) {
    setActualizando(true);
    try {
      const porLeer = [
        ...new Set(
          obtenerLineas()
            .filter(sinPreciosDelProducto)
            .map((l) => l.idProducto),
        ),
      ];
      if (porLeer.length > 0 && !idAlmacen) {
        throw new Error('Elige el almacén para leer los precios de los productos.');
      }
      const leidos = new Map(
        await Promise.all(
          porLeer.map(async (idProducto) => {
            const producto = await buscarProductoParaDocumento({
              idCodigoDeBarra: idProducto,
              Almacen: idAlmacen ?? '',
              idListaDePrecio: lista._id,
            });
            return [idProducto, producto.linea] as const;
          }),
        ),
      );
      const completas = obtenerLineas().map((l) => {
        const leido = sinPreciosDelProducto(l) ? leidos.get(l.idProducto) : undefined;
        return leido
          ? {
              ...l,
              precioPredeterminado: leido.precioPredeterminado,
              listaDePrecioAsignada: leido.listaDePrecioAsignada.map(({ idLista, precio }) => ({
                idLista,
                precio,
              })),
            }
          : l;
      });
      ponerIdLista(lista._id);
      ponerLineas(preciarEnLista(completas, lista));
      notifications.show({
        color: 'green',
        message: `Precios actualizados a la lista «${lista.nombre}».`,
        autoClose: 3500,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se actualizaron los precios',
        message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
        autoClose: 7400,
      });
    } finally {
      setActualizando(false);
    }
  }

  return { listas, predeterminada, listaElegida, cambiarLista, actualizando };
}

/** The price-list field of a document form. */
export function SelectorDeLista({
  listas,
  idLista,
  actualizando,
  alCambiar,
  error,
  descripcion = 'Con qué precios se venden los artículos.',
}: {
  listas: ListaDePrecio[];
  /** The chosen list, or the default one. */
  idLista: string | null;
  actualizando: boolean;
  alCambiar: (id: string) => void;
  error?: string | undefined;
  descripcion?: string;
}) {
  const opciones = listas.map((l) => ({ value: l._id, label: l.nombre }));
  // A saved document's list may have been deactivated since: it is still shown.
  if (idLista && !opciones.some((o) => o.value === idLista)) {
    opciones.push({ value: idLista, label: 'Lista desactivada' });
  }
  return (
    <Select
      label="Lista de precios"
      data={opciones}
      value={idLista}
      onChange={(v) => v && alCambiar(v)}
      allowDeselect={false}
      placeholder="Precio del producto"
      description={descripcion}
      disabled={opciones.length === 0}
      rightSection={actualizando ? <Loader size={14} /> : undefined}
      error={error}
    />
  );
}
