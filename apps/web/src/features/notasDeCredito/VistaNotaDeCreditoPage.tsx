import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type DetalleNotaDeCredito,
  MENSAJE_ERROR_CORREO_NOTA_DE_CREDITO,
  MENSAJE_MOTIVO_NOTA_DE_CREDITO,
  notasDeCreditoApi,
  tienePermiso,
} from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { VISTA_FACTURA } from '../facturas/rutas.ts';
import { RESULTADO_DE_ANULACION, repartoEnTexto } from './etiquetas.tsx';
import { notaDeCreditoQueries, useAnularNotaDeCredito, useEliminarNotaDeCredito } from './queries.ts';
import { EDITAR_NOTA_DE_CREDITO, LISTA_NOTAS_DE_CREDITO } from './rutas.ts';

/** The money the note gave back (spec 001 §3 refund lines): date, account, amount and note. */
export function TablaDeReembolsos({ detalle }: { detalle: DetalleNotaDeCredito }) {
  if (detalle.lineasDevoluciones.length === 0) {
    return null;
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={4}>Devoluciones de dinero</Title>
        <Table fz="sm" verticalSpacing={6} aria-label="Devoluciones de dinero">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Sale de</Table.Th>
              <Table.Th>Nota</Table.Th>
              <Table.Th ta="right">Importe</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detalle.lineasDevoluciones.map((d) => (
              <Table.Tr key={d._id}>
                <Table.Td>{fecha(d.fechaDeEmision)}</Table.Td>
                <Table.Td>
                  {d.efectivo
                    ? 'Efectivo de la caja'
                    : `${d.afectarCuenta.codigoDeCuenta} · ${d.afectarCuenta.nombre}`}
                </Table.Td>
                <Table.Td>{d.nota || '—'}</Table.Td>
                <Table.Td ta="right">{dinero(d.importe)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/**
 * /notas_de_credito/vista_nota_credito?id=…: the note, print, PDF and e-mail (spec 001 §1), edit, cancel
 * and delete (spec 001 §2, §4).
 */
export default function VistaNotaDeCreditoPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const { perfil } = usePerfil();
  const consulta = useQuery({ ...notaDeCreditoQueries.una(id), enabled: id !== '' });
  const anular = useAnularNotaDeCredito();
  const eliminar = useEliminarNotaDeCredito();
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={
          consulta.error ?? (id === '' ? new Error('Falta la nota de crédito que se quiere ver.') : null)
        }
      />
    );
  }
  const detalle = consulta.data;
  const n = detalle.notaDeCreditoDb;
  const reparto = repartoEnTexto(n);
  return (
    <VistaDeDocumento
      titulo="Nota de crédito"
      pdfYCorreo={{
        rutaPdf: notasDeCreditoApi.pdf.path,
        prefijo: 'NotaDeCredito',
        correo: notasDeCreditoApi.enviarPorCorreo,
        mensajeDeError: MENSAJE_ERROR_CORREO_NOTA_DE_CREDITO,
      }}
      nombre="nota de crédito"
      genero="femenino"
      documento={n}
      lineas={detalle.lineasNotasDeCredito}
      datos={[
        {
          etiqueta: 'Factura que modifica',
          valor: (
            <Anchor component={Link} to={`${VISTA_FACTURA}?id=${n.idFactura}`} size="sm" ff="monospace">
              {n.ncfModificado}
            </Anchor>
          ),
        },
        { etiqueta: 'Destino del total', valor: reparto.length > 0 ? reparto.join(' · ') : '—' },
        ...(n.desdePos ? [{ etiqueta: 'Origen', valor: 'Devolución en el punto de venta' }] : []),
      ]}
      datosImpresos={[
        ['Factura que modifica', n.ncfModificado],
        ...reparto.map((r): [string, string] => ['Destino', r]),
      ]}
      pie={
        n.montoCredito > 0 ? (
          <Text size="sm" c="blue.7">
            {dinero(n.montoCredito)} quedó como crédito a favor del cliente.
          </Text>
        ) : undefined
      }
      secciones={<TablaDeReembolsos detalle={detalle} />}
      rutaLista={LISTA_NOTAS_DE_CREDITO}
      rutaEditar={EDITAR_NOTA_DE_CREDITO}
      // A POS return belongs to its shift's cash: it is cancelled, not edited from here.
      editable={!n.desdePos}
      puedeModificar={!perfil || tienePermiso(perfil.privilegios, 'notasDeCredito', 'modificar')}
      mensajeSinMotivo={MENSAJE_MOTIVO_NOTA_DE_CREDITO}
      anular={async (entrada) =>
        RESULTADO_DE_ANULACION[(await anular.mutateAsync({ id: n._id, body: entrada })).resultado]
      }
      eliminar={() => eliminar.mutateAsync(n._id)}
      alEliminarTambien="la mercancía sale otra vez del almacén y se revierten su asiento, lo aplicado a la factura y su crédito a favor"
    />
  );
}
