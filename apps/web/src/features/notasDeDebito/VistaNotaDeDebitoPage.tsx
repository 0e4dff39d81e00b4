import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type DetalleNotaDeDebito,
  MENSAJE_ERROR_CORREO_NOTA_DE_DEBITO,
  MENSAJE_MOTIVO_NOTA_DE_DEBITO,
  notasDeDebitoApi,
  tienePermiso,
} from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { VistaDeDocumento } from '../../ui/documento/VistaDeDocumento.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { VISTA_COMPRA } from '../compras/rutas.ts';
import { repartoDeDebitoEnTexto } from './DestinoDeLaNotaDeDebito.tsx';
import { notaDeDebitoQueries, useAnularNotaDeDebito, useEliminarNotaDeDebito } from './queries.ts';
import { EDITAR_NOTA_DE_DEBITO, LISTA_NOTAS_DE_DEBITO } from './rutas.ts';

/** The money the supplier paid back (spec 001 §3 lineasDevoluciones): date, account, amount and note. */
function TablaDeDevoluciones({ detalle }: { detalle: DetalleNotaDeDebito }) {
  if (detalle.lineasDevoluciones.length === 0) {
    return null;
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={4}>Devoluciones de dinero del proveedor</Title>
        <Table fz="sm" verticalSpacing={6} aria-label="Devoluciones de dinero">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Entra a</Table.Th>
              <Table.Th>Nota</Table.Th>
              <Table.Th ta="right">Importe</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detalle.lineasDevoluciones.map((d) => (
              <Table.Tr key={d._id}>
                <Table.Td>{fecha(d.fechaDeEmision)}</Table.Td>
                <Table.Td>
                  {d.cuentaContableDebito.codigoDeCuenta} · {d.cuentaContableDebito.nombre}
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
 * /notas_de_debito/vista_nota_debito?id=…: the note, print, PDF and e-mail (spec 001 §1), edit, cancel
 * and delete (spec 001 §2, §4).
 */
export default function VistaNotaDeDebitoPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const { perfil } = usePerfil();
  const consulta = useQuery({ ...notaDeDebitoQueries.una(id), enabled: id !== '' });
  const anular = useAnularNotaDeDebito();
  const eliminar = useEliminarNotaDeDebito();
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={consulta.error ?? (id === '' ? new Error('Falta la nota de débito que se quiere ver.') : null)}
      />
    );
  }
  const detalle = consulta.data;
  const n = detalle.notaDeDebitoDb;
  const reparto = repartoDeDebitoEnTexto(n);
  const compra = detalle.lineasDebitoCompras[0]?.comprobante;
  return (
    <VistaDeDocumento
      titulo="Nota de débito"
      pdfYCorreo={{
        rutaPdf: notasDeDebitoApi.pdf.path,
        prefijo: 'NotaDeDebito',
        correo: notasDeDebitoApi.enviarPorCorreo,
        mensajeDeError: MENSAJE_ERROR_CORREO_NOTA_DE_DEBITO,
      }}
      nombre="nota de débito"
      genero="femenino"
      lado="compra"
      documento={n}
      lineas={detalle.lineasNotasDeDebito}
      datos={[
        {
          etiqueta: 'Compra que modifica',
          valor: (
            <Anchor component={Link} to={`${VISTA_COMPRA}?id=${n.idCompra}`} size="sm" ff="monospace">
              {compra ?? (n.ncfModificado || 'Ver compra')}
            </Anchor>
          ),
        },
        ...(n.ncfModificado ? [{ etiqueta: 'NCF modificado', valor: n.ncfModificado }] : []),
        { etiqueta: 'Destino del total', valor: reparto.length > 0 ? reparto.join(' · ') : '—' },
      ]}
      datosImpresos={[
        ['NCF modificado', n.ncfModificado],
        ...reparto.map((r): [string, string] => ['Destino', r]),
      ]}
      pie={
        n.montoPorCobrar > 0 ? (
          <Text size="sm" c="blue.7">
            {dinero(n.montoPorCobrar)} quedó a favor de la empresa: el proveedor lo debe.
          </Text>
        ) : undefined
      }
      secciones={<TablaDeDevoluciones detalle={detalle} />}
      rutaLista={LISTA_NOTAS_DE_DEBITO}
      rutaEditar={EDITAR_NOTA_DE_DEBITO}
      puedeModificar={!perfil || tienePermiso(perfil.privilegios, 'notasDeDebito', 'modificar')}
      mensajeSinMotivo={MENSAJE_MOTIVO_NOTA_DE_DEBITO}
      anular={async (entrada) => (await anular.mutateAsync({ id: n._id, body: entrada })).resultado}
      eliminar={() => eliminar.mutateAsync(n._id)}
      alEliminarTambien="la mercancía vuelve al almacén y se revierten su asiento y lo aplicado a la compra"
    />
  );
}
