import type { FormatoDeCodigo, PerfilBarcode } from '@pos/contract';
import { aCentavos, digitoVerificadorEan13, formatearDinero } from '@pos/domain';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { pdfABuffer } from '../../http/exportar.ts';

// The label sheet (spec 002 §2 "label printing", §3 "Barcode profile"). bwip-js encodes the symbol
// (its `raw` output: bar and space widths in modules); the bars are drawn as vector rectangles, so
// they print sharp at any size.

const PT_POR_MM = 72 / 25.4;
/** Blank space kept inside each label's edge, and on each side of the bars (quiet zone), in mm. */
const MARGEN_INTERNO_MM = 1.5;
const ZONA_SILENCIOSA_MODULOS = 7;

export type Simbologia = 'ean13' | 'code128';

/** Whether `codigo` is a valid EAN-13 (13 digits with the right check digit). */
export function esEan13(codigo: string): boolean {
  return /^\d{13}$/.test(codigo) && digitoVerificadorEan13(codigo.slice(0, 12)) === Number(codigo[12]);
}

/** EAN-13 when the code is a valid one (and the profile allows it), Code 128 otherwise. */
export function simbologiaDe(codigo: string, formato: FormatoDeCodigo): Simbologia {
  return formato !== 'CODE128' && esEan13(codigo) ? 'ean13' : 'code128';
}

export type Barras = {
  simbologia: Simbologia;
  /** Total width in modules (EAN-13: 95). */
  modulos: number;
  /** Each bar: start and width in modules. */
  barras: Array<{ x: number; ancho: number }>;
};

/** Encodes a code with bwip-js: the bars of the symbol, in modules. */
export function codificar(codigo: string, formato: FormatoDeCodigo): Barras {
  const simbologia = simbologiaDe(codigo, formato);
  const [simbolo] = bwipjs.raw({ bcid: simbologia, text: codigo }) as Array<{ sbs?: number[] }>;
  const anchos = simbolo?.sbs ?? [];
  const barras: Barras['barras'] = [];
  let x = 0;
  anchos.forEach((ancho, indice) => {
    // sbs alternates bar, space, bar… starting with a bar.
    if (indice % 2 === 0) {
      barras.push({ x, ancho });
    }
    x += ancho;
  });
  return { simbologia, modulos: x, barras };
}

export type Etiqueta = { nombre: string; codigo: string; precio: number };

export type PerfilDeEtiqueta = Omit<PerfilBarcode, '_id' | 'identificadorUnico' | 'nombre'> & {
  /** The company's name (configuration), used when the profile has no custom one. */
  nombreEmpresa: string;
};

export type Papel = 'etiqueta' | 'carta';

const CARTA = { ancho: 612, alto: 792, margen: 36 };

function recortar(doc: PDFKit.PDFDocument, texto: string, ancho: number): string {
  if (doc.widthOfString(texto) <= ancho) {
    return texto;
  }
  let corto = texto;
  while (corto.length > 1 && doc.widthOfString(`${corto}…`) > ancho) {
    corto = corto.slice(0, -1);
  }
  return `${corto.trimEnd()}…`;
}

/** The labels per page on each paper, and the page size in points. */
export function disposicion(perfil: PerfilDeEtiqueta, papel: Papel) {
  const ancho = perfil.anchoPaginaBarcode * PT_POR_MM;
  const alto = perfil.alturaPaginaBarcode * PT_POR_MM;
  if (papel === 'etiqueta') {
    return { pagina: [ancho, alto] as [number, number], columnas: 1, filas: 1, ancho, alto, origen: [0, 0] };
  }
  const columnas = Math.max(1, Math.floor((CARTA.ancho - 2 * CARTA.margen) / ancho));
  const filas = Math.max(1, Math.floor((CARTA.alto - 2 * CARTA.margen) / alto));
  return {
    pagina: [CARTA.ancho, CARTA.alto] as [number, number],
    columnas,
    filas,
    ancho,
    alto,
    origen: [CARTA.margen, CARTA.margen],
  };
}

