import { notifications } from '@mantine/notifications';
import { creditosApi } from '@pos/contract';
import { aCentavos } from '@pos/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonCreditosAFavor } from './BotonCreditosAFavor.tsx';
import type { CreditoElegido } from './elegidos.ts';
import { creditoQueries } from './queries.ts';

/**
 * For the receipt screen (features/ingresos): applies the customer's credits in favour to one pending
 * invoice right away, one POST /transaccion-del-credito-a-favor per credit chosen (spec 001 §7), each
 * with its own identificadorUnico so a retry never applies twice. `alAplicar` lets the screen read the
 * invoice's pending amount again.
 */
export function AplicarCreditosAFactura({
  idCliente,
  nombreCliente,
  idFactura,
  pendiente,
  alAplicar,
}: {
  idCliente: string;
  nombreCliente?: string;
  idFactura: string;
  /** What the invoice still owes, in pesos. */
  pendiente: number;
  alAplicar?: () => void;
}) {
  const cliente = useQueryClient();
  const [claves] = useState(() => new Map<string, string>());
  async function aplicar(elegidos: CreditoElegido[]) {
    try {
      for (const credito of elegidos) {
        const clave = claves.get(credito._id) ?? nuevoIdentificador();
        claves.set(credito._id, clave);
        await api(creditosApi.aplicar, {
          body: { identificadorUnico: clave, idCreditoAFavor: credito._id, idFactura, monto: credito.monto },
        });
        claves.delete(credito._id);
      }
      notifications.show({ color: 'green', message: 'Crédito a favor aplicado a la factura.' });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se aplicó el crédito a favor',
        message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
      });
    } finally {
      void cliente.invalidateQueries({ queryKey: creditoQueries.all() });
      alAplicar?.();
    }
  }
  return (
    <BotonCreditosAFavor
      idCliente={idCliente}
      {...(nombreCliente ? { nombreCliente } : {})}
      maximo={aCentavos(pendiente)}
      elegidos={[]}
      alCambiar={(elegidos) => {
        if (elegidos.length > 0) {
          void aplicar(elegidos);
        }
      }}
    />
  );
}
