import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Contacto } from '@pos/contract';
import { IconArrowLeft, IconEdit, IconInfoCircle, IconReportMoney } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Cargando } from '../../ui/Cargando.tsx';
import { dinero, fechaHora, porcentaje } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { rutaDeEstadoDeCuenta } from '../estadosDeCuenta/rutas.ts';
import { AccionesDeCliente } from './AccionesDeCliente.tsx';
import { LISTA_DE_CLIENTES } from './ClientePage.tsx';
import { COLOR_DE_ESTADO, ESTADOS, nombreCompleto, TIPOS } from './etiquetas.ts';
import { contactoQueries, rutaQueries, seleccionQueries } from './queries.ts';

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {etiqueta}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children === '' || children === null || children === undefined ? '—' : children}
      </Text>
    </div>
  );
}

function cuenta(c: Contacto['cuentaPorCobrar']): string {
  return c ? `${c.codigoDeCuenta} · ${c.nombre}` : 'La de la asignación contable';
}

/** /cliente/vista_cliente?id=…: the contact's data, read-only. */
export default function VistaClientePage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const navegar = useNavigate();
  const consulta = useQuery({ ...contactoQueries.uno(id), enabled: id !== '' });
  const rutas = useQuery(rutaQueries.todas());
  const listas = useQuery(seleccionQueries.listasDePrecio());
  const c = consulta.data;
  if (consulta.isPending && id !== '') {
    return <Cargando />;
  }
  if (!c) {
    return (
      <Text c="red" role="alert">
        {consulta.error?.message ?? 'Falta el contacto que se quiere ver.'}
      </Text>
    );
  }
  const ruta = rutas.data?.find((r) => r._id === c.idRuta);
  const lista = listas.data?.find((l) => l._id === c.idListaDePrecio);
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>{nombreCompleto(c)}</Title>
          <Badge color={COLOR_DE_ESTADO[c.estado]} variant="light">
            {ESTADOS[c.estado]}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navegar(LISTA_DE_CLIENTES)}
          >
            Volver
          </Button>
          {c.tipoDeContacto !== 'proveedor' && (
            <Button
              variant="default"
              leftSection={<IconReportMoney size={16} />}
              onClick={() => navegar(rutaDeEstadoDeCuenta(c._id))}
            >
              Estado de cuenta
            </Button>
          )}
          <AccionesDeCliente contacto={c} alEliminar={() => void navegar(LISTA_DE_CLIENTES)} />
          {c.estado !== 'Anulado' && (
            <BotonEscritura
              leftSection={<IconEdit size={16} />}
              onClick={() => navegar(`/cliente/editarCliente?id=${c._id}`)}
            >
              Editar
            </BotonEscritura>
          )}
        </Group>
      </Group>
      {c.estado !== 'Activo' && (
        <Alert color={COLOR_DE_ESTADO[c.estado]} variant="light" icon={<IconInfoCircle size={18} />}>
          {c.estado === 'Por-Anular' ? 'Anulación pendiente de aprobación' : 'Contacto anulado'}
          {c.notaAnular ? `: «${c.notaAnular}»` : ''}
          {c.notaAutorizacion ? ` · Supervisor: «${c.notaAutorizacion}»` : ''}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
            <Dato etiqueta="Tipo">{TIPOS[c.tipoDeContacto]}</Dato>
            <Dato etiqueta={c.tipoDeIdentificacion || 'Identificación'}>{c.rnc}</Dato>
            <Dato etiqueta="Comprobante predeterminado">{c.ncfPredeterminado}</Dato>
            <Dato etiqueta="Función">{c.funcionEnLaEmpresa.replaceAll('-', ' ')}</Dato>
            <Dato etiqueta="Teléfono">{c.telefono}</Dato>
            <Dato etiqueta="Móvil">{c.movil}</Dato>
            <Dato etiqueta="Correo">{c.correo}</Dato>
            <Dato etiqueta="Dirección">{c.direccion}</Dato>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
            <Dato etiqueta="Límite de crédito">
              {c.limiteCredito > 0 ? dinero(c.limiteCredito) : 'Sin límite'}
            </Dato>
            <Dato etiqueta="Días de crédito">{String(c.diasDeCredito)}</Dato>
            <Dato etiqueta="Lista de precio">
              {lista?.nombre ?? (c.idListaDePrecio ? '…' : 'La predeterminada')}
            </Dato>
            <Dato etiqueta="Ruta">{ruta?.nombre ?? (c.idRuta ? '…' : '')}</Dato>
            <Dato etiqueta="Socio">
              {c.socio ? `Sí · ${porcentaje(c.descuentoParaSocios)} de descuento` : 'No'}
            </Dato>
            <Dato etiqueta="Revendedor">{c.revendedor ? 'Sí' : 'No'}</Dato>
            <Dato etiqueta="Cuenta por cobrar">{cuenta(c.cuentaPorCobrar)}</Dato>
            <Dato etiqueta="Cuenta por pagar">{cuenta(c.cuentaPorPagar)}</Dato>
          </SimpleGrid>
          <Dato etiqueta="Nota">{c.nota}</Dato>
          <Text size="xs" c="dimmed">
            Creado el {fechaHora(c.creadoEn)} · actualizado el {fechaHora(c.actualizadoEn)}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
