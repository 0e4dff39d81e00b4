import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type DetalleEgreso,
  egresos,
  LineaEgresoEntrada,
  MENSAJE_CAMPOS_BASICOS_EGRESO,
  MENSAJE_EGRESO_NO_ACTUALIZADO,
} from '@pos/contract';
import { aCentavos } from '@pos/domain';
import { IconCashBanknoteOff, IconList, IconWifiOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api/client.ts';
import { useAtajo } from '../../app/atajos.ts';
import { useConexion } from '../../app/Conexion.tsx';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { avisarDuplicado } from '../../ui/duplicidad.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { dinero } from '../../ui/formato.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { contabilidadQueries, cuentasDeDetalle } from '../contabilidad/queries.ts';
import { clasificarRechazo, useTurnoCerradoEnElPos } from '../pos/avisos.tsx';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { DETALLES_TURNOS } from '../pos/rutas.ts';
import { usePuntoDeVenta } from '../pos/usePuntoDeVenta.ts';
import { egresoQueries } from './queries.ts';
import { LISTA_RETIROS_POS, rutaDelReciboDeRetiro } from './rutas.ts';

/**
 * Decision (docs/web.md): a withdrawal needs the server. It takes money out of the shift's cash (the
 * shift's retiroDeEfectivo), which only the server knows and keeps; unlike a sale it is not stored offline.
 */
export const MENSAJE_RETIRO_SIN_CONEXION =
  'Los retiros de efectivo necesitan conexión: el servidor los descuenta del efectivo del turno abierto. Vuelve a intentarlo cuando regrese la conexión.';

/** What the form holds: the amount, the account it goes to (the concept) and a note. */
type Retiro = { importe: number | null; idCuenta: string | null; nota: string };

function retiroDe(detalle: DetalleEgreso): Retiro {
  const [linea] = detalle.res;
  return {
    importe: linea?.importe ?? null,
    idCuenta: linea?.cuentaContableDebito?.idCuenta ?? null,
    nota: linea?.nota ?? '',
  };
}

/**
 * /vistas_pos/nuevo_retiro and /vistas_pos/editar_retiro/{id} (spec 000 §2 «Retiro de Efectivo»): the
 * cashier takes cash out of the drawer on the open shift: a payment out to an account (the concept: a
 * bank deposit, an expense paid in cash…), in cash, from the terminal's cash box (docs/payments.md).
 * Amount, account, note, F12 saves. With the shift closed the POS goes to the shift screen (spec 001 §8).
 */
export default function NuevoRetiroPage() {
  const { id } = useParams();
  const navegar = useNavigate();
  const { enLinea } = useConexion();
  const existente = useQuery({ ...egresoQueries.uno(id ?? ''), enabled: id !== undefined && enLinea });
  const titulo = id
    ? existente.data
      ? `Editar retiro ${existente.data.egresoReferenciadoGral.comprobante}`
      : 'Editar retiro'
    : 'Nuevo retiro de efectivo';
  const encabezado = (
    <EncabezadoPos titulo={titulo}>
      <Button
        variant="default"
        leftSection={<IconList size={16} />}
        onClick={() => void navegar(LISTA_RETIROS_POS)}
      >
        Lista de retiros
      </Button>
    </EncabezadoPos>
  );
  let cuerpo: React.ReactNode;
  if (!enLinea) {
    cuerpo = (
      <Alert
        color="orange"
        variant="light"
        icon={<IconWifiOff size={20} />}
        title="Sin conexión"
        role="alert"
      >
        {MENSAJE_RETIRO_SIN_CONEXION}
      </Alert>
    );
  } else if (id === undefined) {
    cuerpo = <FormularioDeRetiro />;
  } else if (existente.isPending) {
    cuerpo = (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  } else if (existente.isError) {
    cuerpo = <Text c="red">{existente.error.message}</Text>;
  } else if (existente.data.egresoReferenciadoGral.estado !== 'Activo') {
    cuerpo = (
      <Alert
        color="yellow"
        p="xs"
        title={`El retiro ${existente.data.egresoReferenciadoGral.comprobante} no se puede editar`}
      >
        Solo se modifica un retiro activo.
      </Alert>
    );
  } else {
    cuerpo = <FormularioDeRetiro edicion={existente.data} />;
  }
  return (
    <ScrollArea h="100%" type="auto">
      <Stack p="sm" gap="sm" maw={760} mx="auto">
        {encabezado}
        {cuerpo}
      </Stack>
    </ScrollArea>
  );
}

function FormularioDeRetiro({ edicion }: { edicion?: DetalleEgreso }) {
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const turnoCerrado = useTurnoCerradoEnElPos();
  const pos = usePuntoDeVenta();
  const turno = pos.turno;
  const sinTurno = !pos.cargandoTurno && turno === null;
  const catalogo = useQuery(contabilidadQueries.catalogo());
  const opciones = cuentasDeDetalle(catalogo.data?.treeData ?? []).map((c) => ({
    value: c.id,
    label: `${c.codigoDeCuenta} · ${c.nombre}`,
  }));
  const [retiro, setRetiro] = useState<Retiro>(() =>
    edicion ? retiroDe(edicion) : { importe: null, idCuenta: null, nota: '' },
  );
  const [identificadorUnico] = useState(nuevoIdentificador);
  const [guardando, setGuardando] = useState(false);
  const [intentado, setIntentado] = useState(false);
  const recibo = edicion?.egresoReferenciadoGral;

  const errorImporte =
    retiro.importe === null
      ? intentado
        ? 'Escribe el monto que sale de la caja.'
        : null
      : errorDeCampo(LineaEgresoEntrada, 'importe', retiro.importe);
  const errorCuenta = intentado && !retiro.idCuenta ? 'Elige a qué cuenta va el dinero.' : null;
  const errorNota = errorDeCampo(LineaEgresoEntrada, 'nota', retiro.nota);
  // What the drawer should hold now; this withdrawal (on an edit, its change) comes out of it.
  const enCaja = turno
    ? turno.totalEnCaja + (recibo && recibo.idTurnoRef === turno._id ? recibo.total : 0)
    : null;
  const excede = enCaja !== null && retiro.importe !== null && aCentavos(retiro.importe) > aCentavos(enCaja);

  // The withdrawal's concept on its header too (the note, else the account's name): the shift's list and
  // report show payments out by header.
  const nombreDeCuenta = opciones
    .find((o) => o.value === retiro.idCuenta)
    ?.label.split(' · ')
    .slice(1)
    .join(' · ');
  const detalles = retiro.nota.trim() || nombreDeCuenta || '';

  function linea() {
    return {
      ...(edicion?.res[0] ? { _id: edicion.res[0]._id } : {}),
      cuentaContableDebito: { idCuenta: retiro.idCuenta ?? '' },
      importe: retiro.importe ?? 0,
      nota: retiro.nota.trim(),
    };
  }

  async function guardar() {
    setIntentado(true);
    if (guardando || !turno || retiro.importe === null || !retiro.idCuenta || errorImporte || errorNota) {
      return;
    }
    setGuardando(true);
    try {
      let idEgreso: string;
      if (recibo && edicion) {
        const actualizado = await api(egresos.actualizar, {
          body: {
            idEgresosRef: recibo._id,
            update: [linea()],
            eliminar: edicion.res.slice(1).map((l) => l._id),
            detalles,
          },
        });
        idEgreso = actualizado.egresoReferenciadoGral._id;
      } else {
        const creado = await api(egresos.crear, {
          body: {
            identificadorUnico,
            tipoDeEgreso: false,
            formaDePago: 'Efectivo',
            desdeElpos: {
              desdePos: true,
              idTerminalRef: turno.idTerminalRef,
              idUsuarioDelTurno: turno.idUserRef,
            },
            idTurnoRef: turno._id,
            detalles,
            res: [linea()],
          },
        });
        if (creado[0]?.solicitudDuplicada) {
          avisarDuplicado();
        }
        idEgreso = creado[0]?.idEgresosRef ?? '';
      }
      await queryClient.invalidateQueries({ queryKey: egresoQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['turnos'] });
      void navegar(rutaDelReciboDeRetiro(idEgreso), { state: { nuevo: !edicion } });
    } catch (error) {
      const rechazo = clasificarRechazo(error);
      if (rechazo.tipo === 'turnoCerrado') {
        // Spec 001 §8 "Payment out closed shift: as receipt in".
        turnoCerrado(rechazo.mensaje);
      } else {
        notifications.show({
          color: 'red',
          title: edicion ? MENSAJE_EGRESO_NO_ACTUALIZADO : MENSAJE_CAMPOS_BASICOS_EGRESO,
          message: rechazo.mensaje,
          autoClose: 5200,
        });
      }
    } finally {
      setGuardando(false);
    }
  }

  useAtajo('F12', () => void guardar());

  return (
    <Stack gap="sm">
      {sinTurno && (
        <Alert color="red" p="xs" title="No hay un turno abierto">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">Para retirar efectivo en el punto de venta abre tu turno.</Text>
            <Button size="xs" onClick={() => void navegar(DETALLES_TURNOS)}>
              Abrir turno
            </Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void guardar();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <CampoNumerico
                label="Monto a retirar"
                aria-label="Monto a retirar"
                valor={retiro.importe}
                alCambiar={(importe) => setRetiro((r) => ({ ...r, importe }))}
                error={errorImporte ?? undefined}
                min={0}
                decimalScale={2}
                thousandSeparator=","
                prefix="RD$"
                hideControls
                size="md"
                autoFocus
                styles={{ input: { textAlign: 'right', fontWeight: 700 } }}
              />
              <Stack gap={2} justify="flex-end">
                <Text size="xs" c="dimmed">
                  Efectivo esperado en caja
                </Text>
                <Text fw={600} data-testid="efectivo-en-caja">
                  {enCaja === null ? '—' : dinero(enCaja)}
                </Text>
              </Stack>
            </SimpleGrid>
            {excede && (
              <Alert color="yellow" p="xs" icon={<IconCashBanknoteOff size={18} />}>
                El monto es mayor que el efectivo esperado en caja.
              </Alert>
            )}
            <Select
              label="Cuenta (concepto)"
              placeholder="Busca la cuenta: depósito al banco, gasto, pago…"
              data={opciones}
              value={retiro.idCuenta}
              onChange={(idCuenta) => setRetiro((r) => ({ ...r, idCuenta }))}
              searchable
              error={errorCuenta ?? (catalogo.isError ? catalogo.error.message : undefined)}
              nothingFoundMessage="Ninguna cuenta coincide"
            />
            <CampoDeTexto
              label="Nota"
              placeholder="Quién lo recibe y para qué (opcional)"
              value={retiro.nota}
              onChange={(e) => {
                const nota = e.currentTarget.value;
                setRetiro((r) => ({ ...r, nota }));
              }}
              max={largoMaximo(LineaEgresoEntrada, 'nota')}
              error={errorNota ?? undefined}
            />
            <Text size="xs" c="dimmed">
              Sale en efectivo de {turno?.nombreTerminal ?? 'la caja del terminal'} y se descuenta del
              efectivo del turno.
            </Text>
            <Group justify="flex-end">
              <Button type="submit" size="md" color="red" loading={guardando} disabled={!turno}>
                {edicion ? 'Guardar cambios (F12)' : 'Guardar retiro (F12)'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
