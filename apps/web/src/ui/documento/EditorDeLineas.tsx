import { ActionIcon, Alert, Button, Group, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProductoParaDocumento } from '@pos/contract';
import {
  aPesos,
  aplicarDescuentoGlobal,
  type ListaDePrecio,
  mensajeDescuentoInvalido,
  porcentajeAFraccion,
  validarDescuentoGlobal,
} from '@pos/domain';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { type ReactNode, type Ref, useState } from 'react';
import { ErrorDeApi } from '../../api/client.ts';
import { CampoNumerico } from '../CampoNumerico.tsx';
import { dinero } from '../formato.ts';
import { BuscadorDeProducto } from './BuscadorDeProducto.tsx';
import { type Lado, TEXTOS_DEL_LADO } from './lado.ts';
import {
  agregarLinea,
  cambiarPrecioDeVenta,
  type LineaDelFormulario,
  lineaDesdeProducto,
  lineaFueraDeLimite,
  preciarEnLista,
  totalesDelFormulario,
} from './lineas.ts';

/** Changes the form's lines from the latest ones (two quick scans must not lose one). */
export type ActualizarLineas<L = LineaDelFormulario> = (
  cambio: (lineas: L[]) => L[],
  eliminadas?: string[],
) => void;

/** A column of a document's own lines: its header, width, alignment, and each line's cell. */
export type ColumnaDeLinea<L> = {
  titulo: string;
  ancho?: number;
  derecha?: boolean;
  celda: (linea: L, indice: number) => ReactNode;
};

/** What the editor needs of a document's own line: a stable key, and the saved line's id to delete it. */
type LineaPropia = { clave: string; _id?: string | undefined };

/**
 * A document without prices (a stock adjustment, spec 002 §4) keeps the finder, the lines' error, the
 * empty state and the remove button, and brings its own lines and columns instead of price, discount,
 * taxes and total.
 */
type PropsSinPrecios<L extends LineaPropia> = {
  lineas: L[];
  actualizar: ActualizarLineas<L>;
  idAlmacen: string | null;
  /** The document's columns, in order (the remove button comes last). */
  columnas: ColumnaDeLinea<L>[];
  /** What a product found by the finder becomes (the document makes and adds its line). */
  alEncontrar: (producto: ProductoParaDocumento) => void;
  /** How a line is named to assistive technology («Quitar …»). */
  nombreDeLinea: (linea: L) => string;
  /** Controls beside the finder, in place of the global discount. */
  acciones?: ReactNode;
  /** No finder (a user who only views the document). */
  sinBuscador?: boolean;
  error?: string | undefined;
  buscadorRef?: Ref<HTMLInputElement>;
  vacio?: string;
  /** The table's accessible name. */
  titulo?: string;
  anchoMinimo?: number;
};

type Props = {
  lineas: LineaDelFormulario[];
  actualizar: ActualizarLineas;
  /** The warehouse the finder reads stock and prices from. */
  idAlmacen: string | null;
  /** The document's price list (undefined: the product's own price); a new line comes at its price. */
  lista: () => ListaDePrecio | undefined;
  /** Whether the document's customer is a partner (spec 001 §1). */
  socio: boolean;
  limiteDescuento: number;
  precioBloqueado: boolean;
  /** The lines' error (none, a quantity, a discount over the limit), shown above them. */
  error?: string | undefined;
  buscadorRef?: Ref<HTMLInputElement>;
  /**
   * Lines that come from another document (a post-invoice conduce delivers an invoice's lines): no finder
   * and no global discount, price and discount read-only; quantities change and lines can be removed.
   */
  soloCantidades?: boolean;
  /** A line's extra detail under its name (e.g. what the invoice sold). */
  detalleDeLinea?: (linea: LineaDelFormulario) => string | undefined;
  /** What the empty table says. */
  vacio?: string;
  /**
   * Lines that stay as another document brought them (an invoice's conduce lines, spec 001 §1, §4):
   * quantity, price and discount read-only, left out of the global discount, and removing one is refused
   * with the notice this returns (undefined: an ordinary line).
   */
  lineaBloqueada?: (linea: LineaDelFormulario) => string | undefined;
  /**
   * A purchasing document (a purchase, a purchase order): the finder reads each product at cost
   * (agregar-producto-compras, which refuses one blocked by inventory) and the price column is the cost.
   */
  documento?: Lado;
};

