import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { tienePermiso } from '@pos/contract';
import { IconBan, IconHistory, IconRestore, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { useAccionesDeProducto } from './AccionesDeProducto.tsx';
import { COLOR_DE_ESTADO, ESTADOS, LISTA_DE_PRODUCTOS, NUEVO_PRODUCTO } from './etiquetas.ts';
import { ProductoFormulario } from './ProductoFormulario.tsx';
import { productoQueries } from './queries.ts';

/** /producto/nuevo_producto and /producto/editar_producto?id=…. */
export default function ProductoPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id');
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const { perfil } = usePerfil();
  const acciones = useAccionesDeProducto();
  const existente = useQuery({ ...productoQueries.uno(id ?? ''), enabled: id !== null });
  const producto = existente.data;
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'productos', 'modificar');
  const alLista = () => void navegar(LISTA_DE_PRODUCTOS);
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>{id ? (producto ? producto.nombre : 'Editar producto') : 'Nuevo producto'}</Title>
          {producto && producto.estado !== 'Activo' && (
            <Badge color={COLOR_DE_ESTADO[producto.estado]} variant="light">
              {ESTADOS[producto.estado]}
            </Badge>
          )}
        </Group>
        {producto && (
          <Group gap="xs">
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconHistory size={16} />}
              onClick={() => acciones.verAuditoria(producto)}
            >
              Auditoría
            </Button>
            {puedeModificar &&
              (producto.estado === 'Anulado' ? (
                <BotonEscritura
                  variant="subtle"
                  color="green"
                  leftSection={<IconRestore size={16} />}
                  onClick={() => acciones.reactivar(producto)}
                >
                  Reactivar
                </BotonEscritura>
              ) : (
                <BotonEscritura
                  variant="subtle"
                  color="orange"
                  leftSection={<IconBan size={16} />}
                  onClick={() => acciones.anular(producto, alLista)}
                >
                  Anular
                </BotonEscritura>
              ))}
            {puedeModificar && (
              <BotonEscritura
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => acciones.eliminar(producto, alLista)}
              >
                Eliminar
              </BotonEscritura>
            )}
          </Group>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        {/* A new location (save-and-new) starts a fresh form with a fresh identificadorUnico. */}
        <ProductoFormulario
          key={ubicacion.key}
          id={id}
          alGuardar={(_, { yNuevo }) =>
            // Spec 002 §2: after saving, the list; with save-and-new (also after an edit), a new product.
            void navegar(
              yNuevo ? NUEVO_PRODUCTO : LISTA_DE_PRODUCTOS,
              yNuevo && !id ? { replace: true } : undefined,
            )
          }
          alCancelar={alLista}
        />
      </Paper>
    </Stack>
  );
}
