import type { CabeceraDeVenta, LineaDeVenta } from '@pos/contract';
import { precioConImpuesto } from '@pos/domain';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { cantidad, dinero, fecha, porcentajeDeFraccion } from '../formato.ts';
import { type Lado, TEXTOS_DEL_LADO } from './lado.ts';

const ESTILOS = `
@page { size: letter; margin: 14mm; }
* { box-sizing: border-box; }
body { font: 11pt/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #111; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
.cabecera { display: flex; justify-content: space-between; gap: 8mm; margin-bottom: 6mm; }
.dato { color: #555; font-size: 9pt; text-transform: uppercase; }
table { width: 100%; border-collapse: collapse; margin: 4mm 0; }
th, td { padding: 1.5mm 2mm; border-bottom: 1px solid #ccc; vertical-align: top; }
th { text-align: left; font-size: 9pt; text-transform: uppercase; color: #555; }
.num { text-align: right; white-space: nowrap; }
.totales { margin-left: auto; width: 75mm; }
.totales td { border: 0; padding: 0.8mm 0; }
.total td { font-weight: 700; border-top: 1px solid #111; padding-top: 1.5mm; }
.nota { margin-top: 6mm; white-space: pre-wrap; }
`;

/** A line a family stores with its unit price with tax (an invoice's precioDeVenta), shown as stored. */
export type LineaConPrecio = Pick<
  LineaDeVenta,
  '_id' | 'descripcion' | 'idCodigoDeBarra' | 'nota' | 'cantidad' | 'descuento' | 'totalImpuestos' | 'total'
> & { precioDeVenta: number };

/** A line of the view and the printed page: a sales line, or one with its stored price. */
export type LineaDelDocumento = LineaDeVenta | LineaConPrecio;

/** The unit price with tax a line shows. */
export function precioMostrado(l: LineaDelDocumento): number {
  return 'precioDeVenta' in l ? l.precioDeVenta : precioConImpuesto(l.precio, l.impuestos);
}

type Props = {
  titulo: string;
  documento: CabeceraDeVenta;
  lineas: LineaDelDocumento[];
  datos: Array<[string, string]>;
  /** 'compra': the supplier and the costs (default 'venta'). */
  lado?: Lado;
};

/** A sales document on a letter page: header, lines, totals and the footer note (not the internal one). */
function DocumentoImpreso({ titulo, documento: d, lineas, datos, lado = 'venta' }: Props) {
  return (
    <div>
      <div className="cabecera">
        <div>
          <h1>{titulo}</h1>
          <div>{d.nombreOpcional || d.nombre || TEXTOS_DEL_LADO[lado].sinContacto}</div>
          {d.rnc && <div>RNC {d.rnc}</div>}
          {d.direccion && <div>{d.direccion}</div>}
          {(d.telefono || d.movil) && <div>Tel. {d.telefono || d.movil}</div>}
        </div>
        <div>
          {datos.map(([etiqueta, valor]) => (
            <div key={etiqueta}>
              <span className="dato">{etiqueta}:</span> {valor}
            </div>
          ))}
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>Descripción</th>
            <th className="num">Cantidad</th>
            <th className="num">{TEXTOS_DEL_LADO[lado].unitario}</th>
            <th className="num">Desc.</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {lineas.map((l) => (
            <tr key={l._id}>
              <td>{l.descripcion}</td>
              <td className="num">{cantidad(l.cantidad)}</td>
              <td className="num">{dinero(precioMostrado(l))}</td>
              <td className="num">{l.descuento > 0 ? porcentajeDeFraccion(l.descuento) : '—'}</td>
              <td className="num">{dinero(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="totales">
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td className="num">{dinero(d.importe)}</td>
          </tr>
          {d.descuento > 0 && (
            <tr>
              <td>Descuento</td>
              <td className="num">-{dinero(d.descuento)}</td>
            </tr>
          )}
          <tr>
            <td>Impuestos</td>
            <td className="num">{dinero(d.impuestos)}</td>
          </tr>
          <tr className="total">
            <td>Total</td>
            <td className="num">{dinero(d.totalGral)}</td>
          </tr>
        </tbody>
      </table>
      {d.notaPieDePagina && <div className="nota">{d.notaPieDePagina}</div>}
      <div className="nota dato">Emitida el {fecha(d.fechaEmision)}</div>
    </div>
  );
}

/**
 * Prints a sales document from a hidden frame that holds only it (as the receipts do), so the app's
 * page never reaches the printer; the browser's dialog also offers saving it as PDF.
 */
export function imprimirDocumento(props: Props): void {
  imprimirEnMarco(props.titulo, <DocumentoImpreso {...props} />);
}

/**
 * Prints `contenido` on a letter page with the documents' styles (h1, .cabecera, .dato, table, .num,
 * .nota), from the same hidden frame; for documents without prices (a dispatch note).
 */
export function imprimirEnMarco(titulo: string, contenido: ReactElement): void {
  const marco = document.createElement('iframe');
  marco.title = 'Impresión';
  marco.setAttribute('aria-hidden', 'true');
  Object.assign(marco.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  document.body.appendChild(marco);
  const documento = marco.contentDocument;
  const ventana = marco.contentWindow;
  if (!documento || !ventana) {
    marco.remove();
    throw new Error('El navegador no permitió preparar la impresión.');
  }
  documento.title = titulo;
  const estilo = documento.createElement('style');
  estilo.textContent = ESTILOS;
  documento.head.appendChild(estilo);
  const contenedor = documento.createElement('div');
  documento.body.appendChild(contenedor);
  const raiz = createRoot(contenedor);
  flushSync(() => raiz.render(contenido));
  let limpiado = false;
  const limpiar = () => {
    if (!limpiado) {
      limpiado = true;
      raiz.unmount();
      marco.remove();
    }
  };
  ventana.addEventListener('afterprint', () => setTimeout(limpiar, 0));
  // Mobile browsers return from print() before the dialog closes and may never fire afterprint.
  setTimeout(limpiar, 60_000);
  ventana.focus();
  ventana.print();
}
