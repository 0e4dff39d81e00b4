import { Button } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { FormularioEntradaDeDiario } from './FormularioEntradaDeDiario.tsx';
import { LISTA_ENTRADAS_DE_DIARIO } from './rutas.ts';

/** /contabilidad/entrada-de-diario/nueva_entrada_de_dario (sic): a manual journal entry (spec 002 §3). */
export default function NuevaEntradaDeDiarioPage() {
  const navegar = useNavigate();
  return (
    <DisenoListaModulo
      titulo="Nueva entrada de diario"
      acciones={
        <Button
          variant="default"
          leftSection={<IconList size={16} />}
          onClick={() => void navegar(LISTA_ENTRADAS_DE_DIARIO)}
        >
          Ver entradas de diario
        </Button>
      }
    >
      <FormularioEntradaDeDiario />
    </DisenoListaModulo>
  );
}
