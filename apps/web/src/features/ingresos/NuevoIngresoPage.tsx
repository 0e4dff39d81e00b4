import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { CobroDeFacturas } from './CobroDeFacturas.tsx';
import { IngresoACuentas } from './IngresoACuentas.tsx';
import { LISTA_INGRESOS } from './rutas.ts';

/**
 * /pagos_ingresos/nuevo_pago_ingreso: collect a customer's invoices, or receive money to accounting
 * accounts (spec 001 §3 "Receipt in", tipoDeIngreso true or false).
 */
export default function NuevoIngresoPage() {
  const navegar = useNavigate();
  const [tipo, setTipo] = useState<'facturas' | 'cuentas'>('facturas');
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
      <Stack gap="md">
        <SegmentedControl
          value={tipo}
          onChange={(v) => setTipo(v as 'facturas' | 'cuentas')}
          data={[
            { value: 'facturas', label: 'Cobro de facturas' },
            { value: 'cuentas', label: 'A cuentas contables' },
          ]}
          w="fit-content"
          size="xs"
        />
        {tipo === 'facturas' ? <CobroDeFacturas pos={false} /> : <IngresoACuentas />}
      </Stack>
    </DisenoListaModulo>
  );
}
