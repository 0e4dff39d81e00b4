import { type DetalleFactura, empresa as empresaApi } from '@pos/contract';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { api } from '../../api/client.ts';
import { useConfiguracionGeneral } from '../../app/useEmpresa.ts';
import {
  CuerpoDelRecibo,
  type EmpresaDelRecibo,
  ESTILOS_DEL_RECIBO,
  estilosDeImpresion,
  type FormatoDeRecibo,
  type PropsDelRecibo,
} from './CuerpoDelRecibo.tsx';

export type { EmpresaDelRecibo, FormatoDeRecibo };

/** The printable receipt of an invoice (80 or 58 mm), with the company read from the general settings. */
export function ReciboFactura({ detalle, formato, empresa }: PropsDelRecibo) {
  const general = useConfiguracionGeneral();
  return (
    <>
      <style>{ESTILOS_DEL_RECIBO}</style>
      <CuerpoDelRecibo detalle={detalle} formato={formato} empresa={empresa ?? general?.configGeneral[0]} />
    </>
  );
}

/** The company block from the general settings; undefined when they cannot be read. */
export async function leerEmpresa(): Promise<EmpresaDelRecibo | undefined> {
  try {
    return (await api(empresaApi.obtenerGeneral, { params: { id: '1001' } })).configGeneral[0];
  } catch {
    // The receipt still prints without the company block when the settings cannot be read (offline).
    return undefined;
  }
}

const MM_POR_PIXEL = 25.4 / 96;

/** The rendered receipt's height in mm (CSS pixels are 1/96 in), for a one-page roll. */
function altoEnMm(elemento: HTMLElement): number | undefined {
  const alto = elemento.getBoundingClientRect().height;
  return alto > 0 ? alto * MM_POR_PIXEL + 1 : undefined;
}

/** The title of the print document, which browsers offer as the PDF's file name. */
export function nombreDelRecibo(detalle: DetalleFactura): string {
  const factura = detalle.FacturaDb;
  return `Factura-${factura.comprobante ?? factura.numeroFactura ?? factura._id}`;
}

/**
 * Prints a roll-width document (a receipt, a shift report) from a hidden frame that holds only it, so
 * the app's page never reaches the printer and the paper is the roll's width by the document's height.
 */
export function imprimirEnRollo(titulo: string, formato: FormatoDeRecibo, contenido: ReactElement): void {
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
  estilo.textContent = `${ESTILOS_DEL_RECIBO}\n${estilosDeImpresion(formato)}`;
  documento.head.appendChild(estilo);
  const contenedor = documento.createElement('div');
  documento.body.appendChild(contenedor);
  const raiz = createRoot(contenedor);
  flushSync(() => raiz.render(contenido));
  estilo.textContent = `${ESTILOS_DEL_RECIBO}\n${estilosDeImpresion(formato, altoEnMm(contenedor))}`;
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

/** Prints an invoice's receipt (the company read from the general settings when not given). */
export async function imprimirRecibo(
  detalle: DetalleFactura,
  formato: FormatoDeRecibo = '80mm',
  empresa?: EmpresaDelRecibo,
): Promise<void> {
  const datosDeEmpresa = empresa ?? (await leerEmpresa());
  imprimirEnRollo(
    nombreDelRecibo(detalle),
    formato,
    <CuerpoDelRecibo detalle={detalle} formato={formato} empresa={datosDeEmpresa} />,
  );
}
