import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Divider,
  Drawer,
  Group,
  Menu,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { tienePermiso } from '@pos/contract';
import { MENSAJE_LIMITE_DE_PESTANAS } from '@pos/domain';
import {
  IconArrowBackUp,
  IconCalendarEvent,
  IconCash,
  IconCashMinus,
  IconCashRegister,
  IconChevronUp,
  IconClipboardList,
  IconClockPlay,
  IconClockStop,
  IconHome,
  IconListDetails,
  IconLogout,
  IconPackage,
  IconPencil,
  IconPlus,
  IconReceipt,
  IconRefresh,
  IconReportMoney,
  IconWifiOff,
  IconX,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAtajo } from '../app/atajos.ts';
import { useConexion } from '../app/Conexion.tsx';
import { useConfiguracionGeneral } from '../app/useEmpresa.ts';
import { useCerrarSesion } from '../app/usePerfil.ts';
import { LISTA_RETIROS_POS, NUEVO_RETIRO_POS } from '../features/egresos/rutas.ts';
import { CUENTAS_POR_COBRAR_POS } from '../features/estadosDeCuenta/rutas.ts';
import { LISTA_INGRESOS_POS, NUEVO_INGRESO_POS } from '../features/ingresos/rutas.ts';
import { LISTA_DEVOLUCIONES_POS, NUEVA_DEVOLUCION_POS } from '../features/notasDeCredito/rutas.ts';
import { totalPendientes, useSinConexion } from '../features/offline/ProveedorSinConexion.tsx';
import { LISTA_PEDIDOS_POS } from '../features/pedidos/rutas.ts';
import { cerrarPestanaConEspera, useBorradores } from '../features/pos/almacen.ts';
import { nombreDeBorrador } from '../features/pos/borrador.ts';
import { cambiarPestana, nuevaPestana, renombrarPestana } from '../features/pos/pestanas.ts';
import { DETALLES_TURNOS, FACTURACION_POS, LISTA_VENTAS_POS } from '../features/pos/rutas.ts';
import { usePuntoDeVenta } from '../features/pos/usePuntoDeVenta.ts';
import { PERMISO_RESERVACIONES, SERVICIOS_RESERVACIONES } from '../features/reservaciones/rutas.ts';
import { diferido } from '../ui/diferido.tsx';

function nuevoId(): string {
  return crypto.randomUUID();
}

const ALTO_DE_BARRA = 56;

// The pending-sync panel loads when first opened, not with the POS.
const PanelSinConexion = diferido(
  async () => (await import('../features/offline/PanelSinConexion.tsx')).PanelSinConexion,
);

/** Spec 001 §8: the tab limit, as a dialog with the spec's text (title before the colon). */
function avisarLimiteDePestanas(): void {
  const [titulo, ...resto] = MENSAJE_LIMITE_DE_PESTANAS.split(': ');
  modals.openConfirmModal({
    title: titulo,
    centered: true,
    children: <Text size="sm">{resto.join(': ')}</Text>,
    labels: { confirm: 'Entendido', cancel: 'Cerrar' },
    cancelProps: { display: 'none' },
  });
}