/**
 * The line editor of every document: the sales editor by default, or a document's own columns
 * (`columnas`) for one without prices.
 */
export function EditorDeLineas(props: Props): ReactNode;
export function EditorDeLineas<L extends LineaPropia>(props: PropsSinPrecios<L>): ReactNode;
export function EditorDeLineas<L extends LineaPropia>(props: Props | PropsSinPrecios<L>): ReactNode {
  return 'columnas' in props ? <EditorSinPrecios {...props} /> : <EditorDeVenta {...props} />;
}

/**
 * The line editor of every sales document (spec 000 §4 "Adding a product to a document", 001 §1): scan or
 * search a product, then quantity, price and discount per line, and the global discount; each line's
 * taxes and total are the domain's calcularTotales, as the server will compute them.
 */
function EditorDeVenta({
  lineas,
  actualizar,
  idAlmacen,
  lista,
  socio,
  limiteDescuento,
  precioBloqueado,
  error,
  buscadorRef,
  soloCantidades = false,
  detalleDeLinea,
  vacio,
  lineaBloqueada,
  documento = 'venta',
}: Props) {
  const [descuentoGeneral, setDescuentoGeneral] = useState<number | null>(null);
  const [errorDescuento, setErrorDescuento] = useState<string | null>(null);

  function alEncontrar(producto: ProductoParaDocumento) {
    if (producto.aviso) {
      notifications.show({
        color: producto.aviso.tipo === 'danger' ? 'red' : 'orange',
        message: producto.aviso.mensaje,
        autoClose: 3000,
      });
    }
    // The finder asks for the product's own price; the document's list prices it (spec 000 §3-§4).
    const [linea] = preciarEnLista([lineaDesdeProducto(producto, socio)], lista());
    if (linea) {
      actualizar((actuales) => agregarLinea(actuales, linea).lineas);
    }
  }

  // Spec 001 §1 "Global discount": a whole number 0..limiteDescuento applied to every line (0 removes it).
  function aplicarDescuento() {
    const resultado = validarDescuentoGlobal(descuentoGeneral ?? '', limiteDescuento);
    if (!resultado.ok) {
      setErrorDescuento(resultado.mensaje);
      return;
    }
    setErrorDescuento(null);
    actualizar((actuales) =>
      actuales.map((l) => (lineaBloqueada?.(l) ? l : (aplicarDescuentoGlobal([l], resultado.valor)[0] ?? l))),
    );
    notifications.show({ color: 'green', message: 'Descuento aplicado', autoClose: 3500 });
  }

  return (
    <Stack gap="sm">
      {!soloCantidades && (
        <FilaDelBuscador
          buscadorRef={buscadorRef}
          idAlmacen={idAlmacen}
          alEncontrar={alEncontrar}
          documento={documento}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <CampoNumerico
              label="Descuento general %"
              w={170}
              min={0}
              max={limiteDescuento}
              valor={descuentoGeneral}
              alCambiar={(porcentaje) => {
                setDescuentoGeneral(porcentaje);
                setErrorDescuento(null);
              }}
              error={errorDescuento}
            />
            <Button variant="default" onClick={aplicarDescuento} disabled={lineas.length === 0}>
              Aplicar
            </Button>
          </Group>
        </FilaDelBuscador>
      )}
      <ErrorDeLineas error={error} />
      <TablaDeLineas
        lineas={lineas}
        precioBloqueado={precioBloqueado || soloCantidades}
        descuentoBloqueado={soloCantidades}
        detalleDeLinea={detalleDeLinea}
        lineaBloqueada={lineaBloqueada}
        vacio={vacio}
        etiquetaDePrecio={TEXTOS_DEL_LADO[documento].unitario}
        limiteDescuento={limiteDescuento}
        socio={socio}
        alCambiar={(clave, cambio) =>
          actualizar((actuales) => actuales.map((l) => (l.clave === clave ? cambio(l) : l)))
        }
        alQuitar={(linea) => {
          const aviso = lineaBloqueada?.(linea);
          if (aviso) {
            notifications.show({ color: 'orange', message: aviso, autoClose: 3000 });
            return;
          }
          actualizar(
            (actuales) => actuales.filter((l) => l.clave !== linea.clave),
            linea._id ? [linea._id] : [],
          );
        }}
      />
    </Stack>
  );
}

