import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { FormularioDeEgreso } from './FormularioDeEgreso.tsx';
import { egresoQueries } from './queries.ts';
import { LISTA_EGRESOS } from './rutas.ts';

/** /recibos_egresos/editar_recibo_egreso/{id}: an active payment out's lines and header changed (spec 001 §7). */
export default function EditarEgresoPage() {
  const navegar = useNavigate();
  const { id = '' } = useParams();
  const consulta = useQuery(egresoQueries.uno(id));
  const recibo = consulta.data?.egresoReferenciadoGral;
  return (
    <DisenoListaModulo
      titulo={recibo ? `Editar recibo de egreso ${recibo.comprobante}` : 'Editar recibo de egreso'}
      acciones={
        <Button
          variant="default"
          leftSection={<IconList size={16} />}
          onClick={() => void navegar(LISTA_EGRESOS)}
        >
          Ver recibos
        </Button>
      }
    >
      {consulta.isPending ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : consulta.isError ? (
        <Text c="red">{consulta.error.message}</Text>
      ) : consulta.data.egresoReferenciadoGral.estado !== 'Activo' ? (
        <Alert
          color="yellow"
          p="xs"
          title={`El recibo ${consulta.data.egresoReferenciadoGral.comprobante} no se puede editar`}
        >
          Solo se modifica un recibo de egreso activo; este está{' '}
          {consulta.data.egresoReferenciadoGral.estado === 'Anulado' ? 'anulado' : 'por anular'}.
        </Alert>
      ) : (
        <FormularioDeEgreso
          tipo={consulta.data.egresoReferenciadoGral.tipoDeEgreso ? 'compras' : 'cuentas'}
          edicion={consulta.data}
        />
      )}
    </DisenoListaModulo>
  );
}
