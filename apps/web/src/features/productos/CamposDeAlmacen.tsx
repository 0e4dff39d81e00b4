import { Badge, Checkbox, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Producto } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { cantidad } from '../../ui/formato.ts';
import { type FormularioDeProducto, PROPS_DE_CANTIDAD } from './campos.ts';
import { seleccionQueries } from './queries.ts';

type Fila = { idAlmacen: string; nombre: string; guardada: Producto['asignaciones'][number] | undefined };

/**
 * Tab «Existencia por almacén»: which warehouses carry the product, the initial stock of a new line,
 * minimum and maximum. Availability is read-only: it changes only through documents and adjustments
 * (the stock ledger, architecture invariant 7).
 */
export function CamposDeAlmacen({
  form,
  producto,
}: {
  form: FormularioDeProducto;
  producto: Producto | undefined;
}) {
  const almacenes = useQuery(seleccionQueries.almacenes());
  const valores = form.values;
  const guardadas = new Map((producto?.asignaciones ?? []).map((a) => [a.idAlmacen, a]));
  const filas: Fila[] = (almacenes.data ?? []).map((a) => ({
    idAlmacen: a._id,
    nombre: a.nombre,
    guardada: guardadas.get(a._id),
  }));
  // A deactivated warehouse that still holds the product is listed too.
  for (const a of producto?.asignaciones ?? []) {
    if (!filas.some((f) => f.idAlmacen === a.idAlmacen)) {
      filas.push({ idAlmacen: a.idAlmacen, nombre: a.nombreAlmacen, guardada: a });
    }
  }
  const inventariable = valores.productoInventariable;

  function elegir(fila: Fila, si: boolean) {
    if (si) {
      form.insertListItem('lineas', {
        idAlmacen: fila.idAlmacen,
        cantidadInicial: 0,
        cantidadMinima: fila.guardada?.cantidadMinima ?? 0,
        cantidadMaxima: fila.guardada?.cantidadMaxima ?? 0,
      });
    } else {
      form.removeListItem(
        'lineas',
        valores.lineas.findIndex((l) => l.idAlmacen === fila.idAlmacen),
      );
    }
  }

  if (almacenes.isPending) {
    return <Text c="dimmed">Cargando los almacenes…</Text>;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {inventariable
          ? 'Marca los almacenes que llevan el producto. La cantidad inicial entra al libro de inventario al guardar; después la existencia solo cambia con compras, ventas y ajustes.'
          : 'Un producto no inventariable no lleva existencia; marca los almacenes donde se puede vender.'}
      </Text>
      <ScrollArea type="auto">
        <Table verticalSpacing={6} fz="sm" miw={640} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>Almacén</Table.Th>
              <Table.Th ta="right">Existencia</Table.Th>
              <Table.Th w={150}>Cantidad inicial</Table.Th>
              <Table.Th w={140}>Mínima</Table.Th>
              <Table.Th w={140}>Máxima</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filas.map((fila) => {
              const indice = valores.lineas.findIndex((l) => l.idAlmacen === fila.idAlmacen);
              const linea = indice === -1 ? undefined : valores.lineas[indice];
              const disponibilidad = fila.guardada?.disponibilidad ?? 0;
              // Spec: a warehouse with stock is not removed (the server refuses it too).
              const fijo = linea !== undefined && fila.guardada !== undefined && disponibilidad !== 0;
              const casilla = (
                <Checkbox
                  aria-label={`Lleva el producto en «${fila.nombre}»`}
                  checked={linea !== undefined}
                  disabled={fijo}
                  onChange={(e) => elegir(fila, e.currentTarget.checked)}
                />
              );
              const campo = (
                clave: 'cantidadInicial' | 'cantidadMinima' | 'cantidadMaxima',
                etiqueta: string,
              ) => (
                <CampoNumerico
                  size="xs"
                  aria-label={`${etiqueta} en «${fila.nombre}»`}
                  {...PROPS_DE_CANTIDAD}
                  valor={linea?.[clave] ?? null}
                  vacio={0}
                  alCambiar={(valor) => form.setFieldValue(`lineas.${indice}.${clave}`, valor)}
                  error={form.errors[`lineas.${indice}.${clave}`]}
                />
              );
              return (
                <Table.Tr key={fila.idAlmacen} c={linea ? undefined : 'dimmed'}>
                  <Table.Td>
                    {fijo ? (
                      <Tooltip label="Tiene existencia: ajústala a cero antes de quitar el almacén">
                        <span>{casilla}</span>
                      </Tooltip>
                    ) : (
                      casilla
                    )}
                  </Table.Td>
                  <Table.Td>{fila.nombre}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {fila.guardada ? (
                      disponibilidad <= fila.guardada.cantidadMinima ? (
                        <Badge variant="light" color={disponibilidad <= 0 ? 'red' : 'orange'}>
                          {cantidad(disponibilidad)}
                        </Badge>
                      ) : (
                        cantidad(disponibilidad)
                      )
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    {linea && !fila.guardada && inventariable ? (
                      campo('cantidadInicial', 'Cantidad inicial')
                    ) : (
                      <Text size="xs" c="dimmed">
                        {fila.guardada ? `Inicial: ${cantidad(fila.guardada.cantidadInicial)}` : '—'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{linea ? campo('cantidadMinima', 'Cantidad mínima') : null}</Table.Td>
                  <Table.Td>{linea ? campo('cantidadMaxima', 'Cantidad máxima') : null}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {valores.lineas.length === 0 && inventariable && (
        <Text size="sm" c="orange">
          Sin almacenes, el producto no se puede vender ni comprar: los documentos lo buscan en su almacén.
        </Text>
      )}
    </Stack>
  );
}
