import { SegmentedControl, Text, Tooltip } from '@mantine/core';
import { aPesos } from '@pos/domain';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import type { ColumnaDeLinea } from '../../ui/documento/EditorDeLineas.tsx';
import { cantidad, dinero } from '../../ui/formato.ts';
import { existenciaResultante, type LineaDelFormulario, valorDeLinea } from './lineasDeAjuste.ts';

/**
 * The columns of an adjustment's lines in the kit's line editor: direction, quantity and cost editable;
 * stock before, value at cost and resulting stock shown.
 */
export function columnasDeAjuste({
  errores,
  alCambiar,
  alCambiarTipo,
}: {
  errores: Record<string, unknown>;
  alCambiar: (clave: string, cambios: Partial<LineaDelFormulario>) => void;
  alCambiarTipo: (clave: string, tipo: boolean) => void;
}): ColumnaDeLinea<LineaDelFormulario>[] {
  return [
    {
      titulo: '#',
      ancho: 36,
      celda: (_, i) => (
        <Text c="dimmed" size="sm">
          {i + 1}
        </Text>
      ),
    },
    {
      titulo: 'Producto',
      celda: (linea, i) => {
        const errorDeProducto = errores[`lineas.${i}.idProducto`];
        return (
          <>
            <Text size="sm" fw={500} lh={1.3}>
              {linea.nombre}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {linea.idCodigoDeBarra && linea.idCodigoDeBarra !== '0' ? linea.idCodigoDeBarra : 'Sin código'}
            </Text>
            {typeof errorDeProducto === 'string' && (
              <Text size="xs" c="red">
                {errorDeProducto}
              </Text>
            )}
          </>
        );
      },
    },
    {
      titulo: 'Existencia',
      ancho: 90,
      derecha: true,
      celda: (linea) => (
        <Text size="sm" ff="monospace">
          {cantidad(linea.disponibilidad)}
        </Text>
      ),
    },
    {
      titulo: 'Tipo',
      ancho: 150,
      celda: (linea) => (
        <SegmentedControl
          size="xs"
          aria-label={`Tipo de ajuste de ${linea.nombre}`}
          data={[
            { value: 'entrada', label: 'Entrada' },
            { value: 'salida', label: 'Salida' },
          ]}
          value={linea.tipoDeAjuste ? 'entrada' : 'salida'}
          onChange={(v) => alCambiarTipo(linea.clave, v === 'entrada')}
          color={linea.tipoDeAjuste ? 'teal' : 'red'}
        />
      ),
    },
    {
      titulo: 'Cantidad',
      ancho: 120,
      celda: (linea, i) => (
        <CampoNumerico
          size="xs"
          aria-label={`Cantidad de ${linea.nombre}`}
          valor={linea.cantidad}
          min={0}
          decimalScale={4}
          thousandSeparator=","
          hideControls
          vacio={0}
          alCambiar={(v) => alCambiar(linea.clave, { cantidad: v })}
          error={errores[`lineas.${i}.cantidad`] as string | undefined}
        />
      ),
    },
    {
      titulo: 'Costo unitario',
      ancho: 170,
      celda: (linea, i) =>
        linea.tipoDeAjuste ? (
          <CampoNumerico
            size="xs"
            aria-label={`Costo unitario de ${linea.nombre}`}
            valor={linea.costoUnitario}
            placeholder={`Prom. ${dinero(linea.costoPromedio)}`}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            hideControls
            alCambiar={(v) => alCambiar(linea.clave, { costoUnitario: v })}
            error={errores[`lineas.${i}.costoUnitario`] as string | undefined}
          />
        ) : (
          <Tooltip label="Las salidas se valoran al costo promedio">
            <Text size="sm" c="dimmed" ff="monospace">
              {dinero(linea.costoPromedio)}
            </Text>
          </Tooltip>
        ),
    },
    {
      titulo: 'Valor',
      ancho: 120,
      derecha: true,
      celda: (linea) => (
        <Text size="sm" ff="monospace">
          {dinero(aPesos(valorDeLinea(linea)))}
        </Text>
      ),
    },
    {
      titulo: 'Queda',
      ancho: 90,
      derecha: true,
      celda: (linea) => {
        const queda = existenciaResultante(linea);
        return (
          <Text size="sm" ff="monospace" c={queda < 0 ? 'red' : undefined} fw={queda < 0 ? 600 : undefined}>
            {cantidad(queda)}
          </Text>
        );
      },
    },
  ];
}
