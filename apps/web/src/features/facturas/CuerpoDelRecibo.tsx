import type { DetalleFactura, PagoFactura } from '@pos/contract';
import { aCentavos, aPesos, DESFASE_SANTO_DOMINGO, sumarCentavos } from '@pos/domain';
import { cantidad, dinero, fecha, fechaHora, porcentajeDeFraccion } from '../../ui/formato.ts';
import { NOMBRES_DE_METODO } from './etiquetas.ts';

/** Thermal paper widths the receipt supports (the user's impresion.formatoDePagina). */
export type FormatoDeRecibo = '80mm' | '58mm';

/** The company block of the receipt (the general configuration's configGeneral[0], and its logo). */
export type EmpresaDelRecibo = {
  nombre: string;
  rnc: string;
  direccion: string;
  telefono: string;
  /** The address of the company's logo (the configuration's `avatar`); none when absent. */
  logo?: string | null;
};

export type PropsDelRecibo = {
  detalle: DetalleFactura;
  formato: FormatoDeRecibo;
  /** The company; read from the general configuration when absent. */
  empresa?: EmpresaDelRecibo | undefined;
};

// Thermal printers print ~72 mm of an 80 mm roll and ~48 mm of a 58 mm one; the margins leave that.
// Rows are flex (label left, amount right) so nothing depends on a character count, and the font is a
// monospace stack, which thermal drivers render crisply and keeps amounts aligned.
export const ESTILOS_DEL_RECIBO = `
.recibo { box-sizing: border-box; background: #fff; color: #000; font-family: 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, ui-monospace, monospace; line-height: 1.3; font-variant-numeric: tabular-nums; }
.recibo *, .recibo *::before, .recibo *::after { box-sizing: border-box; }
.recibo-80mm { width: 80mm; padding: 4mm 4mm 6mm; font-size: 11.5px; }
.recibo-58mm { width: 58mm; padding: 3mm 3mm 5mm; font-size: 9.5px; }
.recibo p { margin: 0; }
.recibo-centro { text-align: center; }
.recibo-logo { display: block; width: 100%; max-width: 40mm; height: 18mm; margin: 0 auto 1.5mm; object-fit: contain; filter: grayscale(1) contrast(1.15); }
.recibo-empresa { font-size: 1.35em; font-weight: 700; text-transform: uppercase; letter-spacing: 0.02em; margin-bottom: 1mm !important; }
.recibo-titulo { font-weight: 700; text-transform: uppercase; margin-top: 1mm !important; }
.recibo-ncf { font-size: 1.1em; font-weight: 700; }
.recibo-sep { border: 0; border-top: 1px dashed #000; margin: 2mm 0; }
.recibo-fila { display: flex; justify-content: space-between; gap: 2mm; }
.recibo-fila > :first-child { min-width: 0; overflow-wrap: anywhere; }
.recibo-fila > :last-child { white-space: nowrap; text-align: right; }
.recibo-encabezado { font-weight: 700; }
.recibo-linea { margin-bottom: 1.2mm; }
.recibo-linea-desc { overflow-wrap: anywhere; }
.recibo-linea .recibo-fila { padding-left: 2mm; }
.recibo-tenue { color: #222; }
.recibo-nota { padding-left: 2mm; font-style: italic; }
.recibo-sangria { padding-left: 2mm; }
.recibo-total { font-size: 1.3em; font-weight: 700; margin: 1mm 0; }
.recibo-fuerte { font-weight: 700; }
.recibo-sello { border: 2px solid #000; text-align: center; font-size: 1.5em; font-weight: 700; letter-spacing: 0.3em; padding: 1mm 0; margin: 2mm 0; }
.recibo-pie { margin-top: 3mm; text-align: center; white-space: pre-line; }
`;

// Spec 002 §3 impresion.formatoDePagina: the page is the paper roll, as long as the receipt, without
// margins. Chromium ignores `size: 80mm auto` (a length with auto is not valid CSS) and would print on
// Letter, so the printing code measures the receipt and passes its height.
/** The print CSS of a receipt: the page is the roll width by the receipt's height in mm. */
export function estilosDeImpresion(formato: FormatoDeRecibo, altoEnMm?: number): string {
  const alto = altoEnMm === undefined ? 'auto' : `${Math.ceil(altoEnMm)}mm`;
  return `@page { size: ${formato} ${alto}; margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; }
@media print { html, body { width: ${formato}; } }`;
}

