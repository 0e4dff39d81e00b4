import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type CuentaDeBanco, tienePermiso } from '@pos/contract';
import {
  IconArrowsExchange,
  IconBan,
  IconEye,
  IconPencil,
  IconPlus,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { dinero } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { ModalTransferencia } from './ModalTransferencia.tsx';
import { bancoQueries, useActualizarBanco, useEliminarBanco } from './queries.ts';
import { NUEVO_BANCO, rutaDeDetalles, rutaDeEdicion } from './rutas.ts';

/** /bancos/lista_banco: the company's bank accounts with their balance in the journal (spec 002 §2, §3). */
export default function BancosPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const consulta = useQuery(bancoQueries.lista());
  const [transferirDesde, setTransferirDesde] = useState<string | undefined | null>(null);
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'bancos', 'crear');
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'bancos', 'modificar');
  const cuentas = consulta.data?.cuentas;

  const columnas: Columna<CuentaDeBanco>[] = [
    {
      titulo: 'Banco',
      celda: (c) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {c.nombre}
          </Text>
          {!c.activo && (
            <Badge size="xs" color="gray" variant="light">
              Inactiva
            </Badge>
          )}
        </Group>
      ),
    },
    { titulo: 'Número de cuenta', celda: (c) => c.numeroDeCuenta || '—' },
    {
      titulo: 'Cuenta contable',
      celda: (c) => (
        <Text size="sm">
          <Text span ff="monospace" size="sm" c="dimmed">
            {c.cuentaContable.codigoDeCuenta}
          </Text>{' '}
          {c.cuentaContable.nombre}
        </Text>
      ),
    },
    { titulo: 'Saldo', celda: (c) => dinero(c.saldoTotal), alinear: 'right' },
    {
      titulo: 'Acciones',
      alinear: 'right',
      ancho: 170,
      celda: (c) => (
        <Acciones
          cuenta={c}
          puedeModificar={puedeModificar}
          puedeCrear={puedeCrear}
          transferir={setTransferirDesde}
        />
      ),
    },
  ];

  return (
    <DisenoListaModulo
      titulo="Bancos"
      acciones={
        <>
          {puedeCrear && (
            <BotonEscritura
              variant="default"
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => setTransferirDesde(undefined)}
              disabled={(cuentas?.filter((c) => c.activo).length ?? 0) < 2}
            >
              Transferencia
            </BotonEscritura>
          )}
          {puedeCrear && (
            <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_BANCO)}>
              Nuevo banco
            </BotonEscritura>
          )}
        </>
      }
    >
      <Stack gap="sm">
        <TablaLista
          sinSalto
          columnas={columnas}
          filas={cuentas}
          clave={(c) => c._id}
          cargando={consulta.isPending}
          error={consulta.error}
          vacio="Todavía no hay cuentas de banco. Crea la primera con «Nuevo banco»."
          alElegir={(c) => void navegar(rutaDeDetalles(c._id))}
        />
      </Stack>
      <ModalTransferencia
        abierto={transferirDesde !== null}
        alCerrar={() => setTransferirDesde(null)}
        cuentas={cuentas ?? []}
        origen={transferirDesde ?? undefined}
      />
    </DisenoListaModulo>
  );
}

function Acciones({
  cuenta,
  puedeModificar,
  puedeCrear,
  transferir,
}: {
  cuenta: CuentaDeBanco;
  puedeModificar: boolean;
  puedeCrear: boolean;
  transferir: (id: string) => void;
}) {
  const navegar = useNavigate();
  const actualizar = useActualizarBanco(cuenta._id);
  const eliminar = useEliminarBanco();

  function cambiarEstado() {
    actualizar.mutate(
      { activo: !cuenta.activo },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: cuenta.activo ? 'La cuenta de banco se desactivó' : 'La cuenta de banco se reactivó',
          }),
        onError: (error) => mostrarErrorDeGuardado(error, undefined, 'No se actualizó'),
      },
    );
  }

  function confirmarEliminar() {
    modals.openConfirmModal({
      title: 'Eliminar cuenta de banco',
      centered: true,
      children: (
        <Text size="sm">
          ¿Eliminar «{cuenta.nombre}»? Solo se puede eliminar una cuenta sin movimientos; una con movimientos
          se desactiva.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        eliminar.mutate(cuenta._id, {
          onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
          onError: (error) => mostrarErrorDeGuardado(error, undefined, 'No se eliminó'),
        }),
    });
  }

  return (
    // The row opens the detail; clicks on its actions stay here.
    <Box onClick={(e) => e.stopPropagation()}>
      <Group gap={2} justify="flex-end" wrap="nowrap">
        <Tooltip label="Detalles">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Detalles de «${cuenta.nombre}»`}
            onClick={() => navegar(rutaDeDetalles(cuenta._id))}
          >
            <IconEye size={16} />
          </ActionIcon>
        </Tooltip>
        {puedeModificar && (
          <Tooltip label="Editar">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Editar «${cuenta.nombre}»`}
              onClick={() => navegar(rutaDeEdicion(cuenta._id))}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {puedeCrear && cuenta.activo && (
          <Tooltip label="Transferir">
            <ActionIcon
              variant="subtle"
              color="blue"
              aria-label={`Transferir desde «${cuenta.nombre}»`}
              onClick={() => transferir(cuenta._id)}
            >
              <IconArrowsExchange size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {puedeModificar && (
          <Tooltip label={cuenta.activo ? 'Desactivar' : 'Reactivar'}>
            <ActionIcon
              variant="subtle"
              color={cuenta.activo ? 'orange' : 'green'}
              aria-label={`${cuenta.activo ? 'Desactivar' : 'Reactivar'} «${cuenta.nombre}»`}
              onClick={cambiarEstado}
            >
              {cuenta.activo ? <IconBan size={16} /> : <IconRestore size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
        {puedeModificar && (
          <Tooltip label="Eliminar">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Eliminar «${cuenta.nombre}»`}
              onClick={confirmarEliminar}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Box>
  );
}
