import { Alert, Box, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconList, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSesion } from '../../app/sesion.ts';
import { useConfiguracionGeneral } from '../../app/useEmpresa.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { dinero } from '../../ui/formato.ts';
import { ESTILOS_DEL_RECIBO } from '../facturas/CuerpoDelRecibo.tsx';
import { empresaDeLaConfiguracion, formatoDelUsuario } from '../facturas/Recibo.tsx';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { AccionesDeEgreso } from './AccionesDeEgreso.tsx';
import { egresoQueries } from './queries.ts';
import { ReciboDeEgresoEnRollo } from './ReciboDeEgresoEnRollo.tsx';
import { LISTA_RETIROS_POS, NUEVO_RETIRO_POS } from './rutas.ts';

/**
 * /vistas_pos/vista_recibo_egreso/{id} (spec 001 §2): a withdrawal (payment out) on the roll, to print and
 * sign; from here it is edited or cancelled too.
 */
export default function VistaReciboEgresoPage() {
  const { id = '' } = useParams();
  const navegar = useNavigate();
  const nuevo = (useLocation().state as { nuevo?: boolean } | null)?.nuevo === true;
  const { perfil } = usePerfil();
  const general = useConfiguracionGeneral();
  const tenantId = useSesion()?.tenantId;
  const formato = formatoDelUsuario(perfil);
  const consulta = useQuery(egresoQueries.uno(id));
  const detalle = consulta.data;
  const cabecera = detalle?.egresoReferenciadoGral;
  return (
    <ScrollArea h="100%" type="auto">
      <Stack p="sm" gap="sm" maw={900} mx="auto">
        <EncabezadoPos titulo={cabecera ? `Retiro ${cabecera.comprobante}` : 'Recibo de egreso'}>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconList size={16} />}
              onClick={() => void navegar(LISTA_RETIROS_POS)}
            >
              Retiros
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => void navegar(NUEVO_RETIRO_POS)}
            >
              Nuevo retiro
            </Button>
          </Group>
        </EncabezadoPos>
        {!detalle || !cabecera ? (
          <Center p="xl">
            {consulta.isError ? <Text c="red">{consulta.error.message}</Text> : <Loader size="sm" />}
          </Center>
        ) : (
          <>
            {nuevo && (
              <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
                Retiro guardado: salen {dinero(cabecera.total)} de la caja. Imprime el recibo y que lo firme
                quien recibe el dinero.
              </Alert>
            )}
            {/* Up here: at 1366×768 the roll is taller than the screen. */}
            <Paper withBorder radius="md" p="sm">
              <AccionesDeEgreso detalle={detalle} pos alEliminar={() => void navegar(LISTA_RETIROS_POS)} />
            </Paper>
            <Paper withBorder radius="md" p="sm">
              <Box bg="gray.1" p="md" style={{ display: 'flex', justifyContent: 'center', borderRadius: 8 }}>
                <style>{ESTILOS_DEL_RECIBO}</style>
                <ReciboDeEgresoEnRollo
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
