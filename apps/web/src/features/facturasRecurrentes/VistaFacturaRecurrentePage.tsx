import { Alert, Anchor, Group, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MENSAJE_MOTIVO_FACTURA_RECURRENTE, tienePermiso } from '@pos/contract';
import { hoyEnSantoDomingo } from '@pos/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { VISTA_FACTURA } from '../facturas/rutas.ts';
import { textoDeFrecuencia } from './frecuencia.ts';
import {
  facturaRecurrenteQueries,
  useAnularFacturaRecurrente,
  useEliminarFacturaRecurrente,
  useGenerarFacturasRecurrentes,
} from './queries.ts';
import { EDITAR_FACTURA_RECURRENTE, LISTA_DE_FACTURAS_RECURRENTES } from './rutas.ts';

/**
 * /factura_recurrente/vista_factura_recurrente?id=…: the template, its recurrence, the invoices it
 * generated and the next date (spec 001 §2, §3); edit, cancel (stops it) and delete.
 */
export default function VistaFacturaRecurrentePage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const { perfil } = usePerfil();
  const consulta = useQuery({ ...facturaRecurrenteQueries.una(id), enabled: id !== '' });
  const anular = useAnularFacturaRecurrente();
  const eliminar = useEliminarFacturaRecurrente();
  const generar = useGenerarFacturasRecurrentes();
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={
          consulta.error ?? (id === '' ? new Error('Falta la factura recurrente que se quiere ver.') : null)
        }
      />
    );
  }
  const f = consulta.data;
  const generadas = f.listaFacturasGeneradas;
  // «Generar ahora» only when an invoice is due: never a period ahead of its date.
  const vence =
    f.estado === 'Activo' &&
    f.proximaFecha !== null &&
    f.proximaFecha <= hoyEnSantoDomingo() &&
    (!perfil || tienePermiso(perfil.privilegios, 'facturas', 'crear'));
  return (
    <VistaDeDocumento
      titulo="Factura recurrente"
      nombre="factura recurrente"
      genero="femenino"
      documento={f}
      lineas={f.lineasFacturaRecurrente}
      datos={[
        { etiqueta: 'Frecuencia', valor: textoDeFrecuencia(f) },
        { etiqueta: 'Primera factura', valor: fecha(f.fechaDeInicio) },
        { etiqueta: 'Vigente hasta', valor: f.fechaVigencia ? fecha(f.fechaVigencia) : 'Hasta que se anule' },
        { etiqueta: 'Plazo de pago', valor: `${f.plazoPagos} días` },
        {
          etiqueta: 'Próxima factura',
          valor: f.proximaFecha ? fecha(f.proximaFecha) : f.estado === 'Activo' ? 'Terminada' : '—',
        },
        { etiqueta: 'Por correo', valor: f.enviarPorCorreo ? f.correo : 'No' },
      ]}
      datosImpresos={[
        ['Frecuencia', textoDeFrecuencia(f)],
        ['Próxima factura', f.proximaFecha ? fecha(f.proximaFecha) : '—'],
      ]}
      rutaLista={LISTA_DE_FACTURAS_RECURRENTES}
      rutaEditar={EDITAR_FACTURA_RECURRENTE}
      puedeModificar={!perfil || tienePermiso(perfil.privilegios, 'facturas', 'modificar')}
      mensajeSinMotivo={MENSAJE_MOTIVO_FACTURA_RECURRENTE}
      anular={async (entrada) => (await anular.mutateAsync({ id: f._id, body: entrada })).resultado}
      eliminar={() => eliminar.mutateAsync(f._id)}
      secciones={
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>Facturas generadas ({generadas.length})</Title>
            {vence && (
              <BotonEscritura
                size="compact-md"
                loading={generar.isPending}
                onClick={async () => {
                  try {
                    const r = await generar.mutateAsync(f._id);
                    if (r.facturasCreadas > 0) {
                      notifications.show({
                        color: 'green',
                        message:
                          r.facturasCreadas === 1
                            ? 'Se generó 1 factura.'
                            : `Se generaron ${r.facturasCreadas} facturas.`,
                      });
                    } else if (!r.ultimoError) {
                      notifications.show({ message: 'No había facturas por generar hoy.' });
                    }
                  } catch (error) {
                    mostrarErrorDeGuardado(error, undefined, 'No se generaron las facturas');
                  }
                }}
              >
                Generar ahora
              </BotonEscritura>
            )}
          </Group>
          {f.ultimoError && (
            <Alert color="red" mb="sm" title="No se pudo generar la última factura">
              {f.ultimoError}
            </Alert>
          )}
          {generadas.length === 0 ? (
            <Text c="dimmed" size="sm">
              Todavía no ha generado facturas
              {f.proximaFecha ? `; la primera sale el ${fecha(f.proximaFecha)}` : ''}.
            </Text>
          ) : (
            <Table striped withTableBorder verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Comprobante</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Pendiente</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {generadas.map((g) => (
                  <Table.Tr key={g._id}>
                    <Table.Td>{fecha(g.fecha)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`${VISTA_FACTURA}?id=${g._id}`} size="sm">
                        {g.comprobante || 'Ver factura'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{g.estado}</Table.Td>
                    <Table.Td ta="right">{dinero(g.total)}</Table.Td>
                    <Table.Td ta="right">{dinero(g.pendiente)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      }
    />
  );
}