/** The invoice's date and time as issued (fechaEmision + hora are Santo Domingo wall time). */
function fechaDeEmision(fechaEmision: string, hora: string): string {
  const dia = fechaEmision.slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}$/.test(dia) && /^\d{2}:\d{2}(:\d{2})?$/.test(hora)) {
    const conSegundos = hora.length === 5 ? `${hora}:00` : hora;
    return fechaHora(`${dia}T${conSegundos}${DESFASE_SANTO_DOMINGO}`);
  }
  return fecha(fechaEmision);
}

/** Sums the payments by method, in the order they were made. */
function pagosPorMetodo(pagos: readonly PagoFactura[]): Array<{ metodo: string; monto: number }> {
  const porMetodo = new Map<PagoFactura['metodo'], number[]>();
  for (const pago of pagos) {
    porMetodo.set(pago.metodo, [...(porMetodo.get(pago.metodo) ?? []), pago.monto]);
  }
  return [...porMetodo].map(([metodo, montos]) => ({
    metodo: NOMBRES_DE_METODO[metodo],
    monto: aPesos(sumarCentavos(montos.map((m) => aCentavos(m)))),
  }));
}

// efectivoRecibido is everything handed over at the sale (cash and card together in a Mixto, the card
// alone in a card sale), so it is not the cash. Only cash gives change, so the cash handed over is the
// cash applied at the sale plus the change.
/** The cash the customer handed over at the counter, in pesos. */
function efectivoEntregado(detalle: DetalleFactura): number {
  const efectivo = detalle.listaPagosIngreso
    .filter((pago) => pago.origen === 'factura' && pago.metodo === 'Efectivo')
    .map((pago) => aCentavos(pago.monto));
  return aPesos(sumarCentavos([...efectivo, aCentavos(detalle.FacturaDb.cambioDeDinero)]));
}

/** A roll line: text on the left, amount on the right (every printed roll uses it). */
export function Fila({
  izquierda,
  derecha,
  className,
}: {
  izquierda: string;
  derecha: string;
  className?: string;
}) {
  return (
    <div className={className ? `recibo-fila ${className}` : 'recibo-fila'}>
      <span>{izquierda}</span>
      <span>{derecha}</span>
    </div>
  );
}

/** The company block at the top of a printed roll: logo, name, RNC, address and phone. */
export function EncabezadoDeEmpresa({ empresa }: { empresa: EmpresaDelRecibo }) {
  return (
    <header className="recibo-centro">
      {empresa.logo && (
        // A fixed box (≤ 40 × 18 mm), so the receipt's height does not depend on the image; grey, as
        // a thermal head prints it. An image that does not load is hidden, not printed as broken.
        <img
          className="recibo-logo"
          src={empresa.logo}
          alt={`Logo de ${empresa.nombre}`}
          onError={(evento) => {
            evento.currentTarget.style.display = 'none';
          }}
        />
      )}
      <p className="recibo-empresa">{empresa.nombre}</p>
      {empresa.rnc && <p>RNC: {empresa.rnc}</p>}
      {empresa.direccion && <p>{empresa.direccion}</p>}
      {empresa.telefono && <p>Tel.: {empresa.telefono}</p>}
    </header>
  );
}

