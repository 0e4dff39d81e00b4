import { createHash } from 'node:crypto';
import {
  type Archivo,
  CamposDeProducto,
  COLUMNAS_DE_IMPORTACION,
  type ErrorDeImportacion,
  LineaDeAlmacen,
  MAXIMO_FILAS_DE_IMPORTACION,
  type ResultadoDeImportacion,
} from '@pos/contract';
import { normalizarBusqueda } from '@pos/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { filas, planesAMedida } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { TIPO_XLSX } from '../../http/exportar.ts';
import type { CtxConSesion } from '../../http/handle.ts';
import { listarImpuestosActivos } from '../configuracion/service.ts';
import { exigirAlmacen, listarCategorias, obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { codigoGuardado } from '../productos/codigos.ts';
import { crearProductos } from '../productos/escritura.ts';

// POST /registro-productos/import-xlsx (spec 002 §7): every row is read and checked first; any error
// answers 400 with each row, column and message, and nothing is imported. Then the products are created
// together by the productos module's crearProductos (set-wise inserts, the opening stock through the
// stock ledger), in the request's one transaction. Each row's identificadorUnico is the file's hash plus the row, so
// uploading the same file again does not create its products twice.

type Titulo = (typeof COLUMNAS_DE_IMPORTACION)[number]['titulo'];

const MAXIMO_ERRORES = 500;
const SI = new Set(['si', 'sí', 's', 'x', 'true', 'verdadero', '1', 'yes']);
const NO = new Set(['no', 'n', 'false', 'falso', '0']);

type Celda = string | number | boolean | null;

function valorDeCelda(valor: ExcelJS.CellValue): Celda {
  if (valor === null || valor === undefined) {
    return null;
  }
  if (typeof valor === 'string') {
    const limpio = valor.trim();
    return limpio === '' ? null : limpio;
  }
  if (typeof valor === 'number' || typeof valor === 'boolean') {
    return valor;
  }
  if (valor instanceof Date) {
    return valor.toISOString().slice(0, 10);
  }
  if ('richText' in valor) {
    return valorDeCelda(valor.richText.map((parte) => parte.text).join(''));
  }
  if ('result' in valor) {
    return valorDeCelda((valor.result ?? null) as ExcelJS.CellValue);
  }
  if ('text' in valor) {
    return valorDeCelda(valor.text as string);
  }
  if ('error' in valor) {
    return null;
  }
  return null;
}

type Lector = { fila: number; errores: ErrorDeImportacion[]; celdas: Map<Titulo, Celda> };

function error(lector: Lector, columna: string, mensaje: string): void {
  lector.errores.push({ campo: `Fila ${lector.fila}, ${columna}`, mensaje, fila: lector.fila, columna });
}

function texto(lector: Lector, columna: Titulo): string {
  const valor = lector.celdas.get(columna) ?? null;
  if (valor === null) {
    return '';
  }
  // A barcode typed as a number keeps all its digits (Excel shows 7.46E+12 but stores them).
  return typeof valor === 'number'
    ? Number.isInteger(valor)
      ? valor.toFixed(0)
      : String(valor)
    : String(valor);
}

function numero(lector: Lector, columna: Titulo, decimales: number): number | undefined {
  const valor = lector.celdas.get(columna) ?? null;
  if (valor === null) {
    return undefined;
  }
  const n = typeof valor === 'number' ? valor : Number(String(valor).replace(/RD\$|\$|,|\s/g, ''));
  if (typeof valor === 'boolean' || !Number.isFinite(n)) {
    error(lector, columna, 'Debe ser un número');
    return undefined;
  }
  if (n < 0) {
    error(lector, columna, 'No puede ser negativo');
    return undefined;
  }
  const factor = 10 ** decimales;
  return Math.round(n * factor) / factor;
}

function siNo(lector: Lector, columna: Titulo, porDefecto: boolean): boolean {
  const valor = lector.celdas.get(columna) ?? null;
  if (valor === null) {
    return porDefecto;
  }
  if (typeof valor === 'boolean') {
    return valor;
  }
  const clave = normalizarBusqueda(String(valor));
  if (SI.has(clave)) {
    return true;
  }
  if (NO.has(clave)) {
    return false;
  }
  error(lector, columna, 'Debe ser Sí o No');
  return porDefecto;
}

// Which column a field of the product contract comes from, to place its validation errors.
const COLUMNA_DE_CAMPO: Record<string, Titulo> = {
  nombre: 'Nombre',
  idCodigoDeBarra: 'Código de barras',
  referencia: 'Referencia',
  categoria: 'Categoría',
  unidadMedida: 'Unidad de medida',
  precioDeVenta: 'Precio de venta',
  costo: 'Costo',
  impuestos: 'Impuesto',
  impuesto: 'Impuesto',
  descripcion: 'Descripción',
  cantidadInicial: 'Existencia inicial',
  cantidadMinima: 'Cantidad mínima',
  cantidadMaxima: 'Cantidad máxima',
};

type FilaLista = { fila: number; campos: CamposDeProducto; linea: LineaDeAlmacen; codigo: string };

async function leerLibro(archivo: Uint8Array): Promise<ExcelJS.Worksheet> {
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load(Buffer.from(archivo) as unknown as ArrayBuffer);
  } catch {
    throw new AppError(
      'solicitud_invalida',
      'El archivo no es una hoja de cálculo de Excel (.xlsx) válida.',
      {
        errores: [{ campo: 'avatar', mensaje: 'Envía un archivo .xlsx' }],
      },
    );
  }
  const hoja = libro.getWorksheet('Productos') ?? libro.worksheets[0];
  if (!hoja) {
    throw new AppError('solicitud_invalida', 'La hoja de cálculo no tiene hojas.');
  }
  return hoja;
}

