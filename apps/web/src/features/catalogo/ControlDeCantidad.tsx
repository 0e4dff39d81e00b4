import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { CANTIDAD_MAXIMA_DEL_CATALOGO, CANTIDAD_MINIMA_DEL_CATALOGO } from '@pos/domain';
import { IconMinus, IconPlus } from '@tabler/icons-react';

/** Quantity of a line: 1 to 1000, the decrement stops at 1 (spec 000 §2, 002 §9). */
export function ControlDeCantidad({
  nombre,
  cantidad,
  alCambiar,
  color,
}: {
  nombre: string;
  cantidad: number;
  alCambiar: (cantidad: number) => void;
  color: string;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="light"
        color={color}
        size="md"
        aria-label={`Quitar uno de ${nombre}`}
        disabled={cantidad <= CANTIDAD_MINIMA_DEL_CATALOGO}
        onClick={() => alCambiar(cantidad - 1)}
      >
        <IconMinus size={16} />
      </ActionIcon>
      <NumberInput
        aria-label={`Cantidad de ${nombre}`}
        value={cantidad}
        min={CANTIDAD_MINIMA_DEL_CATALOGO}
        max={CANTIDAD_MAXIMA_DEL_CATALOGO}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        size="xs"
        w={52}
        styles={{ input: { textAlign: 'center' } }}
        onChange={(valor) => {
          if (typeof valor === 'number') {
            alCambiar(valor);
          }
        }}
      />
      <ActionIcon
        variant="light"
        color={color}
        size="md"
        aria-label={`Agregar uno de ${nombre}`}
        disabled={cantidad >= CANTIDAD_MAXIMA_DEL_CATALOGO}
        onClick={() => alCambiar(cantidad + 1)}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
