import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  FacturaEntrada,
  METODOS_DE_PAGO_FACTURA,
  type MetodoDePagoFactura,
  type MetodoSimple,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import {
  IconArrowsSplit2,
  IconBuildingBank,
  IconCash,
  IconCreditCard,
  IconCreditCardPay,
  IconReceipt2,
} from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { dinero } from '../../ui/formato.ts';
import { BotonCreditosAFavor } from '../creditos/BotonCreditosAFavor.tsx';
import type { ClienteDelBorrador } from './borrador.ts';
import {
  montosRapidos,
  PARTES_DE_MIXTO,
  type PagoDelBorrador,
  porPagarConDinero,
  resumirPago,
  usaTarjeta,
} from './pago.ts';

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  total: Centavos;
  pago: PagoDelBorrador;
  alCambiarPago: (pago: PagoDelBorrador) => void;
  cliente: ClienteDelBorrador | null;
  enviando: boolean;
  alConfirmar: () => void;
};

const ICONOS: Record<MetodoDePagoFactura, ReactNode> = {
  Efectivo: <IconCash size={22} />,
  Tarjeta: <IconCreditCard size={22} />,
  'Tarjeta-Debito': <IconCreditCardPay size={22} />,
  Transferencia: <IconBuildingBank size={22} />,
  Cheque: <IconReceipt2 size={22} />,
  Mixto: <IconArrowsSplit2 size={22} />,
};

const NOMBRES: Record<MetodoDePagoFactura, string> = {
  Efectivo: 'Efectivo',
  Tarjeta: 'Tarjeta de crédito',
  'Tarjeta-Debito': 'Tarjeta de débito',
  Transferencia: 'Transferencia',
  Cheque: 'Cheque',
  Mixto: 'Mixto',
};

/** A quick amount without cents when it is round (RD$2,500). */
function montoRedondo(monto: number): string {
  return dinero(monto).replace(/\.00$/, '');
}

/** Why a payment cannot be confirmed yet, or null when it can. */
export function motivoParaNoCobrar(
  resumen: ReturnType<typeof resumirPago>,
  cliente: ClienteDelBorrador | null,
): string | null {
  if (resumen.error) {
    return resumen.error;
  }
  // Spec 001 §3: what is not paid becomes a receivable (Por Cobrar), which needs a known customer.
  if (resumen.restante > 0 && cliente === null) {
    return `Faltan ${dinero(aPesos(resumen.restante))}. Para vender a crédito elige un cliente.`;
  }
  return null;
}

/**
 * The charge modal (F12): payment method, cash received with quick amounts and the change shown large,
 * a Mixto split with what remains, the card approval number. Enter confirms.
 */
