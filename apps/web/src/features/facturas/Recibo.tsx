import { notifications } from '@mantine/notifications';
import { type ConfiguracionGeneral, type DetalleFactura, empresa as empresaApi } from '@pos/contract';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { urlDeArchivo } from '../../api/archivos.ts';
import { api } from '../../api/client.ts';
import { leerSesion, useSesion } from '../../app/sesion.ts';
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
  const tenantId = useSesion()?.tenantId;
  return (
    <>
      <style>{ESTILOS_DEL_RECIBO}</style>
      <CuerpoDelRecibo
        detalle={detalle}
        formato={formato}
        empresa={empresa ?? (general ? empresaDeLaConfiguracion(general, tenantId) : undefined)}
      />
    </>
  );
}

// The print frame is an about:blank document: an absolute address does not depend on its base URL.
/** The company block of a receipt: configGeneral[0] and the logo (`avatar`, an uploaded image). */
export function empresaDeLaConfiguracion(
  general: ConfiguracionGeneral,
  tenantId: number | undefined,
): EmpresaDelRecibo {
  const ruta = tenantId === undefined ? null : urlDeArchivo(tenantId, general.avatar);
  let logo = ruta;
  if (ruta) {
    try {
      logo = new URL(ruta, window.location.href).href;
    } catch {
      // A location that cannot be a base (tests' about:blank) keeps the relative address.
    }
  }
  return { ...general.configGeneral[0], logo };
}

/** The company block from the general settings; undefined when they cannot be read. */
export async function leerEmpresa(): Promise<EmpresaDelRecibo | undefined> {
  try {
    const general = await api(empresaApi.obtenerGeneral, { params: { id: '1001' } });
    return empresaDeLaConfiguracion(general, leerSesion()?.tenantId);
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

/**
 * Calls `listo` once every image under `raiz` has loaded or failed (at once when none is pending; after
 * `limiteMs` at most, so a slow logo never blocks the print), after the images' own handlers.
 */
export function alCargarLasImagenes(raiz: ParentNode, listo: () => void, limiteMs = 3000): void {
  const pendientes = Array.from(raiz.querySelectorAll('img')).filter((imagen) => !imagen.complete);
  if (pendientes.length === 0) {
    listo();
    return;
  }
  let faltan = pendientes.length;
  const terminar = () => {
    if (faltan >= 0) {
      faltan = -1;
      clearTimeout(espera);
      listo();
    }
  };
  const unaMenos = () => {
    faltan -= 1;
    if (faltan === 0) {
      // A failed logo hides itself in its own error handler first.
      setTimeout(terminar, 0);
    }
  };
  const espera = setTimeout(terminar, limiteMs);
  for (const imagen of pendientes) {
    imagen.addEventListener('load', unaMenos, { once: true });
    imagen.addEventListener('error', unaMenos, { once: true });
  }
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
  const imprimir = () => {
    if (limpiado) {
      return;
    }
    estilo.textContent = `${ESTILOS_DEL_RECIBO}\n${estilosDeImpresion(formato, altoEnMm(contenedor))}`;
    ventana.focus();
    ventana.print();
  };
  // A logo still loading would print blank (and a failed one is hidden, which changes the height): the
  // page is measured and printed once every image has loaded or failed.
  alCargarLasImagenes(documento, imprimir);
}

/**
 * Prints a roll (a receipt, a shift report) with the company read from the general settings; when the
 * browser refuses, the user is told, not left wondering.
 */
export async function imprimirConEmpresa(
  titulo: string,
  formato: FormatoDeRecibo,
  contenido: (empresa: EmpresaDelRecibo | undefined) => ReactElement,
): Promise<void> {
  try {
    imprimirEnRollo(titulo, formato, contenido(await leerEmpresa()));
  } catch (error) {
    notifications.show({
      color: 'red',
      title: 'No se pudo imprimir',
      message: error instanceof Error ? error.message : 'El navegador no permitió imprimir.',
    });
  }
}

/** Prints an invoice's receipt. */
export function imprimirRecibo(detalle: DetalleFactura, formato: FormatoDeRecibo = '80mm'): Promise<void> {
  return imprimirConEmpresa(nombreDelRecibo(detalle), formato, (empresa) => (
    <CuerpoDelRecibo detalle={detalle} formato={formato} empresa={empresa} />
  ));
}

/** The roll the user's printing settings ask for (spec 002 §3 impresion.formatoDePagina): 80 mm unless 58. */
export function formatoDelUsuario(
  perfil: { impresion: { formatoDePagina: string } } | null | undefined,
): FormatoDeRecibo {
  return perfil?.impresion.formatoDePagina === '58mm' ? '58mm' : '80mm';
}