/** POST /registro-productos/import-xlsx. */
export async function importarProductos(
  ctx: CtxConSesion,
  entrada: { avatar: Uint8Array; idAlmacen?: string | undefined },
): Promise<ResultadoDeImportacion> {
  // Thousands of rows land in productos inside this one transaction.
  await planesAMedida(ctx.tx);
  const idAlmacen = entrada.idAlmacen ?? (await obtenerAlmacenPrincipal(ctx))._id;
  await exigirAlmacen(ctx, idAlmacen, 'idAlmacen');
  const hoja = await leerLibro(entrada.avatar);

  // Row 1: headers, matched without case or accents.
  const porTitulo = new Map(COLUMNAS_DE_IMPORTACION.map((c) => [normalizarBusqueda(c.titulo), c.titulo]));
  const columnas = new Map<number, Titulo>();
  hoja.getRow(1).eachCell((celda, numeroDeColumna) => {
    const titulo = porTitulo.get(normalizarBusqueda(String(valorDeCelda(celda.value) ?? '')));
    if (titulo) {
      columnas.set(numeroDeColumna, titulo);
    }
  });
  if (![...columnas.values()].includes('Nombre')) {
    throw new AppError(
      'solicitud_invalida',
      'La hoja no tiene la columna «Nombre» en la fila 1. Descarga la plantilla para ver las columnas.',
      {
        errores: [
          {
            campo: 'Fila 1, Nombre',
            mensaje: 'Falta la columna Nombre',
            fila: 1,
            columna: 'Nombre',
          } as never,
        ],
      },
    );
  }
  if (hoja.actualRowCount - 1 > MAXIMO_FILAS_DE_IMPORTACION) {
    throw new AppError(
      'solicitud_invalida',
      `Se pueden importar hasta ${MAXIMO_FILAS_DE_IMPORTACION.toLocaleString('es-DO')} productos por archivo.`,
    );
  }

  const huella = createHash('sha256').update(entrada.avatar).digest('hex').slice(0, 40);
  const identificador = (fila: number) => `xlsx-${huella}-${fila}`;
  const yaImportadas = new Set(
    (
      await filas<{ identificador_unico: string }>(
        ctx.tx,
        sql`select identificador_unico from productos
            where tenant_id = ${ctx.tenantId} and identificador_unico like ${`xlsx-${huella}-%`}`,
      )
    ).map((f) => f.identificador_unico),
  );

  const categorias = new Map(
    (await listarCategorias(ctx, { input: '', limit: 500, activos: false })).res.map((c) => [
      normalizarBusqueda(c.nombre),
      c._id,
    ]),
  );
  const impuestos = new Map(
    (await listarImpuestosActivos(ctx)).map((i) => [
      normalizarBusqueda(i.name),
      { tasa: i.tasa, name: i.name, tipoDeImpuesto: i.tipoDeImpuesto },
    ]),
  );

  const errores: ErrorDeImportacion[] = [];
  const listas: FilaLista[] = [];
  let yaImportados = 0;
  hoja.eachRow({ includeEmpty: false }, (row, numeroDeFila) => {
    if (numeroDeFila === 1 || errores.length >= MAXIMO_ERRORES) {
      return;
    }
    const celdas = new Map<Titulo, Celda>();
    for (const [numeroDeColumna, titulo] of columnas) {
      celdas.set(titulo, valorDeCelda(row.getCell(numeroDeColumna).value));
    }
    if ([...celdas.values()].every((v) => v === null)) {
      return;
    }
    if (yaImportadas.has(identificador(numeroDeFila))) {
      yaImportados++;
      return;
    }
    const lector: Lector = { fila: numeroDeFila, errores, celdas };
    const nombreCategoria = texto(lector, 'Categoría');
    const categoria = nombreCategoria ? categorias.get(normalizarBusqueda(nombreCategoria)) : null;
    if (nombreCategoria && !categoria) {
      error(lector, 'Categoría', `No existe la categoría «${nombreCategoria}»`);
    }
    const nombreImpuesto = texto(lector, 'Impuesto');
    const impuesto = nombreImpuesto ? impuestos.get(normalizarBusqueda(nombreImpuesto)) : undefined;
    if (nombreImpuesto && !impuesto) {
      error(lector, 'Impuesto', `No existe un impuesto activo llamado «${nombreImpuesto}»`);
    }
    const inventariable = siNo(lector, 'Inventariable', true);
    const existencia = numero(lector, 'Existencia inicial', 4) ?? 0;
    if (!inventariable && existencia > 0) {
      error(lector, 'Existencia inicial', 'Un producto no inventariable no lleva existencia');
    }
    const antes = errores.length;
    const campos = CamposDeProducto.safeParse({
      nombre: texto(lector, 'Nombre'),
      idCodigoDeBarra: texto(lector, 'Código de barras'),
      referencia: texto(lector, 'Referencia'),
      categoria: categoria ?? null,
      unidadMedida: texto(lector, 'Unidad de medida'),
      precioDeVenta: numero(lector, 'Precio de venta', 2) ?? 0,
      costo: numero(lector, 'Costo', 2) ?? 0,
      impuesto: impuesto?.name ?? '',
      impuestos: impuesto ? [impuesto] : [],
      productoInventariable: inventariable,
      ventaSinDisponibilidad: siNo(lector, 'Venta sin disponibilidad', true),
      descripcion: texto(lector, 'Descripción'),
    });
    const linea = LineaDeAlmacen.safeParse({
      idAlmacen,
      cantidadInicial: inventariable ? existencia : 0,
      cantidadMinima: numero(lector, 'Cantidad mínima', 4) ?? 0,
      cantidadMaxima: numero(lector, 'Cantidad máxima', 4) ?? 0,
    });
    for (const resultado of [campos, linea]) {
      if (!resultado.success) {
        for (const issue of resultado.error.issues) {
          error(lector, COLUMNA_DE_CAMPO[String(issue.path[0])] ?? String(issue.path[0]), issue.message);
        }
      }
    }
    if (errores.length === antes && campos.success && linea.success) {
      listas.push({
        fila: numeroDeFila,
        campos: campos.data,
        linea: linea.data,
        codigo: codigoGuardado(campos.data.idCodigoDeBarra),
      });
    }
  });

  // Spec 002 §5: a code of 3+ characters belongs to one active product: not twice in the file, and not
  // one another product already has (the message names it).
  const primeraConCodigo = new Map<string, number>();
  for (const lista of listas) {
    if (lista.codigo.length < 3) {
      continue;
    }
    const previa = primeraConCodigo.get(lista.codigo);
    if (previa !== undefined) {
      errores.push({
        campo: `Fila ${lista.fila}, Código de barras`,
        mensaje: `El código ${lista.codigo} ya está en la fila ${previa}`,
        fila: lista.fila,
        columna: 'Código de barras',
      });
    } else {
      primeraConCodigo.set(lista.codigo, lista.fila);
    }
  }
  const codigos = [...primeraConCodigo.keys()];
  for (let i = 0; i < codigos.length; i += 5000) {
    const tomados = await filas<{ codigo: string; nombre: string }>(
      ctx.tx,
      sql`select id_codigo_de_barra as codigo, nombre from productos
          where tenant_id = ${ctx.tenantId} and estado <> 'Anulado' and length(id_codigo_de_barra) >= 3
            and id_codigo_de_barra in ${codigos.slice(i, i + 5000)}`,
    );
    for (const tomado of tomados) {
      const fila = primeraConCodigo.get(tomado.codigo) as number;
      errores.push({
        campo: `Fila ${fila}, Código de barras`,
        mensaje: `El código de barra ${tomado.codigo} ya pertenece al artículo «${tomado.nombre}»`,
        fila,
        columna: 'Código de barras',
      });
    }
  }

  if (errores.length > 0) {
    errores.sort((a, b) => a.fila - b.fila);
    const cantidad = errores.length >= MAXIMO_ERRORES ? `${MAXIMO_ERRORES} o más` : String(errores.length);
    throw new AppError(
      'solicitud_invalida',
      `No se importó ningún producto: el archivo tiene ${cantidad} ${errores.length === 1 ? 'error' : 'errores'}.`,
      { errores: errores.slice(0, MAXIMO_ERRORES) },
    );
  }

  // The rows were checked above; what the creation still refuses (a code taken meanwhile) rolls the
  // whole import back with its message.
  let creados: Awaited<ReturnType<typeof crearProductos>>;
  try {
    creados = await crearProductos(
      ctx,
      listas.map((lista) => ({
        campos: lista.campos,
        lineas: [lista.linea],
        identificadorUnico: identificador(lista.fila),
      })),
    );
  } catch (causa) {
    if (causa instanceof AppError) {
      throw new AppError(causa.codigo, `No se importó ningún producto: ${causa.message}`, {
        errores: causa.errores,
      });
    }
    throw causa;
  }
  const importados = creados.filter((c) => !c.solicitudDuplicada).length;
  yaImportados += creados.length - importados;
  return {
    message:
      importados === 0 && yaImportados > 0
        ? 'Este archivo ya se había importado; no se creó ningún producto nuevo.'
        : `Se importaron ${importados} productos.`,
    importados,
    yaImportados,
    idAlmacen,
  };
}

