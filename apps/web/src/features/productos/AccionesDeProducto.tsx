import {
  Badge,
  Button,
  Group,
  Loader,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { type Producto, reportesDeProductos } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api } from '../../api/client.ts';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { cantidad, dinero, fecha, fechaHora } from '../../ui/formato.ts';
import { COLOR_DE_ESTADO, ESTADOS } from './etiquetas.ts';
import { productoQueries, useAnularProducto, useEliminarProducto } from './queries.ts';

/** What the actions need of a product (a list row or a full product). */
export type ProductoResumido = Pick<
  Producto,
  | '_id'
  | 'nombre'
  | 'numeroProducto'
  | 'estado'
  | 'autorizacion'
  | 'notaAnular'
  | 'creadoEn'
  | 'actualizadoEn'
  | 'disponibilidad'
  | 'costoPromedio'
  | 'ultimoCosto'
  | 'idCodigoDeBarra'
>;

function Motivo({ alConfirmar }: { alConfirmar: (nota: string) => Promise<boolean> }) {
  const [nota, setNota] = useState('');
  const [enviando, setEnviando] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">
        El producto deja de salir en las listas, la caja y el catálogo, y su código de barras queda libre. La
        anulación queda pendiente de autorización.
      </Text>
      <Textarea
        label="Motivo"
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={nota}
        onChange={(e) => setNota(e.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => modals.closeAll()}>
          Cancelar
        </Button>
        <Button
          color="red"
          loading={enviando}
          disabled={nota.trim() === ''}
          onClick={async () => {
            setEnviando(true);
            const listo = await alConfirmar(nota.trim());
            setEnviando(false);
            if (listo) {
              modals.closeAll();
            }
          }}
        >
          Anular
        </Button>
      </Group>
    </Stack>
  );
}

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {etiqueta}
      </Text>
      <Text size="sm" component="div">
        {children === '' || children === null ? '—' : children}
      </Text>
    </div>
  );
}

