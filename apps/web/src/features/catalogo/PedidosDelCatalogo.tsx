import { Anchor, Group, Switch, Text } from '@mantine/core';
import { catalogo } from '@pos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useSesion } from '../../app/sesion.ts';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { rutaDelCatalogo } from './contexto.ts';
import { CATALOGO } from './rutas.ts';

/**
 * The company's catalogue settings in the general configuration: the catalogue link (spec 000 §2) and
 * whether catalogue orders are also registered as sales orders (docs/catalogo.md; off by default).
 * Saved on its own when switched, apart from the general form.
 */
export function PedidosDelCatalogo() {
  const sesion = useSesion();
  const queryClient = useQueryClient();
  const ajustes = useQuery({ queryKey: ['catalogo', 'ajustes'], queryFn: () => api(catalogo.ajustes) });
  const cambiar = useMutation({
    mutationFn: (registrarPedidos: boolean) => api(catalogo.cambiarAjustes, { body: { registrarPedidos } }),
    onSuccess: (datos) => queryClient.setQueryData(['catalogo', 'ajustes'], datos),
    onError: (error) => mostrarErrorDeGuardado(error),
  });
  const enlace = sesion ? `${window.location.origin}${rutaDelCatalogo(sesion.tenantId, CATALOGO)}` : null;
  const activo = cambiar.isPending ? (cambiar.variables ?? false) : (ajustes.data?.registrarPedidos ?? false);
  return (
    <>
      {enlace && (
        <Group gap="xs">
          <Text size="sm">Enlace del catálogo:</Text>
          <Anchor href={enlace} target="_blank" rel="noopener" size="sm">
            {enlace}
          </Anchor>
        </Group>
      )}
      <Switch
        label="Registrar los pedidos del catálogo"
        description={
          activo && ajustes.data?.usuarioResponsable
            ? `Cada pedido enviado desde el catálogo queda también en la lista de pedidos, a nombre de ${ajustes.data.usuarioResponsable}.`
            : 'Además de llegar por WhatsApp, cada pedido del catálogo queda en la lista de pedidos, a nombre de quien lo active.'
        }
        checked={activo}
        disabled={ajustes.isPending || cambiar.isPending}
        onChange={(e) => cambiar.mutate(e.currentTarget.checked)}
      />
    </>
  );
}
