import { Checkbox, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { FRECUENCIAS_TIPO, type FrecuenciaTipo, NOMBRES_DE_FRECUENCIA, productos } from '@pos/contract';
import { hoyEnSantoDomingo } from '@pos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** The subscription's recurring invoice the operator may create with the company (spec 001 §3, §7). */
export type Suscripcion = {
  activa: boolean;
  idProducto: string | null;
  frecuencia: number;
  frecuenciaTipo: FrecuenciaTipo;
  fechaDeInicio: string;
  plazoPagos: number;
};

export function suscripcionInicial(): Suscripcion {
  // Spec 001 §9: a recurring invoice's defaults (each month, 30 days to pay), from today.
  return {
    activa: false,
    idProducto: null,
    frecuencia: 1,
    frecuenciaTipo: 'month',
    fechaDeInicio: hoyEnSantoDomingo(),
    plazoPagos: 30,
  };
}

type Props = { valor: Suscripcion; alCambiar: (valor: Suscripcion) => void; error?: string | undefined };

/** «Facturar la suscripción»: the operator's product (the plan's service, at its price) and recurrence. */
export function CamposDeSuscripcion({ valor, alCambiar, error }: Props) {
  const lista = useQuery({
    queryKey: ['productos', 'para-suscripcion'],
    queryFn: ({ signal }) => api(productos.todos, { body: { page: 1, limit: 200 }, signal }),
    enabled: valor.activa,
  });
  const cambiar = (cambio: Partial<Suscripcion>) => alCambiar({ ...valor, ...cambio });
  return (
    <Stack gap="sm">
      <Checkbox
        label="Crear también su factura recurrente de suscripción"
        description="Se le factura a su cliente en esta empresa cada periodo, por la tarea programada."
        checked={valor.activa}
        onChange={(e) => cambiar({ activa: e.currentTarget.checked })}
      />
      {valor.activa && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Servicio que se factura"
            placeholder="Elige el producto de la suscripción"
            searchable
            withAsterisk
            data={(lista.data?.res ?? []).map((p) => ({ value: p._id, label: p.nombre }))}
            value={valor.idProducto}
            description="Se factura a su precio de venta de cada momento"
            onChange={(id) => cambiar({ idProducto: id })}
            error={error}
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label="Cada"
              min={1}
              max={365}
              allowDecimal={false}
              value={valor.frecuencia}
              onChange={(v) => cambiar({ frecuencia: typeof v === 'number' ? v : 1 })}
            />
            <Select
              label="Periodo"
              allowDeselect={false}
              data={FRECUENCIAS_TIPO.map((t) => ({
                value: t,
                label: NOMBRES_DE_FRECUENCIA[t][valor.frecuencia === 1 ? 0 : 1],
              }))}
              value={valor.frecuenciaTipo}
              onChange={(t) => t && cambiar({ frecuenciaTipo: t as FrecuenciaTipo })}
            />
          </SimpleGrid>
          <NumberInput
            label="Plazo de pago (días)"
            min={0}
            max={3650}
            allowDecimal={false}
            value={valor.plazoPagos}
            onChange={(v) => cambiar({ plazoPagos: typeof v === 'number' ? v : 30 })}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
