import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import type { DetalleIngreso } from '@pos/contract';
import { IconList } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { CobroDeFacturas } from './CobroDeFacturas.tsx';
import { IngresoACuentas } from './IngresoACuentas.tsx';
import { ingresoQueries } from './queries.ts';
import { LISTA_INGRESOS } from './rutas.ts';

/** /pagos_ingresos/editar_pago_ingreso/{id}: an active receipt's lines and header changed (spec 001 §7). */
export default function EditarIngresoPage() {
  const navegar = useNavigate();
  const { id = '' } = useParams();
  const consulta = useQuery(ingresoQueries.uno(id));
  const recibo = consulta.data?.ingresoReferenciadoGral;
  return (
    <DisenoListaModulo
      titulo={recibo ? `Editar recibo ${recibo.comprobante}` : 'Editar recibo de ingreso'}
      acciones={
        <Button
          variant="default"
          leftSection={<IconList size={16} />}
          onClick={() => void navegar(LISTA_INGRESOS)}
        >
          Ver recibos
        </Button>
      }
    >
      <FormularioDeEdicion consulta={consulta} pos={false} />
    </DisenoListaModulo>
  );
}

/** The form that fits the receipt: collecting invoices or to accounts; only an active one is edited. */
export function FormularioDeEdicion({
  consulta,
  pos,
}: {
  consulta: UseQueryResult<DetalleIngreso>;
  pos: boolean;
}) {
  if (consulta.isPending) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (consulta.isError) {
    return <Text c="red">{consulta.error.message}</Text>;
  }
  const detalle = consulta.data;
  const recibo = detalle.ingresoReferenciadoGral;
  if (recibo.estado !== 'Activo') {
    return (
      <Alert color="yellow" p="xs" title={`El recibo ${recibo.comprobante} no se puede editar`}>
        Solo se modifica un recibo activo; este está {recibo.estado === 'Anulado' ? 'anulado' : 'por anular'}.
      </Alert>
    );
  }
  return recibo.tipoDeIngreso ? (
    <CobroDeFacturas pos={pos} edicion={detalle} />
  ) : (
    <IngresoACuentas edicion={detalle} />
  );
}
