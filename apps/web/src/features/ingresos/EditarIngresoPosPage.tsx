import { Button, ScrollArea, Stack } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { FormularioDeEdicion } from './EditarIngresoPage.tsx';
import { ingresoQueries } from './queries.ts';
import { LISTA_INGRESOS_POS } from './rutas.ts';

/** /vistas_pos/editar_ingreso/{id}: the cashier corrects a receipt of the open shift (spec 000 §2). */
export default function EditarIngresoPosPage() {
  const navegar = useNavigate();
  const { id = '' } = useParams();
  const consulta = useQuery(ingresoQueries.uno(id));
  const recibo = consulta.data?.ingresoReferenciadoGral;
  return (
    <ScrollArea h="100%" type="auto">
      <Stack p="sm" gap="sm" maw={960} mx="auto">
        <EncabezadoPos titulo={recibo ? `Editar ingreso ${recibo.comprobante}` : 'Editar ingreso'}>
          <Button
            variant="default"
            leftSection={<IconList size={16} />}
            onClick={() => void navegar(LISTA_INGRESOS_POS)}
          >
            Lista de ingresos
          </Button>
        </EncabezadoPos>
        <FormularioDeEdicion consulta={consulta} pos />
      </Stack>
    </ScrollArea>
  );
}