/** GET /registro-productos/plantilla-xlsx: the template with its headers, an example and instructions. */
export async function plantillaDeImportacion(): Promise<Archivo> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'POS';
  const hoja = libro.addWorksheet('Productos', { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = COLUMNAS_DE_IMPORTACION.map((c) => ({
    header: c.titulo,
    key: c.titulo,
    width: Math.max(14, c.titulo.length + 4),
    // Codes stay text, so leading zeros survive.
    ...(c.titulo === 'Código de barras' || c.titulo === 'Referencia' ? { style: { numFmt: '@' } } : {}),
  }));
  const cabecera = hoja.getRow(1);
  cabecera.font = { bold: true };
  cabecera.eachCell((celda) => {
    celda.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
  });
  hoja.addRow(COLUMNAS_DE_IMPORTACION.map((c) => c.ejemplo));
  const instrucciones = libro.addWorksheet('Instrucciones');
  instrucciones.columns = [
    { header: 'Columna', key: 'columna', width: 26 },
    { header: 'Obligatoria', key: 'obligatoria', width: 12 },
    { header: 'Qué poner', key: 'descripcion', width: 90 },
  ];
  instrucciones.getRow(1).font = { bold: true };
  for (const c of COLUMNAS_DE_IMPORTACION) {
    instrucciones.addRow({
      columna: c.titulo,
      obligatoria: c.obligatoria ? 'Sí' : 'No',
      descripcion: c.descripcion,
    });
  }
  instrucciones.addRow({});
  instrucciones.addRow({
    columna: 'Notas',
    descripcion:
      'La fila 1 lleva los títulos (el orden no importa). Borra la fila de ejemplo. Si una fila tiene un error no se importa nada: corrige y vuelve a subir el archivo.',
  });
  return {
    archivo: Buffer.from(await libro.xlsx.writeBuffer()),
    tipo: TIPO_XLSX,
    nombre: 'plantilla-productos.xlsx',
    disposicion: 'attachment',
  };
}