// Spec 000 §8, 002 §8: add-product errors ('Lo siento' for a product not in the warehouse, 3.2 s).
function alFallarProducto(e: unknown) {
  const noEncontrado = e instanceof ErrorDeApi && e.statusCode === 404;
  notifications.show({
    color: noEncontrado ? 'orange' : 'red',
    title: noEncontrado ? 'Lo siento' : 'El producto no fue agregado.',
    message: e instanceof Error ? e.message : 'Ocurrió un error inesperado.',
    autoClose: noEncontrado ? 3200 : 7400,
  });
}

/** The finder (scan or search by name) and, beside it, the document's controls. */
function FilaDelBuscador({
  buscadorRef,
  idAlmacen,
  alEncontrar,
  documento = 'venta',
  children,
}: {
  buscadorRef: Ref<HTMLInputElement> | undefined;
  idAlmacen: string | null;
  alEncontrar: (producto: ProductoParaDocumento) => void;
  documento?: Lado;
  children?: ReactNode;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <div style={{ flex: 1, minWidth: 260 }}>
        <BuscadorDeProducto
          ref={buscadorRef}
          idAlmacen={idAlmacen}
          alEncontrar={alEncontrar}
          alFallar={alFallarProducto}
          documento={documento}
        />
      </div>
      {children}
    </Group>
  );
}

function ErrorDeLineas({ error }: { error: string | undefined }) {
  return error ? (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {error}
    </Alert>
  ) : null;
}

