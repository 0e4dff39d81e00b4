import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CLAVES, CLAVES_DE_ASIGNACION, type ClaveDeAsignacion } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Cargando } from '../../ui/Cargando.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { TIPOS_DE_CUENTA } from './etiquetas.ts';
import { contabilidadQueries, cuentasDeDetalle, useGuardarAsignacion } from './queries.ts';

type Elegidas = Partial<Record<ClaveDeAsignacion, string | null>>;

// The postings grouped as an accountant reads them.
const GRUPOS: Array<{ titulo: string; claves: ClaveDeAsignacion[] }> = [
  {
    titulo: 'Caja, bancos y cobros',
    claves: ['cajaGeneral', 'cajaChica', 'bancos', 'tarjetasDeCredito', 'tarjetasDeDebito', 'transferencias'],
  },
  {
    titulo: 'Clientes, proveedores e inventario',
    claves: [
      'cuentasPorCobrarClientes',
      'cuentasPorPagarProveedores',
      'anticiposAProveedores',
      'anticiposDeClientes',
      'inventario',
      'ajustesPorSaldosIniciales',
    ],
  },
  {
    titulo: 'Impuestos y retenciones',
    claves: [
      'itbisPorPagar',
      'itbisAdelantado',
      'itbisRetenidoPorTerceros',
      'isrRetenidoPorTerceros',
      'itbisRetenidoPorPagar',
      'isrRetenidoPorPagar',
      'iscPorPagar',
      'otrosImpuestosPorPagar',
      'propinaLegalPorPagar',
    ],
  },
];
const AGRUPADAS = new Set(GRUPOS.flatMap((g) => g.claves));
GRUPOS.push({ titulo: 'Ingresos, costos y gastos', claves: CLAVES.filter((c) => !AGRUPADAS.has(c)) });

/** /configuraciones/asignacion_cuentas_contables/principal: which detail account each posting uses. */
export default function AsignacionPage() {
  const catalogo = useQuery(contabilidadQueries.catalogo());
  const asignacion = useQuery(contabilidadQueries.asignacion());
  const guardar = useGuardarAsignacion();
  const [elegidas, setElegidas] = useState<Elegidas>({});

  const actual = asignacion.data;
  useEffect(() => {
    if (actual) {
      setElegidas(Object.fromEntries(CLAVES.map((c) => [c, actual[c]?.idCuenta ?? null])));
    }
  }, [actual]);

  if (catalogo.isPending || asignacion.isPending) {
    return <Cargando />;
  }
  if (catalogo.error || asignacion.error || !catalogo.data || !actual) {
    return (
      <Text c="red" role="alert">
        {(catalogo.error ?? asignacion.error)?.message ?? 'No se pudo cargar la asignación.'}
      </Text>
    );
  }

  const opciones = cuentasDeDetalle(catalogo.data.treeData).map((c) => ({
    value: c.id,
    label: `${c.codigoDeCuenta} · ${c.nombre}`,
    tipo: c.tipo,
  }));
  const cambiadas = CLAVES.filter((c) => (elegidas[c] ?? null) !== (actual[c]?.idCuenta ?? null));

  async function enviar() {
    const cuerpo = Object.fromEntries(
      cambiadas.flatMap((c) => {
        const id = elegidas[c];
        return id ? [[c, { idCuenta: id }]] : [];
      }),
    );
    try {
      await guardar.mutateAsync(cuerpo);
      avisarGuardado('Asignación de cuentas guardada.');
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se actualizó');
    }
  }

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>Asignación de cuentas contables</Title>
          <Text size="sm" c="dimmed">
            La cuenta de detalle que usa cada asiento que generan los documentos.
          </Text>
        </div>
        <Group gap="xs">
          {cambiadas.length > 0 && (
            <Button
              variant="default"
              onClick={() =>
                setElegidas(Object.fromEntries(CLAVES.map((c) => [c, actual[c]?.idCuenta ?? null])))
              }
            >
              Descartar
            </Button>
          )}
          <BotonEscritura
            disabled={cambiadas.length === 0}
            loading={guardar.isPending}
            onClick={() => void enviar()}
          >
            Guardar{cambiadas.length > 0 ? ` (${cambiadas.length})` : ''}
          </BotonEscritura>
        </Group>
      </Group>
      {GRUPOS.map((grupo) => (
        <Paper key={grupo.titulo} withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {grupo.titulo}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            {grupo.claves.map((clave) => {
              const elegida = elegidas[clave] ?? null;
              const tipo = opciones.find((o) => o.value === elegida)?.tipo;
              return (
                <Select
                  key={clave}
                  label={CLAVES_DE_ASIGNACION[clave]}
                  description={tipo ? TIPOS_DE_CUENTA[tipo].nombre : 'Sin asignar'}
                  placeholder="Elige una cuenta de detalle"
                  data={opciones}
                  searchable
                  nothingFoundMessage="Ninguna cuenta coincide"
                  value={elegida}
                  onChange={(v) => setElegidas((e) => ({ ...e, [clave]: v }))}
                  allowDeselect={false}
                  maxDropdownHeight={280}
                />
              );
            })}
          </SimpleGrid>
        </Paper>
      ))}
      <Group justify="flex-end">
        <BotonEscritura
          disabled={cambiadas.length === 0}
          loading={guardar.isPending}
          onClick={() => void enviar()}
        >
          Guardar{cambiadas.length > 0 ? ` (${cambiadas.length})` : ''}
        </BotonEscritura>
      </Group>
    </Stack>
  );
}
