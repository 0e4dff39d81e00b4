import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  type ConciliacionResumen,
  type Egreso,
  type Ingreso,
  LIMITE_BANCOS,
  type TransferenciaBancaria,
  tienePermiso,
} from '@pos/contract';
import { IconArrowsExchange, IconChecks, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { rutaDeConciliacion, rutaDeConciliar } from '../conciliaciones/rutas.ts';
import { ModalTransferencia } from './ModalTransferencia.tsx';
import { bancoQueries } from './queries.ts';
import { LISTA_BANCOS, rutaDeEdicion } from './rutas.ts';

const COLUMNAS_INGRESOS: Columna<Ingreso>[] = [
  { titulo: 'Fecha', celda: (i) => fecha(i.fechaDeEmision), ancho: 100 },
  {
    titulo: 'Número',
    celda: (i) => (
      <Text size="sm" ff="monospace">
        {i.comprobante}
      </Text>
    ),
  },
  { titulo: 'Cliente', celda: (i) => i.nombreCliente || '—' },
  { titulo: 'Forma de pago', celda: (i) => i.formaDePago },
  { titulo: 'Monto', celda: (i) => dinero(i.total), alinear: 'right' },
];

const COLUMNAS_EGRESOS: Columna<Egreso>[] = [
  { titulo: 'Fecha', celda: (e) => fecha(e.fechaDeEmision), ancho: 100 },
  {
    titulo: 'Número',
    celda: (e) => (
      <Text size="sm" ff="monospace">
        {e.comprobante}
      </Text>
    ),
  },
  { titulo: 'Proveedor', celda: (e) => e.nombreProveedor || '—' },
  { titulo: 'Forma de pago', celda: (e) => e.formaDePago },
  { titulo: 'Monto', celda: (e) => dinero(e.total), alinear: 'right' },
];

function columnasDeTransferencias(idBanco: string): Columna<TransferenciaBancaria>[] {
  return [
    { titulo: 'Fecha', celda: (t) => fecha(t.fecha), ancho: 100 },
    { titulo: 'Desde', celda: (t) => t.cuentaOrigen.nombre },
    { titulo: 'Hacia', celda: (t) => t.cuentaDestino.nombre },
    { titulo: 'Nota', celda: (t) => t.nota || '—' },
    {
      titulo: 'Monto',
      alinear: 'right',
      // Money out of this bank reads negative, money in positive.
      celda: (t) => (
        <Text size="sm" c={t.cuentaOrigen._id === idBanco ? 'red' : 'teal'}>
          {t.cuentaOrigen._id === idBanco ? `−${dinero(t.monto)}` : dinero(t.monto)}
        </Text>
      ),
    },
  ];
}

/** A closed reconciliation opens its reconciled-account view; the open one, the reconcile screen. */
const rutaDeLaConciliacion = (c: ConciliacionResumen) =>
  c.cerradaEn ? rutaDeConciliacion(c._id) : rutaDeConciliar(c.idCuenta);

const COLUMNAS_CONCILIACIONES: Columna<ConciliacionResumen>[] = [
  {
    titulo: 'Periodo',
    celda: (c) => (
      <Anchor component={Link} to={rutaDeLaConciliacion(c)} size="sm" onClick={(e) => e.stopPropagation()}>
        {`${fecha(c.fechaInicioConciliacion)} – ${fecha(c.fechaFinConciliacion)}`}
      </Anchor>
    ),
  },
  { titulo: 'Saldo inicial', celda: (c) => dinero(c.saldoInicial), alinear: 'right' },
  { titulo: 'Saldo del estado', celda: (c) => dinero(c.saldoFinalDelEstado), alinear: 'right' },
  { titulo: 'Diferencia', celda: (c) => dinero(c.diferencia), alinear: 'right' },
  {
    titulo: 'Estado',
    alinear: 'center',
    celda: (c) => (
      <Badge variant="light" color={c.cerradaEn ? 'green' : 'yellow'}>
        {c.estado}
      </Badge>
    ),
  },
];

function Dato({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/**
 * /bancos/detalles_banco/:id (spec 002 §2: the details load incomes, expenses and reconciliations; §9: 25
 * each): the account and its balance, then one tab per kind of movement, each paged on its own.
 */
export default function DetallesBancoPage() {
  const { id = '' } = useParams();
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [paginas, setPaginas] = useState({
    pageIngresos: 1,
    pageEgresos: 1,
    pageTransferencias: 1,
    pageConciliaciones: 1,
  });
  const [transfiriendo, setTransfiriendo] = useState(false);
  const consulta = useQuery(bancoQueries.detalles(id, paginas));
  const lista = useQuery(bancoQueries.lista());
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'bancos', 'crear');
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'bancos', 'modificar');
  if (consulta.isPending || consulta.error) {
    return <CargandoOError cargando={consulta.isPending} error={consulta.error} />;
  }
  const { cuenta, ingresos, egresos, transferencias, conciliaciones } = consulta.data;
  const pagina = (clave: keyof typeof paginas) => (valor: number) =>
    setPaginas((p) => ({ ...p, [clave]: valor }));
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>{cuenta.nombre}</Title>
          {!cuenta.activo && (
            <Badge color="gray" variant="light">
              Inactiva
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => navegar(LISTA_BANCOS)}>
            Volver
          </Button>
          {puedeModificar && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => navegar(rutaDeEdicion(id))}
            >
              Editar
            </Button>
          )}
          {puedeCrear && cuenta.activo && (
            <BotonEscritura
              variant="default"
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => setTransfiriendo(true)}
            >
              Transferencia
            </BotonEscritura>
          )}
          <BotonEscritura leftSection={<IconChecks size={16} />} onClick={() => navegar(rutaDeConciliar(id))}>
            Conciliar
          </BotonEscritura>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Dato titulo="Número de cuenta">{cuenta.numeroDeCuenta || '—'}</Dato>
          <Dato titulo="Cuenta contable">
            {cuenta.cuentaContable.codigoDeCuenta} {cuenta.cuentaContable.nombre}
          </Dato>
          <Dato titulo="Saldo inicial">
            {dinero(cuenta.montoInicial)} al {fecha(cuenta.fechaInicial)}
          </Dato>
          <Dato titulo="Saldo">
            <Text span fw={700} size="lg">
              {dinero(cuenta.saldoTotal)}
            </Text>
          </Dato>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Tabs defaultValue="ingresos" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="ingresos">Ingresos ({ingresos.totalRows})</Tabs.Tab>
            <Tabs.Tab value="egresos">Pagos ({egresos.totalRows})</Tabs.Tab>
            <Tabs.Tab value="transferencias">Transferencias ({transferencias.totalRows})</Tabs.Tab>
            <Tabs.Tab value="conciliaciones">Conciliaciones ({conciliaciones.totalRows})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="ingresos">
            <TablaLista
              sinSalto
              columnas={COLUMNAS_INGRESOS}
              filas={ingresos.res}
              clave={(i) => i._id}
              vacio="Ningún recibo de ingreso ha entrado a esta cuenta."
              total={ingresos.totalRows}
              pagina={paginas.pageIngresos}
              porPagina={LIMITE_BANCOS}
              alCambiarPagina={pagina('pageIngresos')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="egresos">
            <TablaLista
              sinSalto
              columnas={COLUMNAS_EGRESOS}
              filas={egresos.res}
              clave={(e) => e._id}
              vacio="Ningún recibo de egreso ha salido de esta cuenta."
              total={egresos.totalRows}
              pagina={paginas.pageEgresos}
              porPagina={LIMITE_BANCOS}
              alCambiarPagina={pagina('pageEgresos')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="transferencias">
            <TablaLista
              sinSalto
              columnas={columnasDeTransferencias(id)}
              filas={transferencias.res}
              clave={(t) => t._id}
              vacio="Esta cuenta no tiene transferencias."
              total={transferencias.totalRows}
              pagina={paginas.pageTransferencias}
              porPagina={LIMITE_BANCOS}
              alCambiarPagina={pagina('pageTransferencias')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="conciliaciones">
            <TablaLista
              sinSalto
              columnas={COLUMNAS_CONCILIACIONES}
              filas={conciliaciones.res}
              clave={(c) => c._id}
              alElegir={(c) => navegar(rutaDeLaConciliacion(c))}
              vacio="Esta cuenta todavía no tiene conciliaciones."
              total={conciliaciones.totalRows}
              pagina={paginas.pageConciliaciones}
              porPagina={LIMITE_BANCOS}
              alCambiarPagina={pagina('pageConciliaciones')}
            />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <ModalTransferencia
        abierto={transfiriendo}
        alCerrar={() => setTransfiriendo(false)}
        cuentas={lista.data?.cuentas ?? []}
        origen={id}
      />
    </Stack>
  );
}
