import { Alert, Box, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconList, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAtajo } from '../../app/atajos.ts';
import { useSesion } from '../../app/sesion.ts';
import { useConfiguracionGeneral } from '../../app/useEmpresa.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { dinero } from '../../ui/formato.ts';
import { ESTILOS_DEL_RECIBO } from '../facturas/CuerpoDelRecibo.tsx';
import { empresaDeLaConfiguracion, formatoDelUsuario, imprimirConEmpresa } from '../facturas/Recibo.tsx';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { DevolucionEnRollo } from './DevolucionEnRollo.tsx';
import { notaDeCreditoQueries } from './queries.ts';
import { LISTA_DEVOLUCIONES_POS, NUEVA_DEVOLUCION_POS } from './rutas.ts';

/** /vistas_pos/vista_devolucion?id=…: a POS return on the roll, to print for the customer (spec 001 §2). */
export default function VistaDevolucionPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const navegar = useNavigate();
  const nueva = (useLocation().state as { nueva?: boolean } | null)?.nueva === true;
  const { perfil } = usePerfil();
  const general = useConfiguracionGeneral();
  const tenantId = useSesion()?.tenantId;
  const formato = formatoDelUsuario(perfil);
  const consulta = useQuery({ ...notaDeCreditoQueries.una(id), enabled: id !== '' });
  const detalle = consulta.data;

  function imprimir() {
    if (detalle) {
      void imprimirConEmpresa(`Devolucion-${detalle.notaDeCreditoDb.comprobante}`, formato, (empresa) => (
        <DevolucionEnRollo detalle={detalle} empresa={empresa} formato={formato} />
      ));
    }
  }
  useAtajo('F2', imprimir);

  return (
    <ScrollArea h="100%" type="auto">
      <Stack p="sm" gap="sm" maw={900} mx="auto">
        <EncabezadoPos titulo={detalle ? `Devolución ${detalle.notaDeCreditoDb.comprobante}` : 'Devolución'}>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconList size={16} />}
              onClick={() => void navegar(LISTA_DEVOLUCIONES_POS)}
            >
              Devoluciones
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => void navegar(NUEVA_DEVOLUCION_POS)}
            >
              Nueva devolución
            </Button>
            {/* Up here: at 1366×768 the roll is taller than the screen. */}
            <Button leftSection={<IconPrinter size={16} />} onClick={imprimir} disabled={!detalle}>
              Imprimir (F2)
            </Button>
          </Group>
        </EncabezadoPos>
        {!detalle ? (
          <Center p="xl">
            {consulta.isError ? <Text c="red">{consulta.error.message}</Text> : <Loader size="sm" />}
          </Center>
        ) : (
          <>
            {nueva && (
              <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
                Devolución guardada.
                {detalle.notaDeCreditoDb.montoDevuelto > 0
                  ? ` Entrega ${dinero(detalle.notaDeCreditoDb.montoDevuelto)} al cliente.`
                  : ''}
                {detalle.notaDeCreditoDb.montoCredito > 0
                  ? ` ${dinero(detalle.notaDeCreditoDb.montoCredito)} quedan como crédito a favor.`
                  : ''}
              </Alert>
            )}
            <Paper withBorder radius="md" p="sm">
              <Box bg="gray.1" p="md" style={{ display: 'flex', justifyContent: 'center', borderRadius: 8 }}>
                <style>{ESTILOS_DEL_RECIBO}</style>
                <DevolucionEnRollo
                  detalle={detalle}
                  formato={formato}
                  empresa={general ? empresaDeLaConfiguracion(general, tenantId) : undefined}
                />
              </Box>
            </Paper>
          </>
        )}
      </Stack>
    </ScrollArea>
  );
}
