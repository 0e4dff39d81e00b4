import {
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type ConciliacionResumen,
  LIMITE_MOVIMIENTOS_CONCILIACION,
  MENSAJE_BANCO_CONCILIADO,
  MENSAJE_CONCILIACION_ACTUALIZADA,
  type MovimientoConciliacion,
  TITULO_ERROR_CONCILIACION,
} from '@pos/contract';
import { IconChecks, IconDeviceFloppy, IconFileImport, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { ModalConciliar } from './ModalConciliar.tsx';
import { COLUMNAS_DE_MOVIMIENTO, FigurasDeConciliacion } from './partes.tsx';
import {
  conciliacionQueries,
  type FiltroDeMovimientos,
  useCerrarConciliacion,
  useGuardarMarcas,
  useImportarEstado,
} from './queries.ts';
import { LISTA_BANCOS_TRAS_CERRAR } from './rutas.ts';
import { type Marca, totalesEnVivo } from './totales.ts';

/**
 * /bancos/conciliar_cuenta/:id (spec 002 §2, §4): with no open reconciliation the reconcile modal opens
 * (period, statement balance, interest, fees); then the account's movements, each with its checkbox,
 * the live totals and the difference, «Guardar» and «Cerrar conciliación».
 */
export default function ConciliarCuentaPage() {
  const { id = '' } = useParams();
  const navegar = useNavigate();
  const inicio = useQuery(conciliacionQueries.inicio(id));
  const [modal, setModal] = useState<boolean | null>(null);
  if (inicio.isPending || inicio.error) {
    return <CargandoOError cargando={inicio.isPending} error={inicio.error} />;
  }
  const { conciliacion, nombreCuenta, saldoInicial, fechaInicioConciliacion } = inicio.data;
  const abierto = modal ?? !conciliacion;
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Title order={2}>Conciliar {nombreCuenta}</Title>
          {conciliacion && (
            <Text size="sm" c="dimmed">
              Estado del {fecha(conciliacion.fechaInicioConciliacion)} al{' '}
              {fecha(conciliacion.fechaFinConciliacion)}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => navegar(-1)}>
            Volver
          </Button>
          {conciliacion ? (
            <BotonEscritura
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setModal(true)}
            >
              Datos del estado
            </BotonEscritura>
          ) : (
            <BotonEscritura leftSection={<IconChecks size={16} />} onClick={() => setModal(true)}>
              Conciliar
            </BotonEscritura>
          )}
        </Group>
      </Group>
      {conciliacion ? (
        <Conciliacion key={conciliacion._id} conciliacion={conciliacion} />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            Esta cuenta no tiene una conciliación abierta. Pulsa «Conciliar» e indica el periodo y el saldo
            final del estado de cuenta del banco.
          </Text>
        </Paper>
      )}
      <ModalConciliar
        abierto={abierto}
        alCerrar={() => setModal(false)}
        idCuenta={id}
        saldoInicial={saldoInicial}
        fechaInicio={fechaInicioConciliacion}
        conciliacion={conciliacion}
      />
    </Stack>
  );
}

