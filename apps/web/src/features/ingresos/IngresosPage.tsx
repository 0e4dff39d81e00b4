import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ingreso, LIMITE_INGRESOS, tienePermiso } from '@pos/contract';
import { IconPlus, IconReportMoney } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../../ui/BuscadorDeLista.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { rutaDeEstadoDeCuenta } from '../estadosDeCuenta/rutas.ts';
import { estadoDeIngreso, nombreDeFormaDePago } from './etiquetas.ts';
import { ModalIngreso } from './ModalIngreso.tsx';
import { ingresoQueries } from './queries.ts';
import { NUEVO_INGRESO } from './rutas.ts';

export function EstadoDeIngreso({ ingreso }: { ingreso: Pick<Ingreso, 'estado'> }) {
  const { texto, color } = estadoDeIngreso(ingreso);
  return (
    <Badge color={color} variant="light" size="sm">
      {texto}
    </Badge>
  );
}

export const COLUMNAS_DE_INGRESOS: Columna<Ingreso>[] = [
  { titulo: 'Fecha', celda: (i) => fecha(i.fechaDeEmision), ancho: 100 },
  {
    titulo: 'Número',
    celda: (i) => (
      <Text size="sm" fw={500} ff="monospace">
        {i.comprobante}
      </Text>
    ),
  },
  {
    titulo: 'Cliente',
    celda: (i) => (
      <Text size="sm" truncate="end" maw={320}>
        {i.nombreCliente || '—'}
        {i.desdeElpos.desdePos ? ' · POS' : ''}
      </Text>
    ),
  },
  { titulo: 'Forma de pago', celda: (i) => nombreDeFormaDePago(i.formaDePago) },
  { titulo: 'Total', celda: (i) => dinero(i.total), alinear: 'right' },
  { titulo: 'Estado', celda: (i) => <EstadoDeIngreso ingreso={i} />, alinear: 'center' },
  { titulo: 'Creado por', celda: (i) => i.creadoPor || '—' },
];

type Vista = 'activos' | 'auditoria';

/** /pagos_ingresos/lista_pagos_ingresos: receipts in, 35 a page, with search, period and the audit view. */
export default function IngresosPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [vista, setVista] = useState<Vista>('activos');
  const [pagina, setPagina] = useState(1);
  const [viendo, setViendo] = useState<string | null>(null);
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const consulta = useQuery({
    ...ingresoQueries.lista({
      input,
      page: pagina,
      limit: LIMITE_INGRESOS,
      buscarPorEstado: vista === 'auditoria',
      ...filtroDePeriodo(periodo),
    }),
    enabled: !rangoIncompleto,
  });
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'ingresos', 'crear');
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  const vacio = rangoIncompleto
    ? 'Elige el día inicial y el final del rango.'
    : vista === 'auditoria'
      ? 'No hay recibos anulados ni por anular.'
      : input || periodo.tipo !== 'todo'
        ? 'Ningún recibo coincide con la búsqueda.'
        : 'Todavía no hay recibos de ingreso.';
  return (
    <DisenoListaModulo
      titulo="Pagos e ingresos"
      acciones={
        <>
          <Button
            variant="default"
            leftSection={<IconReportMoney size={16} />}
            onClick={() => navegar(rutaDeEstadoDeCuenta())}
          >
            Estado de cuenta
          </Button>
          {puedeCrear && (
            <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_INGRESO)}>
              Nuevo recibo
            </BotonEscritura>
          )}
        </>
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-start" justify="space-between">
          <Group gap="sm" wrap="wrap" align="flex-start" style={{ flex: 1 }}>
            <BuscadorDeLista
              valor={busqueda}
              alCambiar={reiniciar(setBusqueda)}
              buscando={consulta.isFetching && !consulta.isPending}
              placeholder="Buscar por número o cliente"
              etiqueta="Buscar recibo"
            />
            <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
          </Group>
          <SegmentedControl
            aria-label="Vista"
            data={[
              { value: 'activos', label: 'Recibos' },
              { value: 'auditoria', label: 'Anulados y por anular' },
            ]}
            value={vista}
            onChange={reiniciar((v: string) => setVista(v as Vista))}
            w={{ base: '100%', sm: 'auto' }}
          />
        </Group>
        <TablaLista
          sinSalto
          columnas={COLUMNAS_DE_INGRESOS}
          filas={rangoIncompleto ? [] : consulta.data?.res}
          clave={(i) => i._id}
          cargando={consulta.isPending && !rangoIncompleto}
          error={consulta.error}
          vacio={vacio}
          total={consulta.data?.totalRows}
          pagina={pagina}
          porPagina={LIMITE_INGRESOS}
          alCambiarPagina={setPagina}
          alElegir={(i) => setViendo(i._id)}
        />
      </Stack>
      <ModalIngreso id={viendo} alCerrar={() => setViendo(null)} />
    </DisenoListaModulo>
  );
}
