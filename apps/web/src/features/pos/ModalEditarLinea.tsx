import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { LineaFacturaEntrada } from '@pos/contract';
import {
  aceptar,
  aPesos,
  calcularLinea,
  descuentoFueraDeLimite,
  descuentoPermitido,
  mensajeDescuentoInvalido,
  porcentajeAFraccion,
  precioSinImpuesto,
  type Resultado,
  rechazar,
} from '@pos/domain';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AreaDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import { dinero } from '../../ui/formato.ts';
import type { CambiosDeLinea, LineaPos } from './borrador.ts';

type Props = {
  linea: LineaPos | null;
  alCerrar: () => void;
  alGuardar: (cambios: CambiosDeLinea) => void;
  alQuitar: () => void;
  /** The user's bloquearPrecio: the price is shown but cannot be changed. */
  bloquearPrecio: boolean;
  /** The user's limiteDescuento (whole percent). */
  limiteDescuento: number;
  /** Whether the sale's customer is a partner: the line's own descuentoParaSocios is then allowed too. */
  socio: boolean;
};

const DECIMALES_DE_CANTIDAD = /^\d+(\.\d{1,4})?$/;

// Spec 000 §2 "Home opens the product editor modal": quantity, price (only when the user's bloquearPrecio is
// off), discount within what the domain allows (limiteDescuento, or a partner's own discount; spec 000 §5
// message) and a note. The line total is the domain's.
/** The product editor of the POS. */
export function ModalEditarLinea({
  linea,
  alCerrar,
  alGuardar,
  alQuitar,
  bloquearPrecio,
  limiteDescuento,
  socio,
}: Props) {
  return (
    <Modal opened={linea !== null} onClose={alCerrar} title="Editar artículo" centered size="lg" returnFocus>
      {linea && (
        <Formulario
          key={linea.clave}
          linea={linea}
          alCerrar={alCerrar}
          alGuardar={alGuardar}
          alQuitar={alQuitar}
          bloquearPrecio={bloquearPrecio}
          limiteDescuento={limiteDescuento}
          socio={socio}
        />
      )}
    </Modal>
  );
}

function Formulario({
  linea,
  alCerrar,
  alGuardar,
  alQuitar,
  bloquearPrecio,
  limiteDescuento,
  socio,
}: Omit<Props, 'linea'> & { linea: LineaPos }) {
  const [cantidad, setCantidad] = useState<string | number>(linea.cantidad);
  const [precio, setPrecio] = useState<string | number>(linea.precioDeVenta);
  // A partner discount may have decimals (7.5 %); it is kept as is unless the cashier changes it.
  const descuentoOriginal = Number((linea.descuento * 100).toFixed(2));
  const [descuento, setDescuento] = useState<string | number>(descuentoOriginal);
  const [nota, setNota] = useState(linea.nota);
  const [errores, setErrores] = useState<{ cantidad?: string; precio?: string; descuento?: string }>({});

  const cantidadNumero = Number(cantidad);
  const precioNumero = Number(precio);
  const descuentoSinCambio = Number(descuento) === descuentoOriginal && descuento !== '';
  // Spec 001 §1: as on the invoice form and the server, 0..limiteDescuento or the partner's own discount.
  const permitido = descuentoPermitido({
    limiteDescuento,
    socio,
    descuentoParaSocios: linea.descuentoParaSocios,
  });
  const fraccion = porcentajeAFraccion(Number(descuento));
  const descuentoValido: Resultado<number> = descuentoSinCambio
    ? aceptar(linea.descuento)
    : descuento === '' || descuentoFueraDeLimite(fraccion, permitido)
      ? rechazar(mensajeDescuentoInvalido(limiteDescuento))
      : aceptar(fraccion);
  const vistaPrevia =
    cantidadNumero > 0 && precioNumero >= 0 && descuentoValido.ok
      ? calcularLinea({
          cantidad: cantidadNumero,
          precio: precioSinImpuesto(precioNumero, linea.impuestos),
          descuento: descuentoValido.valor,
          impuestos: linea.impuestos,
        })
      : null;

  // A pasted note over the contract's limit stays whole with its message (AreaDeTexto) and is not saved.
  const errorDeNota = errorDeCampo(LineaFacturaEntrada, 'nota', nota);

  function guardar(evento: FormEvent) {
    evento.preventDefault();
    const nuevos: typeof errores = {};
    if (!(cantidadNumero > 0) || !DECIMALES_DE_CANTIDAD.test(String(cantidadNumero))) {
      nuevos.cantidad = 'La cantidad debe ser mayor que 0, con hasta 4 decimales';
    }
    if (!bloquearPrecio && (precio === '' || !(precioNumero >= 0))) {
      nuevos.precio = 'El precio no puede ser negativo ni estar vacío';
    }
    if (!descuentoValido.ok) {
      nuevos.descuento = descuentoValido.mensaje;
    }
    setErrores(nuevos);
    if (Object.keys(nuevos).length > 0 || !descuentoValido.ok || errorDeNota !== null) {
      return;
    }
    alGuardar({
      cantidad: cantidadNumero,
      ...(bloquearPrecio || precioNumero === linea.precioDeVenta ? {} : { precioConImpuesto: precioNumero }),
      ...(descuentoSinCambio ? {} : { descuentoPorcentaje: Number(descuento) }),
      nota: nota.trim(),
    });
  }

  return (
    <form onSubmit={guardar}>
      <Stack gap="sm">
        <div>
          <Text fw={650}>{linea.descripcion}</Text>
          <Text size="xs" c="dimmed">
            {linea.idCodigoDeBarra}
            {linea.paquete ? ` · ${linea.nombrePaquete || 'Paquete'}` : ''}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <CampoNumerico
            label="Cantidad"
            valor={cantidad === '' ? null : Number(cantidad)}
            alCambiar={(valor) => setCantidad(valor ?? '')}
            min={0}
            decimalScale={4}
            size="md"
            error={errores.cantidad}
            data-autofocus
            onFocus={(e) => e.currentTarget.select()}
          />
          <CampoNumerico
            label="Precio con impuestos"
            valor={precio === '' ? null : Number(precio)}
            alCambiar={(valor) => setPrecio(valor ?? '')}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            size="md"
            disabled={bloquearPrecio}
            description={bloquearPrecio ? 'Tu usuario no puede cambiar precios' : undefined}
            error={errores.precio}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CampoNumerico
            label={`Descuento (máx. ${limiteDescuento} %)`}
            suffix=" %"
            valor={descuento === '' ? null : Number(descuento)}
            alCambiar={(valor) => setDescuento(valor ?? '')}
            min={0}
            max={limiteDescuento}
            decimalScale={2}
            size="md"
            error={errores.descuento}
            onFocus={(e) => e.currentTarget.select()}
          />
        </SimpleGrid>
        <AreaDeTexto
          label="Nota"
          value={nota}
          onChange={(e) => setNota(e.currentTarget.value)}
          max={largoMaximo(LineaFacturaEntrada, 'nota')}
          error={errorDeNota ?? undefined}
          autosize
          minRows={1}
          maxRows={3}
        />
        <Group justify="space-between" bg="gray.0" p="xs" style={{ borderRadius: 6 }}>
          <Text size="sm" c="dimmed">
            Total de la línea
          </Text>
          <Text fw={700} size="lg">
            {vistaPrevia ? dinero(aPesos(vistaPrevia.total)) : '—'}
          </Text>
        </Group>
        <Group justify="space-between">
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={alQuitar}>
            Quitar artículo
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={alCerrar}>
              Cancelar
            </Button>
            <Button type="submit">Guardar</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