export function ModalCobro({
  abierto,
  alCerrar,
  total,
  pago,
  alCambiarPago,
  cliente,
  enviando,
  alConfirmar,
}: Props) {
  // Spec 001 §3: credits in favour pay part or all of the sale; money pays the rest.
  const aPagar = porPagarConDinero(pago, total);
  const resumen = resumirPago(pago, aPagar);
  const motivo = motivoParaNoCobrar(resumen, cliente);

  // Spec 001 §4: after choosing the payment method, received amounts reset.
  function elegirMetodo(metodo: MetodoDePagoFactura) {
    alCambiarPago({ ...pago, metodo, montos: {} });
  }

  function cambiarMonto(metodo: MetodoSimple, valor: string | number) {
    const montos = { ...pago.montos };
    if (valor === '' || Number.isNaN(Number(valor))) {
      delete montos[metodo];
    } else {
      montos[metodo] = Number(valor);
    }
    alCambiarPago({ ...pago, montos });
  }

  function confirmar(evento: FormEvent) {
    evento.preventDefault();
    if (motivo === null && !enviando) {
      alConfirmar();
    }
  }

  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      title="Cobrar"
      size="lg"
      centered
      returnFocus
      closeOnClickOutside={!enviando}
    >
      <form onSubmit={confirmar}>
        <Stack gap="sm">
          <Paper bg="dark.7" c="white" px="md" py="sm" radius="md">
            <Group justify="space-between" align="center">
              <Text size="sm" tt="uppercase" fw={700} c="gray.4">
                Total a pagar
              </Text>
              <Text fz={32} fw={800} lh={1} aria-label="Total a pagar">
                {dinero(aPesos(total))}
              </Text>
            </Group>
            {aPagar < total && (
              <Group justify="space-between" align="center">
                <Text size="sm" c="gray.4">
                  Con dinero (después del crédito a favor)
                </Text>
                <Text fz={20} fw={700} aria-label="Por pagar con dinero">
                  {dinero(aPesos(aPagar))}
                </Text>
              </Group>
            )}
          </Paper>

          <BotonCreditosAFavor
            idCliente={cliente && !cliente.sinSincronizar ? cliente._id : null}
            nombreCliente={cliente?.nombre ?? ''}
            maximo={total}
            elegidos={pago.creditos ?? []}
            alCambiar={(creditos) => alCambiarPago({ ...pago, creditos, montos: {} })}
          />

          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing={6} role="radiogroup" aria-label="Método de pago">
            {METODOS_DE_PAGO_FACTURA.map((metodo) => {
              const activo = pago.metodo === metodo;
              return (
                <UnstyledButton
                  key={metodo}
                  role="radio"
                  aria-checked={activo}
                  onClick={() => elegirMetodo(metodo)}
                  px={4}
                  py={6}
                  style={{
                    borderRadius: 8,
                    border: `2px solid var(--mantine-color-${activo ? 'blue-6' : 'gray-3'})`,
                    background: activo ? 'var(--mantine-color-blue-0)' : undefined,
                    minHeight: 58,
                  }}
                >
                  <Stack gap={2} align="center">
                    <Box c={activo ? 'blue.7' : 'gray.7'} h={22}>
                      {ICONOS[metodo]}
                    </Box>
                    <Text size="xs" fw={activo ? 700 : 500} ta="center" lh={1.15}>
                      {NOMBRES[metodo]}
                    </Text>
                  </Stack>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>

          {pago.metodo === 'Efectivo' && (
            <Stack gap={6}>
              <CampoNumerico
                label="Efectivo recibido (vacío = monto exacto)"
                placeholder={dinero(aPesos(aPagar))}
                valor={pago.montos.Efectivo ?? null}
                alCambiar={(valor) => cambiarMonto('Efectivo', valor ?? '')}
                error={
                  errorDeCampo(FacturaEntrada, 'efectivoRecibido', pago.montos.Efectivo ?? 0) ?? undefined
                }
                min={0}
                decimalScale={2}
                thousandSeparator=","
                prefix="RD$"
                size="lg"
                data-autofocus
                onFocus={(e) => e.currentTarget.select()}
              />
              <SimpleGrid cols={5} spacing={6}>
                {montosRapidos(aPagar).map((monto, indice) => (
                  <Button
                    key={monto}
                    variant={indice === 0 ? 'light' : 'default'}
                    size="sm"
                    px={4}
                    onClick={() => cambiarMonto('Efectivo', monto)}
                  >
                    {indice === 0 ? 'Exacto' : montoRedondo(monto)}
                  </Button>
                ))}
              </SimpleGrid>
            </Stack>
          )}

          {pago.metodo === 'Mixto' && (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={6}>
              {PARTES_DE_MIXTO.map((metodo, indice) => (
                <CampoNumerico
                  key={metodo}
                  label={NOMBRES[metodo]}
                  valor={pago.montos[metodo] ?? null}
                  alCambiar={(valor) => cambiarMonto(metodo, valor ?? '')}
                  // Each part is checked as the contract field it is sent in (formaDePagoTotalEnTransferencia…).
                  error={
                    errorDeCampo(
                      FacturaEntrada,
                      `formaDePagoTotalEn${metodo.replace('-', '')}`,
                      pago.montos[metodo] ?? 0,
                    ) ?? undefined
                  }
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  prefix="RD$"
                  data-autofocus={indice === 0 || undefined}
                  onFocus={(e) => e.currentTarget.select()}
                  rightSectionWidth={56}
                  rightSection={
                    resumen.restante > 0 ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        tabIndex={-1}
                        onClick={() =>
                          cambiarMonto(
                            metodo,
                            aPesos((resumen.restante + aCentavos(pago.montos[metodo] ?? 0)) as Centavos),
                          )
                        }
                      >
                        Resto
                      </Button>
                    ) : null
                  }
                />
              ))}
              {usaTarjeta(pago) && (
                <CampoDeTexto
                  label="Aprobación de tarjeta"
                  value={pago.numeroDeAprobacion}
                  onChange={(e) => alCambiarPago({ ...pago, numeroDeAprobacion: e.currentTarget.value })}
                  max={largoMaximo(FacturaEntrada, 'numeroDeAprobacionTarjeta')}
                  error={
                    errorDeCampo(FacturaEntrada, 'numeroDeAprobacionTarjeta', pago.numeroDeAprobacion) ??
                    undefined
                  }
                  autoComplete="off"
                />
              )}
            </SimpleGrid>
          )}

          {usaTarjeta(pago) && pago.metodo !== 'Mixto' && (
            <CampoDeTexto
              label="Número de aprobación de la tarjeta"
              value={pago.numeroDeAprobacion}
              onChange={(e) => alCambiarPago({ ...pago, numeroDeAprobacion: e.currentTarget.value })}
              max={largoMaximo(FacturaEntrada, 'numeroDeAprobacionTarjeta')}
              error={
                errorDeCampo(FacturaEntrada, 'numeroDeAprobacionTarjeta', pago.numeroDeAprobacion) ??
                undefined
              }
              data-autofocus
              autoComplete="off"
            />
          )}

          <SimpleGrid cols={2} spacing="sm">
            <Paper withBorder px="sm" py={8} radius="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {pago.metodo === 'Mixto' ? 'Restante' : 'Recibido'}
              </Text>
              <Text
                fz={22}
                fw={700}
                c={pago.metodo === 'Mixto' && resumen.restante > 0 ? 'orange.8' : undefined}
              >
                {dinero(aPesos(pago.metodo === 'Mixto' ? resumen.restante : resumen.recibido))}
              </Text>
            </Paper>
            <Paper withBorder px="sm" py={8} radius="md" bg={resumen.cambio > 0 ? 'green.0' : undefined}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Cambio
              </Text>
              <Text
                fz={30}
                fw={800}
                lh={1.1}
                c={resumen.cambio > 0 ? 'green.8' : 'gray.6'}
                aria-label="Cambio"
              >
                {dinero(aPesos(resumen.cambio))}
              </Text>
            </Paper>
          </SimpleGrid>

          {motivo ? (
            <Alert color="red" variant="light" py="xs">
              {motivo}
            </Alert>
          ) : resumen.restante > 0 && cliente ? (
            <Alert color="orange" variant="light" py="xs">
              Quedará pendiente {dinero(aPesos(resumen.restante))} a crédito de {cliente.nombre}.
            </Alert>
          ) : null}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={alCerrar} disabled={enviando}>
              Cancelar (Esc)
            </Button>
            <Button type="submit" size="md" color="green" loading={enviando} disabled={motivo !== null}>
              Cobrar {dinero(aPesos(total))} (Enter)
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