function Conciliacion({ conciliacion }: { conciliacion: ConciliacionResumen }) {
  const navegar = useNavigate();
  const [filtro, setFiltro] = useState<FiltroDeMovimientos>({
    filtrarPor: 'todos',
    conciliado: null,
    page: 1,
  });
  // Ticks changed on screen and not saved yet, by journal line.
  const [marcas, setMarcas] = useState<Map<string, Marca>>(new Map());
  const movimientos = useQuery(conciliacionQueries.movimientos(conciliacion._id, filtro));
  const guardar = useGuardarMarcas();
  const cerrar = useCerrarConciliacion();
  const importar = useImportarEstado();
  const vivo = totalesEnVivo(conciliacion, conciliacion, [...marcas.values()]);

  const marcado = (m: MovimientoConciliacion) =>
    marcas.get(m._id)?.conciliacionVerificada ?? m.conciliacionVerificada;
  function alternar(m: MovimientoConciliacion) {
    const nuevo = !marcado(m);
    setMarcas((actuales) => {
      const siguientes = new Map(actuales);
      if (nuevo === m.conciliacionVerificada) {
        siguientes.delete(m._id);
      } else {
        siguientes.set(m._id, { _id: m._id, tipo: m.tipo, monto: m.monto, conciliacionVerificada: nuevo });
      }
      return siguientes;
    });
  }

  const lista = () =>
    [...marcas.values()].map(({ _id, conciliacionVerificada }) => ({ _id, conciliacionVerificada }));

  async function alGuardar() {
    try {
      await guardar.mutateAsync({ idConciliacion: conciliacion._id, marcas: lista() });
      setMarcas(new Map());
      notifications.show({ color: 'green', message: MENSAJE_CONCILIACION_ACTUALIZADA });
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, TITULO_ERROR_CONCILIACION);
    }
  }

  // The bank's statement (CSV or XLSX) ticks the movements of the same amount and a close date.
  async function alImportar(archivo: File | null) {
    if (!archivo) {
      return;
    }
    try {
      const r = await importar.mutateAsync({ idConciliacion: conciliacion._id, archivo });
      const faltan = r.sinCoincidencia.length;
      notifications.show({
        color: faltan ? 'yellow' : 'green',
        message: faltan ? `${r.message} ${faltan} sin coincidencia: revísalos a mano.` : r.message,
        autoClose: 6000,
      });
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, TITULO_ERROR_CONCILIACION);
    }
  }

  async function alCerrar() {
    try {
      // Spec 002 §4: the close sends the payload plus the verified movements.
      const respuesta = await cerrar.mutateAsync({ idConciliacion: conciliacion._id, movimientos: lista() });
      notifications.show({ color: 'green', message: respuesta.message || MENSAJE_BANCO_CONCILIADO });
      void navegar(LISTA_BANCOS_TRAS_CERRAR);
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, TITULO_ERROR_CONCILIACION);
    }
  }

  const columnas: Columna<MovimientoConciliacion>[] = [
    {
      titulo: 'Verificado',
      alinear: 'center',
      ancho: 90,
      celda: (m) => (
        <Checkbox
          aria-label={`Verificar ${m.comprobante || `asiento ${m.numeroAsiento}`} del ${fecha(m.fecha)}`}
          checked={marcado(m)}
          onChange={() => alternar(m)}
          styles={{ body: { justifyContent: 'center' } }}
        />
      ),
    },
    ...COLUMNAS_DE_MOVIMIENTO,
  ];

  return (
    <>
      <FigurasDeConciliacion figuras={{ ...conciliacion, ...vivo }} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
          <Group gap="sm">
            <SegmentedControl
              aria-label="Tipo de movimiento"
              size="xs"
              value={filtro.filtrarPor}
              onChange={(valor) =>
                setFiltro((f) => ({ ...f, filtrarPor: valor as FiltroDeMovimientos['filtrarPor'], page: 1 }))
              }
              data={[
                { label: 'Todos', value: 'todos' },
                { label: 'Ingresos', value: 'ingresos' },
                { label: 'Pagos', value: 'egresos' },
              ]}
            />
            <SegmentedControl
              aria-label="Verificación"
              size="xs"
              value={filtro.conciliado === null ? 'todos' : filtro.conciliado ? 'si' : 'no'}
              onChange={(valor) =>
                setFiltro((f) => ({ ...f, conciliado: valor === 'todos' ? null : valor === 'si', page: 1 }))
              }
              data={[
                { label: 'Todos', value: 'todos' },
                { label: 'Verificados', value: 'si' },
                { label: 'Sin verificar', value: 'no' },
              ]}
            />
          </Group>
          <Group gap="xs">
            <FileButton onChange={(archivo) => void alImportar(archivo)} accept=".csv,.xlsx,text/csv">
              {(props) => (
                <BotonEscritura
                  {...props}
                  variant="default"
                  leftSection={<IconFileImport size={16} />}
                  loading={importar.isPending}
                >
                  Importar estado
                </BotonEscritura>
              )}
            </FileButton>
            <BotonEscritura
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={marcas.size === 0}
              loading={guardar.isPending}
              onClick={() => void alGuardar()}
            >
              Guardar
            </BotonEscritura>
            <BotonEscritura
              color="green"
              leftSection={<IconChecks size={16} />}
              disabled={!vivo.cuadra}
              loading={cerrar.isPending}
              onClick={() => void alCerrar()}
            >
              Cerrar conciliación
            </BotonEscritura>
          </Group>
        </Group>
        {!vivo.cuadra && (
          <Text size="sm" c="dimmed" mb="xs">
            Marca los movimientos que aparecen en el estado del banco; la conciliación se cierra cuando la
            diferencia es 0.
          </Text>
        )}
        <TablaLista
          columnas={columnas}
          filas={movimientos.data?.data}
          clave={(m) => m._id}
          cargando={movimientos.isPending}
          error={movimientos.error}
          vacio="No hay movimientos en este periodo."
          total={movimientos.data?.totalRows}
          pagina={filtro.page}
          porPagina={LIMITE_MOVIMIENTOS_CONCILIACION}
          alCambiarPagina={(page) => setFiltro((f) => ({ ...f, page }))}
        />
      </Paper>
    </>
  );
}