/** The audit view of a product: its number, when it was created and last changed, its state and its adjustments. */
export function AuditoriaDeProducto({ producto }: { producto: ProductoResumido }) {
  // A list row does not carry who created or changed the product; the full product does.
  const completo = useQuery(productoQueries.uno(producto._id));
  const ajustes = useQuery({
    queryKey: ['productos', 'ajustes', producto._id],
    queryFn: () => api(reportesDeProductos.ajustes, { body: { idProducto: producto._id } }),
  });
  const lineas = [...(ajustes.data?.lineas ?? [])]
    .sort((a, b) => `${b.fechaDeAjuste} ${b.hora}`.localeCompare(`${a.fechaDeAjuste} ${a.hora}`))
    .slice(0, 10);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Dato etiqueta="Producto n.º">{producto.numeroProducto}</Dato>
        <Dato etiqueta="Código de barras">
          {producto.idCodigoDeBarra === '0' ? 'Sin código' : producto.idCodigoDeBarra}
        </Dato>
        <Dato etiqueta="Creado">
          {[fechaHora(producto.creadoEn), completo.data?.creadoPor].filter(Boolean).join(' · por ')}
        </Dato>
        <Dato etiqueta="Última modificación">
          {[fechaHora(producto.actualizadoEn), completo.data?.modificadoPor].filter(Boolean).join(' · por ')}
        </Dato>
        <Dato etiqueta="Estado">
          <Badge color={COLOR_DE_ESTADO[producto.estado]} variant="light">
            {ESTADOS[producto.estado]}
          </Badge>
        </Dato>
        <Dato etiqueta="Autorización">{producto.autorizacion ?? ''}</Dato>
        {producto.notaAnular && <Dato etiqueta="Motivo de anulación">{producto.notaAnular}</Dato>}
        <Dato etiqueta="Existencia total">{cantidad(producto.disponibilidad)}</Dato>
        <Dato etiqueta="Costo promedio · último costo">
          {`${dinero(producto.costoPromedio)} · ${dinero(producto.ultimoCosto)}`}
        </Dato>
      </SimpleGrid>
      <div>
        <Text size="sm" fw={600} mb={4}>
          Últimos ajustes de inventario
        </Text>
        {ajustes.isPending ? (
          <Loader size="xs" aria-label="Cargando" />
        ) : ajustes.error ? (
          <Text size="sm" c="dimmed">
            {ajustes.error.message}
          </Text>
        ) : lineas.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tiene ajustes de inventario.
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table fz="xs" verticalSpacing={4} miw={420}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Ajuste</Table.Th>
                  <Table.Th>Almacén</Table.Th>
                  <Table.Th>Por</Table.Th>
                  <Table.Th ta="right">Cantidad</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lineas.map((l) => (
                  <Table.Tr key={`${l.idAjuste}-${l.idAlmacen}-${l.tipoDeAjuste}`}>
                    <Table.Td>
                      {fecha(l.fechaDeAjuste)} {l.hora}
                    </Table.Td>
                    <Table.Td>{l.nombreAjuste}</Table.Td>
                    <Table.Td>{l.almacen}</Table.Td>
                    <Table.Td>{l.creadoPor}</Table.Td>
                    <Table.Td ta="right" c={l.tipoDeAjuste ? 'teal' : 'red'}>
                      {l.tipoDeAjuste ? '+' : '−'}
                      {cantidad(Math.abs(l.cantidad))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </div>
    </Stack>
  );
}

/** Cancel, reactivate, delete and audit a product: the dialogs, shared by the list and the form. */
export function useAccionesDeProducto() {
  const anular = useAnularProducto();
  const eliminar = useEliminarProducto();
  return {
    verAuditoria(producto: ProductoResumido) {
      modals.open({
        title: `Auditoría de «${producto.nombre}»`,
        size: 'lg',
        centered: true,
        children: <AuditoriaDeProducto producto={producto} />,
      });
    },
    anular(producto: ProductoResumido, despues?: () => void) {
      modals.open({
        title: `Anular «${producto.nombre}»`,
        centered: true,
        children: (
          <Motivo
            alConfirmar={async (nota) => {
              try {
                await anular.mutateAsync({ id: producto._id, nota });
                avisarGuardado('Producto anulado.');
                despues?.();
                return true;
              } catch (error) {
                mostrarErrorDeGuardado(error, undefined, 'No se anuló');
                return false;
              }
            }}
          />
        ),
      });
    },
    reactivar(producto: ProductoResumido) {
      modals.openConfirmModal({
        title: `Reactivar «${producto.nombre}»`,
        centered: true,
        children: (
          <Text size="sm">Vuelve a las listas y a la caja. Su código de barras debe seguir libre.</Text>
        ),
        labels: { confirm: 'Reactivar', cancel: 'Cancelar' },
        onConfirm: async () => {
          try {
            await anular.mutateAsync({ id: producto._id, nota: '', reactivar: true });
            avisarGuardado('Producto reactivado.');
          } catch (error) {
            mostrarErrorDeGuardado(error, undefined, 'No se reactivó');
          }
        },
      });
    },
    eliminar(producto: ProductoResumido, despues?: () => void) {
      modals.openConfirmModal({
        title: `Eliminar «${producto.nombre}»`,
        centered: true,
        children: (
          <Text size="sm">
            Se borra para siempre. Solo se puede si no está en ningún documento; si no, anúlalo.
          </Text>
        ),
        labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          try {
            const respuesta = await eliminar.mutateAsync(producto._id);
            avisarGuardado(respuesta.message);
            despues?.();
          } catch (error) {
            // Spec 002 §8: a product linked to documents answers «Acción no permitida…»; shown as it comes.
            mostrarErrorDeGuardado(error, undefined, 'No se eliminó');
          }
        },
      });
    },
  };
}
