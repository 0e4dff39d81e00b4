import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { FormularioDeEgreso } from './FormularioDeEgreso.tsx';
import { LISTA_EGRESOS } from './rutas.ts';

/**
 * /recibos_egresos/nuevo_recibo_egreso: pay a supplier's purchases, or pay to accounting accounts
 * (spec 001 §3 "Payment out", tipoDeEgreso true or false).
 */
export default function NuevoEgresoPage() {
  const navegar = useNavigate();
  const [tipo, setTipo] = useState<'compras' | 'cuentas'>('compras');
  return (
    <DisenoListaModulo
      titulo="Nuevo recibo de egreso"
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
      <Stack gap="md">
        <SegmentedControl
          value={tipo}
          onChange={(v) => setTipo(v as 'compras' | 'cuentas')}
          data={[
            { value: 'compras', label: 'Pago de compras' },
            { value: 'cuentas', label: 'A cuentas contables' },
          ]}
          w="fit-content"
          size="xs"
        />
        <FormularioDeEgreso key={tipo} tipo={tipo} />
      </Stack>
    </DisenoListaModulo>
  );
}
