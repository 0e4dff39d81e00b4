import { Button } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { GastoMenorFormulario } from './GastoMenorFormulario.tsx';
import { LISTA_GASTOS_MENORES } from './rutas.ts';

/** /gasto_menor/nuevo_gasto_menor: a minor expense paid from the petty cash (spec 001 §3). */
export default function NuevoGastoMenorPage() {
  const navegar = useNavigate();
  return (
    <DisenoListaModulo
      titulo="Nuevo gasto menor"
      acciones={
        <Button
          variant="default"
          leftSection={<IconList size={16} />}
          onClick={() => void navegar(LISTA_GASTOS_MENORES)}
        >
          Ver gastos menores
        </Button>
      }
    >
      <GastoMenorFormulario />
    </DisenoListaModulo>
  );
}