/** The receipt itself, from data only (no queries): the frame printing renders it too. */
export function CuerpoDelRecibo({ detalle, formato, empresa }: PropsDelRecibo) {
  const factura = detalle.FacturaDb;
  const anulada = factura.estado === 'Anulado';
  const pagos = pagosPorMetodo(detalle.listaPagosIngreso);
  const cliente = factura.nombreOpcional || factura.nombre;
  const documentoDelCliente = factura.rnc || factura.cedula;
  const pendiente = detalle.pendiente;
  const recibido = efectivoEntregado(detalle);
  const credito = factura.plazoPagos > 0 || pendiente > 0;
  // An exempt 0% row adds nothing to read; the 'E' mark on the line says it.
  const impuestosConMonto = factura.desgloseDeImpuestos.filter((impuesto) => impuesto.total !== 0);
  return (
    <article className={`recibo recibo-${formato}`} aria-label="Recibo de la factura">
      {empresa && <EncabezadoDeEmpresa empresa={empresa} />}
      {anulada && <p className="recibo-sello">ANULADA</p>}
      <hr className="recibo-sep" />
      <div className="recibo-centro">
        <p className="recibo-titulo">{factura.tipoNcfNombre ?? factura.numeracionNombre ?? 'Factura'}</p>
        {factura.comprobante && <p className="recibo-ncf">NCF: {factura.comprobante}</p>}
        {factura.vencimientoNcf && <p>Válido hasta: {fecha(factura.vencimientoNcf)}</p>}
      </div>
      <hr className="recibo-sep" />
      {factura.numeroFactura !== null && (
        <Fila izquierda="Factura No." derecha={String(factura.numeroFactura)} />
      )}
      <Fila izquierda="Fecha" derecha={fechaDeEmision(factura.fechaEmision, factura.hora)} />
      <Fila
        izquierda="Condición"
        derecha={
          credito ? `Crédito${factura.plazoPagos > 0 ? ` (${factura.plazoPagos} días)` : ''}` : 'Contado'
        }
      />
      {factura.plazoPagos > 0 && <Fila izquierda="Vence" derecha={fecha(factura.vencimiento)} />}
      {cliente && <p>Cliente: {cliente}</p>}
      {documentoDelCliente && (
        <p>
          {factura.rnc ? 'RNC' : 'Cédula'}: {documentoDelCliente}
        </p>
      )}
      <hr className="recibo-sep" />
      <Fila className="recibo-encabezado" izquierda="Cant. x Precio" derecha="Valor" />
      <hr className="recibo-sep" />
      {detalle.linea_facturasRef.map((linea) => (
        <div key={linea._id} className="recibo-linea">
          <p className="recibo-linea-desc">{linea.descripcion}</p>
          <Fila
            izquierda={`${cantidad(linea.cantidad)}${
              linea.paquete ? ` paq. (${cantidad(linea.unidades)} u.)` : ''
            } x ${dinero(linea.precioDeVenta)}${
              linea.descuento > 0 ? ` -${porcentajeDeFraccion(linea.descuento)}` : ''
            }${linea.totalImpuestos === 0 ? ' E' : ''}`}
            derecha={dinero(linea.total)}
          />
          {linea.nota && <p className="recibo-tenue recibo-nota">{linea.nota}</p>}
        </div>
      ))}
      <hr className="recibo-sep" />
      <Fila izquierda="Subtotal" derecha={dinero(factura.importe)} />
      {factura.descuento > 0 && <Fila izquierda="Descuento" derecha={`-${dinero(factura.descuento)}`} />}
      {impuestosConMonto.map((impuesto) => (
        <Fila
          key={`${impuesto.name}-${impuesto.tipoDeImpuesto}`}
          izquierda={impuesto.name}
          derecha={dinero(impuesto.total)}
        />
      ))}
      {impuestosConMonto.length === 0 && <Fila izquierda="ITBIS" derecha={dinero(0)} />}
      <Fila className="recibo-total" izquierda="TOTAL" derecha={dinero(factura.total)} />
      {factura.totalRetenciones > 0 && (
        <>
          <Fila izquierda="Retenciones" derecha={`-${dinero(factura.totalRetenciones)}`} />
          <Fila className="recibo-fuerte" izquierda="A pagar" derecha={dinero(factura.montoAPagar)} />
        </>
      )}
      {(pagos.length > 0 || recibido > 0 || pendiente > 0) && <hr className="recibo-sep" />}
      {pagos.map((pago) => (
        <Fila key={pago.metodo} izquierda={pago.metodo} derecha={dinero(pago.monto)} />
      ))}
      {factura.numeroDeAprobacionTarjeta && (
        <Fila izquierda="Aprobación" derecha={factura.numeroDeAprobacionTarjeta} />
      )}
      {recibido > 0 && <Fila izquierda="Efectivo recibido" derecha={dinero(recibido)} />}
      {factura.cambioDeDinero > 0 && (
        <Fila className="recibo-fuerte" izquierda="Cambio" derecha={dinero(factura.cambioDeDinero)} />
      )}
      {pendiente > 0 && (
        <Fila className="recibo-fuerte" izquierda="Pendiente por cobrar" derecha={dinero(pendiente)} />
      )}
      <hr className="recibo-sep" />
      {factura.desgloseDeImpuestos.some((i) => i.tipoDeImpuesto === 'exento') && (
        <p className="recibo-tenue">E = artículo exento de ITBIS</p>
      )}
      {factura.creadaPor && <p>Le atendió: {factura.creadaPor}</p>}
      {anulada && <p className="recibo-sello">ANULADA</p>}
      <p className="recibo-pie">
        {factura.notaPieDePagina ? `${factura.notaPieDePagina}\n` : ''}¡Gracias por su compra!
      </p>
    </article>
  );
}