function dibujarEtiqueta(
  doc: PDFKit.PDFDocument,
  etiqueta: Etiqueta,
  perfil: PerfilDeEtiqueta,
  x0: number,
  y0: number,
  ancho: number,
  alto: number,
  papel: Papel,
): void {
  const margen = MARGEN_INTERNO_MM * PT_POR_MM;
  const x = x0 + margen;
  const anchoUtil = ancho - 2 * margen;
  const separacion = perfil.margenDelTexto;
  if (papel === 'carta') {
    // Cutting guide on plain sheets.
    doc.save().rect(x0, y0, ancho, alto).lineWidth(0.2).dash(2, { space: 2 }).strokeColor('#cccccc').stroke();
    doc.restore();
  }
  type Linea = { texto: string; tamano: number; negrita: boolean };
  const arriba: Linea[] = [];
  const abajo: Linea[] = [];
  const nombreEmpresa = perfil.nombreEmpresaPersonalizado.trim() || perfil.nombreEmpresa;
  if (perfil.incluirNombreEmpresaBarcode && nombreEmpresa) {
    arriba.push({ texto: nombreEmpresa, tamano: perfil.fontSizeNombreComercial, negrita: true });
  }
  if (perfil.incluirDescripcionBarcode) {
    arriba.push({ texto: etiqueta.nombre, tamano: perfil.fontSize, negrita: false });
  }
  const lineaCodigo: Linea = { texto: etiqueta.codigo, tamano: perfil.fontSize, negrita: false };
  if (!perfil.desabilitarCodigo) {
    (perfil.textPosition === 'top' ? arriba : abajo).push(lineaCodigo);
  }
  if (perfil.incluirPrecioBarcode) {
    abajo.push({
      texto: formatearDinero(aCentavos(etiqueta.precio)),
      tamano: perfil.fontSizePrecio,
      negrita: true,
    });
  }
  if (perfil.notaBarcode.trim()) {
    abajo.push({ texto: perfil.notaBarcode.trim(), tamano: perfil.fontSizeNotaBarcode, negrita: false });
  }
  const altoDe = (lineas: Linea[]) => lineas.reduce((suma, l) => suma + l.tamano * 1.15 + separacion, 0);
  const disponible = alto - 2 * margen - altoDe(arriba) - altoDe(abajo);
  const altoBarras = Math.max(Math.min(perfil.height * PT_POR_MM, disponible), 3 * PT_POR_MM);

  let y = y0 + margen;
  const escribir = (linea: Linea) => {
    // A line that would not fit the label is left out (pdfkit would otherwise start a new page).
    if (y + linea.tamano * 1.15 > y0 + alto) {
      return;
    }
    doc
      .font(linea.negrita ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(linea.tamano)
      .fillColor('black');
    doc.text(recortar(doc, linea.texto, anchoUtil), x, y, {
      width: anchoUtil,
      align: 'center',
      lineBreak: false,
    });
    y += linea.tamano * 1.15 + separacion;
  };
  arriba.forEach(escribir);

  const barras = codificar(etiqueta.codigo, perfil.format);
  const modulosConZona = barras.modulos + 2 * ZONA_SILENCIOSA_MODULOS;
  // width: the narrowest bar in tenths of a mm, reduced when the symbol would not fit the label.
  const modulo = Math.min((perfil.width / 10) * PT_POR_MM, anchoUtil / modulosConZona);
  const xBarras = x + (anchoUtil - barras.modulos * modulo) / 2;
  doc.save().fillColor('black');
  for (const barra of barras.barras) {
    doc.rect(xBarras + barra.x * modulo, y, barra.ancho * modulo, altoBarras);
  }
  doc.fill().restore();
  y += altoBarras + separacion;
  abajo.forEach(escribir);
}

/** The PDF of `etiquetas` (already one per printed label) and its page count. */
export async function hojaDeEtiquetas(
  etiquetas: readonly Etiqueta[],
  perfil: PerfilDeEtiqueta,
  papel: Papel,
): Promise<{ pdf: Buffer; paginas: number }> {
  const lugar = disposicion(perfil, papel);
  const porPagina = lugar.columnas * lugar.filas;
  const doc = new PDFDocument({
    size: lugar.pagina,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Etiquetas de productos', Producer: 'POS' },
  });
  let paginas = 0;
  etiquetas.forEach((etiqueta, indice) => {
    const posicion = indice % porPagina;
    if (posicion === 0) {
      doc.addPage({ size: lugar.pagina, margin: 0 });
      paginas++;
    }
    const columna = posicion % lugar.columnas;
    const fila = Math.floor(posicion / lugar.columnas);
    dibujarEtiqueta(
      doc,
      etiqueta,
      perfil,
      (lugar.origen[0] ?? 0) + columna * lugar.ancho,
      (lugar.origen[1] ?? 0) + fila * lugar.alto,
      lugar.ancho,
      lugar.alto,
      papel,
    );
  });
  return { pdf: await pdfABuffer(doc), paginas };
}
