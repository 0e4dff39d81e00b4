import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { conciliaciones } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { fecha, fechaHora } from '../../ui/formato.ts';
import { BotonesDeExportar } from '../../ui/reporte/partes.tsx';
import { TablaLista } from '../../ui/TablaLista.tsx';
import { exportar } from '../inventario/archivos.ts';
import { COLUMNAS_DE_MOVIMIENTO, FigurasDeConciliacion } from './partes.tsx';
import { conciliacionQueries } from './queries.ts';
import { rutaDeConciliar } from './rutas.ts';

/**
 * The reconciled-account view (spec 002 §2 "Modals and views"): one reconciliation, read-only, with the
 * movements it holds and its export (print, PDF, Excel: POST /conciliacio/pdf/conciliacion).
 */
export default function CuentaConciliadaPage() {
  const { id = '' } = useParams();
  const navegar = useNavigate();
  const consulta = useQuery(conciliacionQueries.una(id));
  if (consulta.isPending || consulta.error) {
    return <CargandoOError cargando={consulta.isPending} error={consulta.error} />;
  }
  const c = consulta.data;
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Group gap="sm">
            <Title order={2}>Conciliación de {c.nombreCuenta}</Title>
            <Badge variant="light" color={c.estado === 'Cerrada' ? 'green' : 'yellow'}>
              {c.estado}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Estado del {fecha(c.fechaInicioConciliacion)} al {fecha(c.fechaFinConciliacion)}
            {c.cerradaEn ? ` · cerrada el ${fechaHora(c.cerradaEn)}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => navegar(-1)}>
            Volver
          </Button>
          {c.estado === 'Abierta' && (
            <Button onClick={() => navegar(rutaDeConciliar(c.idCuenta))}>Conciliar</Button>
          )}
          <BotonesDeExportar
            alExportar={(opcion) =>
              exportar(
                conciliaciones.exportar,
                { idConciliacion: c._id, nombreBanco: c.nombreCuenta, documentoOpcion: opcion },
                opcion,
              )
            }
          />
        </Group>
      </Group>
      <FigurasDeConciliacion figuras={c} />
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="xs">
          Movimientos verificados ({c.movimientos.length})
        </Text>
        <TablaLista
          columnas={COLUMNAS_DE_MOVIMIENTO}
          filas={c.movimientos}
          clave={(m) => m._id}
          vacio="Esta conciliación no tiene movimientos verificados."
        />
      </Paper>
    </Stack>
  );
}