function BotonQuitar({ nombre, alQuitar }: { nombre: string; alQuitar: () => void }) {
  return (
    <Tooltip label="Quitar">
      <ActionIcon variant="subtle" color="red" aria-label={`Quitar ${nombre}`} onClick={alQuitar}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

function EditorSinPrecios<L extends LineaPropia>({
  lineas,
  actualizar,
  idAlmacen,
  columnas,
  alEncontrar,
  nombreDeLinea,
  acciones,
  sinBuscador = false,
  error,
  buscadorRef,
  vacio = 'Todavía no hay artículos: escanea un código o busca un producto por nombre.',
  titulo,
  anchoMinimo = 820,
}: PropsSinPrecios<L>) {
  return (
    <Stack gap="sm">
      {!sinBuscador && (
        <FilaDelBuscador buscadorRef={buscadorRef} idAlmacen={idAlmacen} alEncontrar={alEncontrar}>
          {acciones}
        </FilaDelBuscador>
      )}
      <ErrorDeLineas error={error} />
      {lineas.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" size="sm">
          {vacio}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped fz="sm" verticalSpacing={4} miw={anchoMinimo} aria-label={titulo}>
            <Table.Thead>
              <Table.Tr>
                {columnas.map((c) => (
                  <Table.Th key={c.titulo} w={c.ancho} ta={c.derecha ? 'right' : undefined}>
                    {c.titulo}
                  </Table.Th>
                ))}
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lineas.map((linea, i) => (
                <Table.Tr key={linea.clave}>
                  {columnas.map((c) => (
                    <Table.Td key={c.titulo} ta={c.derecha ? 'right' : undefined}>
                      {c.celda(linea, i)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <BotonQuitar
                      nombre={nombreDeLinea(linea)}
                      alQuitar={() =>
                        actualizar(
                          (actuales) => actuales.filter((l) => l.clave !== linea.clave),
                          linea._id ? [linea._id] : [],
                        )
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

function TablaDeLineas({
  lineas,
  precioBloqueado,
  descuentoBloqueado,
  detalleDeLinea,
  lineaBloqueada,
  vacio = 'Todavía no hay artículos: escanea un código o busca un producto por nombre.',
  etiquetaDePrecio,
  limiteDescuento,
  socio,
  alCambiar,
  alQuitar,
}: {
  lineas: LineaDelFormulario[];
  precioBloqueado: boolean;
  descuentoBloqueado: boolean;
  detalleDeLinea: ((linea: LineaDelFormulario) => string | undefined) | undefined;
  lineaBloqueada: ((linea: LineaDelFormulario) => string | undefined) | undefined;
  vacio: string | undefined;
  /** «Precio» (a sale) or «Costo» (a purchasing document). */
  etiquetaDePrecio: 'Precio' | 'Costo';
  limiteDescuento: number;
  socio: boolean;
  alCambiar: (clave: string, cambio: (l: LineaDelFormulario) => LineaDelFormulario) => void;
  alQuitar: (linea: LineaDelFormulario) => void;
}) {
  if (lineas.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" size="sm">
        {vacio}
      </Text>
    );
  }
  const calculadas = totalesDelFormulario(lineas).lineas;
  return (
    <ScrollArea type="auto">
      <Table striped fz="sm" verticalSpacing={4} miw={820}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Artículo</Table.Th>
            <Table.Th w={110} ta="right">
              Cantidad
            </Table.Th>
            <Table.Th w={140} ta="right">
              {etiquetaDePrecio} c/ imp.
            </Table.Th>
            <Table.Th w={100} ta="right">
              Desc. %
            </Table.Th>
            <Table.Th w={110} ta="right">
              Impuestos
            </Table.Th>
            <Table.Th w={120} ta="right">
              Total
            </Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lineas.map((l, i) => {
            const calculada = calculadas[i];
            const bloqueada = lineaBloqueada?.(l) !== undefined;
            return (
              <Table.Tr key={l.clave}>
                <Table.Td>
                  <Text size="sm">{l.descripcion}</Text>
                  <Text size="xs" c="dimmed">
                    {l.idCodigoDeBarra || 'Sin código'}
                    {l.paquete ? ' · paquete' : ''}
                    {l.impuestos.length > 0
                      ? ` · ${l.impuestos.map((imp) => imp.name).join(', ')}`
                      : ' · sin impuestos'}
                    {detalleDeLinea?.(l) ? ` · ${detalleDeLinea(l)}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <CampoNumerico
                    aria-label={`Cantidad de ${l.descripcion}`}
                    size="xs"
                    min={0}
                    decimalScale={4}
                    readOnly={bloqueada}
                    variant={bloqueada ? 'filled' : 'default'}
                    valor={l.cantidad}
                    alCambiar={(cantidad) => alCambiar(l.clave, (x) => ({ ...x, cantidad }))}
                    error={l.cantidad === null || l.cantidad <= 0}
                  />
                </Table.Td>
                <Table.Td>
                  <CampoNumerico
                    aria-label={`${etiquetaDePrecio} de ${l.descripcion}`}
                    size="xs"
                    min={0}
                    decimalScale={2}
                    fixedDecimalScale
                    thousandSeparator=","
                    readOnly={precioBloqueado || bloqueada}
                    // A fixed field is skipped by Tab: the keyboard goes from quantity to quantity.
                    tabIndex={precioBloqueado || bloqueada ? -1 : undefined}
                    variant={bloqueada ? 'filled' : 'default'}
                    valor={l.precioDeVenta}
                    alCambiar={(precio) => alCambiar(l.clave, (x) => cambiarPrecioDeVenta(x, precio ?? 0))}
                  />
                </Table.Td>
                <Table.Td>
                  <CampoNumerico
                    aria-label={`Descuento de ${l.descripcion}`}
                    size="xs"
                    min={0}
                    max={limiteDescuento}
                    decimalScale={2}
                    readOnly={descuentoBloqueado || bloqueada}
                    tabIndex={descuentoBloqueado || bloqueada ? -1 : undefined}
                    variant={bloqueada ? 'filled' : 'default'}
                    valor={Math.round(l.descuento * 10000) / 100}
                    vacio={0}
                    // What is typed stands (150 is not 100): the line is refused next to it, and on save.
                    alCambiar={(porcentaje) =>
                      alCambiar(l.clave, (x) => ({ ...x, descuento: porcentajeAFraccion(porcentaje) }))
                    }
                    error={
                      lineaFueraDeLimite(l, limiteDescuento, socio)
                        ? mensajeDescuentoInvalido(limiteDescuento)
                        : undefined
                    }
                  />
                </Table.Td>
                <Table.Td ta="right">{calculada ? dinero(aPesos(calculada.totalImpuestos)) : '—'}</Table.Td>
                <Table.Td ta="right" fw={500}>
                  {calculada ? dinero(aPesos(calculada.total)) : '—'}
                </Table.Td>
                <Table.Td>
                  <BotonQuitar nombre={l.descripcion} alQuitar={() => alQuitar(l)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