function ModalRenombrar({
  nombreActual,
  numero,
  alCerrar,
  alGuardar,
}: {
  nombreActual: string | null;
  numero: number;
  alCerrar: () => void;
  alGuardar: (nombre: string) => void;
}) {
  const [nombre, setNombre] = useState(nombreActual ?? '');
  function guardar(evento: FormEvent) {
    evento.preventDefault();
    alGuardar(nombre);
  }
  return (
    <Modal
      opened={nombreActual !== null}
      onClose={alCerrar}
      title={`Renombrar Venta ${numero}`}
      centered
      size="sm"
    >
      <form onSubmit={guardar}>
        <Stack gap="sm">
          <TextInput
            label="Nombre de la venta"
            description={`Vacío vuelve a «Venta ${numero}»`}
            value={nombre}
            onChange={(e) => setNombre(e.currentTarget.value)}
            maxLength={40}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              Cancelar
            </Button>
            <Button type="submit">Guardar</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The POS layout: the screen above, and the bottom bar of spec 000 §2: the logo button with its slide-up
 * menu, the POS dropdown, the add-sale-tab button and the tabs, and the offline badge.
 */
export function DisenoPos() {
  const { enLinea } = useConexion();
  const cerrarSesion = useCerrarSesion();
  const navegar = useNavigate();
  const { pathname } = useLocation();
  const general = useConfiguracionGeneral();
  const pos = usePuntoDeVenta();
  const [estado, cambiar] = useBorradores(pos.clave);
  const [menuAbierto, menu] = useDisclosure(false);
  const [renombrando, setRenombrando] = useState<number | null>(null);
  const [panelAbierto, panel] = useDisclosure(false);
  const sinConexion = useSinConexion();
  const pendientes = sinConexion ? totalPendientes(sinConexion.conteo) : 0;
  const perfil = pos.perfil;
  const enFacturacion = pathname === FACTURACION_POS;
  const privilegios = perfil?.privilegios;
  // Spec 000 §2: the POS dropdown is hidden when puntoDeVentas.verSoloPedidos is on.
  const verMenuPos = privilegios !== undefined && privilegios.puntoDeVentas.verSoloPedidos !== true;
  const puedeVerVentas = privilegios !== undefined && tienePermiso(privilegios, 'puntoDeVentas', 'ver');
  // Spec 000 §6: puntoDeVentas.ver allows reservations (or the reservaciones module's right).
  const puedeVerReservaciones =
    privilegios !== undefined &&
    PERMISO_RESERVACIONES.alguno.some((p) => tienePermiso(privilegios, p.modulo, p.accion));
  const puedeCrearProductos = privilegios !== undefined && tienePermiso(privilegios, 'productos', 'crear');
  const puedeCobrar = privilegios !== undefined && tienePermiso(privilegios, 'puntoDeVentas', 'crear');
  const turnoAbierto = pos.turno !== null;
  const empresa = general?.configGeneral[0].nombre ?? 'Punto de venta';

  useAtajo('F10', () => {
    if (puedeVerVentas) {
      void navegar(LISTA_VENTAS_POS);
    }
  });
  useAtajo('F4', () => {
    if (puedeVerVentas) {
      void navegar(LISTA_PEDIDOS_POS);
    }
  });

  function abrirPestana() {
    const resultado = nuevaPestana(estado, nuevoId);
    if (!resultado.ok) {
      avisarLimiteDePestanas();
      return;
    }
    cambiar(() => resultado.valor);
    if (!enFacturacion) {
      void navegar(FACTURACION_POS);
    }
  }

  function irAPestana(numero: number) {
    cambiar((actual) => cambiarPestana(actual, numero));
    if (!enFacturacion) {
      void navegar(FACTURACION_POS);
    }
  }

  function cerrar(numero: number) {
    const borrador = estado.pestanas.find((b) => b.numero === numero);
    if (!pos.clave || !borrador) {
      return;
    }
    const clave = pos.clave;
    if (borrador.lineas.length === 0) {
      cerrarPestanaConEspera(clave, numero);
      return;
    }
    modals.openConfirmModal({
      title: `Cerrar ${nombreDeBorrador(borrador)}`,
      centered: true,
      children: <Text size="sm">Esta venta tiene artículos; al cerrarla se descartan.</Text>,
      labels: { confirm: 'Cerrar la venta', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => cerrarPestanaConEspera(clave, numero),
    });
  }

  const activa = estado.pestanas.find((b) => b.numero === estado.activa);
  const renombrada = estado.pestanas.find((b) => b.numero === renombrando);

  const itemsDeNavegacion = (
    <>
      <Menu.Item leftSection={<IconCashRegister size={16} />} onClick={() => void navegar(FACTURACION_POS)}>
        Facturación
      </Menu.Item>
      {puedeVerVentas && (
        <Menu.Item
          leftSection={<IconListDetails size={16} />}
          rightSection={
            <Text size="xs" c="dimmed">
              F10
            </Text>
          }
          onClick={() => void navegar(LISTA_VENTAS_POS)}
        >
          Lista de Ventas
        </Menu.Item>
      )}
      {puedeVerVentas && (
        <Menu.Item
          leftSection={<IconClipboardList size={16} />}
          rightSection={
            <Text size="xs" c="dimmed">
              F4
            </Text>
          }
          onClick={() => void navegar(LISTA_PEDIDOS_POS)}
        >
          Lista de Pedidos
        </Menu.Item>
      )}
      {puedeVerReservaciones && (
        <Menu.Item
          leftSection={<IconCalendarEvent size={16} />}
          onClick={() => void navegar(SERVICIOS_RESERVACIONES)}
        >
          Reservaciones
        </Menu.Item>
      )}
      {puedeVerVentas && (
        <Menu.Item leftSection={<IconCash size={16} />} onClick={() => void navegar(LISTA_INGRESOS_POS)}>
          Lista de Ingresos
        </Menu.Item>
      )}
      {puedeCobrar && (
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => void navegar(NUEVO_INGRESO_POS)}>
          Nuevo ingreso
        </Menu.Item>
      )}
      {puedeVerVentas && (
        <Menu.Item
          leftSection={<IconReportMoney size={16} />}
          onClick={() => void navegar(CUENTAS_POR_COBRAR_POS)}
        >
          Cuentas por cobrar
        </Menu.Item>
      )}
      {/* Spec 000 §2: «Retiro de Efectivo» (/vistas_pos/lista_retiros, new at /vistas_pos/nuevo_retiro/). */}
      {puedeVerVentas && (
        <Menu.Item leftSection={<IconCashMinus size={16} />} onClick={() => void navegar(LISTA_RETIROS_POS)}>
          Retiro de Efectivo
        </Menu.Item>
      )}
      {puedeCobrar && (
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => void navegar(NUEVO_RETIRO_POS)}>
          Nuevo retiro
        </Menu.Item>
      )}
      {puedeVerVentas && (
        <Menu.Item
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => void navegar(LISTA_DEVOLUCIONES_POS)}
        >
          Devoluciones
        </Menu.Item>
      )}
      {puedeCobrar && (
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => void navegar(NUEVA_DEVOLUCION_POS)}>
          Nueva devolución
        </Menu.Item>
      )}
      {puedeCrearProductos && enLinea && (
        <Menu.Item
          leftSection={<IconPackage size={16} />}
          onClick={() => void navegar('/producto/nuevo_producto')}
        >
          Crear Productos/Servicios
        </Menu.Item>
      )}
      <Menu.Divider />
      <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => void navegar(DETALLES_TURNOS)}>
        Manejar Turnos
      </Menu.Item>
      <Menu.Item
        leftSection={turnoAbierto ? <IconClockStop size={16} /> : <IconClockPlay size={16} />}
        color={turnoAbierto ? 'red' : 'green'}
        onClick={() => void navegar(DETALLES_TURNOS)}
      >
        {turnoAbierto ? 'Cerrar Turno' : 'Abrir Turno'}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconRefresh size={16} />}
        rightSection={pendientes > 0 ? <Badge size="sm">{pendientes}</Badge> : null}
        onClick={panel.open}
      >
        Sincronización pendiente
      </Menu.Item>
      {activa && (
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setRenombrando(activa.numero)}>
          Renombrar {nombreDeBorrador(activa)}
        </Menu.Item>
      )}
      <Menu.Divider />
      <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void cerrarSesion()}>
        Salir del sistema
      </Menu.Item>
    </>
  );

  return (
    <Box
      h="100dvh"
      style={{ display: 'grid', gridTemplateRows: `minmax(0, 1fr) ${ALTO_DE_BARRA}px` }}
      bg="gray.0"
    >
      <Box style={{ overflow: 'auto', minHeight: 0 }}>
        <Outlet />
      </Box>
      <Group component="footer" px={8} gap={8} wrap="nowrap" bg="dark.7" c="white" h={ALTO_DE_BARRA}>
        <UnstyledButton
          onClick={menu.open}
          aria-label="Abrir el menú del punto de venta"
          h={44}
          px={10}
          style={{
            borderRadius: 8,
            background: 'var(--mantine-color-dark-5)',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
          }}
        >
          <IconCashRegister size={24} color="var(--mantine-color-blue-3)" />
          <Text size="sm" fw={700} c="white" visibleFrom="lg" maw={140} truncate>
            {empresa}
          </Text>
        </UnstyledButton>
        {verMenuPos && (
          <Menu position="top-start" offset={10} width={250} shadow="md">
            <Menu.Target>
              <Button h={44} variant="filled" color="blue" rightSection={<IconChevronUp size={16} />}>
                POS
              </Button>
            </Menu.Target>
            <Menu.Dropdown>{itemsDeNavegacion}</Menu.Dropdown>
          </Menu>
        )}
        <Tooltip label="Nueva venta en otra pestaña">
          <ActionIcon
            size={44}
            variant="light"
            color="green"
            aria-label="Agregar pestaña de venta"
            onClick={abrirPestana}
          >
            <IconPlus size={22} />
          </ActionIcon>
        </Tooltip>
        <ScrollArea type="never" style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" role="tablist" aria-label="Ventas abiertas">
            {estado.pestanas.map((borrador) => {
              const seleccionada = borrador.numero === estado.activa && enFacturacion;
              return (
                <Group
                  key={borrador.numero}
                  gap={0}
                  wrap="nowrap"
                  h={44}
                  style={{
                    borderRadius: 8,
                    background: seleccionada ? 'var(--mantine-color-white)' : 'var(--mantine-color-dark-5)',
                    color: seleccionada ? 'var(--mantine-color-dark-7)' : 'var(--mantine-color-gray-2)',
                    flexShrink: 0,
                  }}
                >
                  <UnstyledButton
                    role="tab"
                    aria-selected={seleccionada}
                    onClick={() => irAPestana(borrador.numero)}
                    onDoubleClick={() => setRenombrando(borrador.numero)}
                    px={12}
                    h={44}
                    style={{ color: 'inherit', display: 'flex', alignItems: 'center', gap: 6 }}
                  >
                    <Text size="sm" fw={seleccionada ? 700 : 500} c="inherit" maw={140} truncate>
                      {nombreDeBorrador(borrador)}
                    </Text>
                    {borrador.lineas.length > 0 && (
                      <Badge size="xs" circle color={seleccionada ? 'blue' : 'gray'}>
                        {borrador.lineas.length}
                      </Badge>
                    )}
                  </UnstyledButton>
                  {borrador.numero > 1 && (
                    <ActionIcon
                      variant="transparent"
                      size={32}
                      mr={4}
                      c="inherit"
                      aria-label={`Cerrar ${nombreDeBorrador(borrador)}`}
                      onClick={() => cerrar(borrador.numero)}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
          </Group>
        </ScrollArea>
        {!enLinea && (
          <Badge color="red" size="lg" style={{ flexShrink: 0 }}>
            Facturar Sin conexión
          </Badge>
        )}
        {(!enLinea || pendientes > 0) && (
          <Tooltip label="Sincronización sin conexión">
            <Button
              h={44}
              px={10}
              variant={enLinea ? 'light' : 'filled'}
              color={sinConexion && sinConexion.conteo.apartados > 0 ? 'orange' : enLinea ? 'blue' : 'red'}
              leftSection={enLinea ? <IconRefresh size={18} /> : <IconWifiOff size={18} />}
              onClick={panel.open}
              aria-label="Abrir el panel de sincronización"
              style={{ flexShrink: 0 }}
            >
              {pendientes > 0 ? `${pendientes} por sincronizar` : 'Sin conexión'}
            </Button>
          </Tooltip>
        )}
        <Stack gap={0} visibleFrom="md" style={{ flexShrink: 0, textAlign: 'right' }}>
          <Text size="xs" c="gray.4">
            {perfil?.username ?? ''}
          </Text>
          <Text size="xs" c={turnoAbierto ? 'green.4' : 'red.4'} fw={600}>
            {pos.cargandoTurno
              ? ''
              : turnoAbierto
                ? `Turno abierto · ${pos.nombreTerminal ?? ''}`
                : 'Sin turno'}
          </Text>
        </Stack>
      </Group>

      <Drawer
        opened={menuAbierto}
        onClose={menu.close}
        position="bottom"
        size="auto"
        title={empresa}
        padding="md"
      >
        <Stack gap="sm" pb="md">
          <Group gap="lg">
            <Text size="sm">
              Usuario: <b>{perfil?.username}</b>
            </Text>
            <Text size="sm" c={turnoAbierto ? 'green.8' : 'red.7'}>
              {turnoAbierto ? `Turno abierto en ${pos.nombreTerminal ?? 'el terminal'}` : 'Sin turno abierto'}
            </Text>
          </Group>
          <Divider />
          <Group gap="sm">
            <Button
              size="md"
              variant="light"
              leftSection={<IconHome size={18} />}
              onClick={() => {
                menu.close();
                void navegar('/');
              }}
            >
              Ir a la administración
            </Button>
            <Button
              size="md"
              variant="light"
              leftSection={<IconCashRegister size={18} />}
              onClick={() => {
                menu.close();
                void navegar(FACTURACION_POS);
              }}
            >
              Facturación
            </Button>
            {puedeVerVentas && (
              <Button
                size="md"
                variant="light"
                leftSection={<IconListDetails size={18} />}
                onClick={() => {
                  menu.close();
                  void navegar(LISTA_VENTAS_POS);
                }}
              >
                Lista de Ventas (F10)
              </Button>
            )}
            <Button
              size="md"
              variant="light"
              leftSection={<IconReceipt size={18} />}
              onClick={() => {
                menu.close();
                void navegar(DETALLES_TURNOS);
              }}
            >
              Manejar Turnos
            </Button>
            <Button
              size="md"
              variant="light"
              color="red"
              leftSection={<IconLogout size={18} />}
              onClick={() => {
                menu.close();
                void cerrarSesion();
              }}
            >
              Salir del sistema
            </Button>
          </Group>
        </Stack>
      </Drawer>
      <PanelSinConexion.Componente
        montar={panelAbierto}
        abierto={panelAbierto}
        alCerrar={panel.close}
        turnoActual={pos.turno}
      />
      <ModalRenombrar
        key={renombrando ?? 0}
        nombreActual={renombrada ? renombrada.nombre : null}
        numero={renombrando ?? 0}
        alCerrar={() => setRenombrando(null)}
        alGuardar={(nombre) => {
          if (renombrando !== null) {
            cambiar((actual) => renombrarPestana(actual, renombrando, nombre));
          }
          setRenombrando(null);
        }}
      />
    </Box>
  );
}
