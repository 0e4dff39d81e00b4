import { Button } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { CobroDeFacturas } from './CobroDeFacturas.tsx';
import { LISTA_INGRESOS } from './rutas.ts';

/** /pagos_ingresos/nuevo_pago_ingreso: collect a customer's invoices in the back office. */
export default function NuevoIngresoPage() {
  const navegar = useNavigate();
  return (
    <DisenoListaModulo
      titulo="Nuevo recibo de ingreso"
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
      <CobroDeFacturas pos={false} />
    </DisenoListaModulo>
  );
}
