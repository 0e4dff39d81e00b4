import {
  type EstadoDeCuentaImportado,
  type ImportarEstadoDeCuenta,
  MENSAJE_CONCILIACION_CERRADA,
  MENSAJE_CONCILIACION_NO_EXISTE,
  type MovimientoConciliacion,
} from '@pos/contract';
import { aCentavos } from '@pos/domain';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { verificarMovimiento } from './operaciones.ts';
import { aResumen, type FilaConciliacion, filaDeConciliacion, movimientosDeConciliacion } from './service.ts';

type FilaDelEstado = { fila: number; fecha: string; centavos: number };

const MENSAJE_FORMATO =
  'El estado de cuenta debe tener una fila de títulos con «Fecha» y «Monto» (o «Débito» y «Crédito»).';

function sinAcentos(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** AAAA-MM-DD or DD/MM/AAAA (the banks' statements), or a spreadsheet date. */
function leerFecha(valor: unknown): string | null {
  if (valor instanceof Date) {
    return valor.toISOString().slice(0, 10);
  }
  const texto = String(valor ?? '').trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(texto);
  if (iso) {
    return `${iso[1]}-${iso[2]}-${iso[3]}`;
  }
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(texto);
  return local ? `${local[3]}-${local[2]?.padStart(2, '0')}-${local[1]?.padStart(2, '0')}` : null;
}

/** «RD$1,234.56», «-300», «(300.00)» → cents; empty → 0. */
function leerMonto(valor: unknown): number | null {
  if (typeof valor === 'number') {
    return aCentavos(valor);
  }
  const texto = String(valor ?? '').trim();
  if (texto === '') {
    return 0;
  }
  const negativo = texto.startsWith('-') || /^\(.*\)$/.test(texto);
  const limpio = texto.replace(/[^\d.]/g, '');
  const numero = Number(limpio);
  if (limpio === '' || !Number.isFinite(numero)) {
    return null;
  }
  return (negativo ? -1 : 1) * aCentavos(numero);
}

function separarCsv(linea: string, separador: string): string[] {
  const celdas: string[] = [];
  let actual = '';
  let entreComillas = false;
  for (const c of linea) {
    if (c === '"') {
      entreComillas = !entreComillas;
    } else if (c === separador && !entreComillas) {
      celdas.push(actual);
      actual = '';
    } else {
      actual += c;
    }
  }
  celdas.push(actual);
  return celdas;
}

async function filasDelArchivo(entrada: ImportarEstadoDeCuenta): Promise<unknown[][]> {
  const bytes = Buffer.from(entrada.contenido, 'base64');
  if (entrada.nombre.toLowerCase().endsWith('.xlsx')) {
    const libro = new ExcelJS.Workbook();
    try {
      await libro.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new AppError(
        'solicitud_invalida',
        'El archivo no es una hoja de cálculo de Excel (.xlsx) válida.',
      );
    }
    const hoja = libro.worksheets[0];
    const filas: unknown[][] = [];
    hoja?.eachRow({ includeEmpty: false }, (fila) => {
      const valores = fila.values as unknown[];
      filas.push(valores.slice(1));
    });
    return filas;
  }
  const lineas = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const separador = (lineas[0] ?? '').includes(';') ? ';' : ',';
  return lineas.map((linea) => separarCsv(linea, separador));
}

/** The statement's rows: date and signed amount (deposits positive, withdrawals negative). */
export async function leerEstadoDeCuenta(entrada: ImportarEstadoDeCuenta): Promise<FilaDelEstado[]> {
  const [titulos = [], ...resto] = await filasDelArchivo(entrada);
  const indice = (...nombres: string[]) =>
    titulos.findIndex((t) => nombres.some((n) => sinAcentos(String(t ?? '')).startsWith(n)));
  const fecha = indice('fecha');
  const monto = indice('monto', 'importe', 'valor');
  const debito = indice('debito', 'retiro', 'cargo');
  const credito = indice('credito', 'deposito', 'abono');
  if (fecha < 0 || (monto < 0 && (debito < 0 || credito < 0))) {
    throw new AppError('solicitud_invalida', MENSAJE_FORMATO);
  }
  const filas: FilaDelEstado[] = [];
  resto.forEach((celdas, i) => {
    const dia = leerFecha(celdas[fecha]);
    const centavos =
      monto >= 0
        ? leerMonto(celdas[monto])
        : (leerMonto(celdas[credito]) ?? 0) - Math.abs(leerMonto(celdas[debito]) ?? 0);
    if (dia && centavos) {
      filas.push({ fila: i + 2, fecha: dia, centavos });
    }
  });
  return filas;
}

function distanciaEnDias(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T12:00:00Z`) - Date.parse(`${b}T12:00:00Z`)) / 86_400_000;
}

/**
 * POST /conciliacio/importar-estado/{id}: each statement row ticks at most one unticked movement of
 * the open reconciliation in its direction with the same amount, the closest in date within the
 * tolerance; a movement is ticked once. What matched nothing is returned for the user to review.
 */
export async function importarEstadoDeCuenta(
  ctx: Ctx,
  idConciliacion: string,
  entrada: ImportarEstadoDeCuenta,
): Promise<EstadoDeCuentaImportado> {
  const fila = await filaDeConciliacion(ctx, idConciliacion);
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_CONCILIACION_NO_EXISTE);
  }
  if (fila.estado !== 'Abierta') {
    throw new AppError('conflicto', MENSAJE_CONCILIACION_CERRADA);
  }
  const estado = await leerEstadoDeCuenta(entrada);
  const { data } = await movimientosDeConciliacion(ctx, fila, { conciliado: false, page: 1, limit: 100_000 });
  const libres = new Set<MovimientoConciliacion>(data);
  const sinCoincidencia: EstadoDeCuentaImportado['sinCoincidencia'] = [];
  let marcados = 0;
  for (const renglon of estado) {
    const tipo = renglon.centavos > 0 ? 'ingreso' : 'egreso';
    const candidatos = [...libres]
      .filter(
        (m) =>
          m.tipo === tipo &&
          aCentavos(m.monto) === Math.abs(renglon.centavos) &&
          distanciaEnDias(m.fecha, renglon.fecha) <= entrada.diasDeTolerancia,
      )
      .sort((a, b) => distanciaEnDias(a.fecha, renglon.fecha) - distanciaEnDias(b.fecha, renglon.fecha));
    const elegido = candidatos[0];
    if (elegido) {
      libres.delete(elegido);
      await verificarMovimiento(ctx, elegido._id, { idConciliacion, conciliacionVerificada: true });
      marcados += 1;
    } else {
      sinCoincidencia.push({ fila: renglon.fila, fecha: renglon.fecha, monto: renglon.centavos / 100 });
    }
  }
  const resumen = (await filaDeConciliacion(ctx, idConciliacion)) as FilaConciliacion;
  return {
    message: `Se marcaron ${marcados} de ${estado.length} movimientos del estado de cuenta.`,
    filas: estado.length,
    marcados,
    sinCoincidencia,
    conciliacion: aResumen(resumen),
  };
}
