import { Button, Group, Text } from '@mantine/core';
import { aPesos, type Centavos } from '@pos/domain';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { dinero } from '../../ui/formato.ts';
import { type CreditoElegido, totalDeCreditos } from './elegidos.ts';
import { ModalCreditosAFavor } from './ModalCreditosAFavor.tsx';
import { creditoQueries } from './queries.ts';

type Props = {
  /** The document's customer; without one (consumidor final) there is nothing to offer. */
  idCliente: string | null | undefined;
  nombreCliente?: string;
  /** What the document leaves to pay before credits. */
  maximo: Centavos;
  elegidos: readonly CreditoElegido[];
  alCambiar: (elegidos: CreditoElegido[]) => void;
};

/**
 * «Crédito a favor»: shown when the customer has credits with a balance (or some are chosen), opens the
 * modal and shows what the chosen credits pay. Choosing another customer drops the previous one's.
 */
export function BotonCreditosAFavor({ idCliente, nombreCliente, maximo, elegidos, alCambiar }: Props) {
  const [abierto, setAbierto] = useState(false);
  const consulta = useQuery({ ...creditoQueries.delCliente(idCliente ?? ''), enabled: Boolean(idCliente) });
  const ajenos = elegidos.some((e) => e.idCliente !== idCliente);
  useEffect(() => {
    if (ajenos) {
      alCambiar([]);
    }
  }, [ajenos, alCambiar]);
  const disponibles = consulta.data?.res ?? [];
  if (!idCliente || (disponibles.length === 0 && elegidos.length === 0)) {
    return null;
  }
  const total = totalDeCreditos(elegidos);
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="light"
          color="teal"
          size="xs"
          leftSection={<IconReceiptRefund size={16} />}
          onClick={() => setAbierto(true)}
        >
          Crédito a favor ({disponibles.length})
        </Button>
        {total > 0 && (
          <Text size="sm" c="teal.8" fw={600} aria-label="Pagado con crédito a favor">
            −{dinero(aPesos(total))}
          </Text>
        )}
      </Group>
      <ModalCreditosAFavor
        abierto={abierto}
        alCerrar={() => setAbierto(false)}
        idCliente={idCliente}
        {...(nombreCliente ? { nombreCliente } : {})}
        maximo={maximo}
        elegidos={elegidos}
        alConfirmar={alCambiar}
      />
    </>
  );
}
