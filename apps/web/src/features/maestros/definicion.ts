import type { CategoriaDeCuenta, Endpoint, TipoDeDocumento } from '@pos/contract';
import type { z } from 'zod';
import type { Columna } from '../../ui/TablaLista.tsx';
import type { ClaveDeFamilia, RutasDeFamilia } from './rutas.ts';

/** The five calls of a family (contract `endpointsDeMaestro`), typed by the row they answer. */
export type EndpointsDeMaestro<F> = {
  listar: Endpoint<z.ZodType, z.ZodType<{ res: F[]; totalRows: number }>>;
  obtener: Endpoint<z.ZodType, z.ZodType<F>>;
  crear: Endpoint<z.ZodType, z.ZodType<F & { solicitudDuplicada: boolean }>>;
  cambiar: Endpoint<z.ZodType, z.ZodType<F>>;
  eliminar: Endpoint<z.ZodType, z.ZodType<{ message: string }>>;
};

/** Where a select takes its options from (only what selectors may offer: `activos=true`). */
export type FuenteDeOpciones =
  | { de: 'almacenes' }
  | { de: 'categorias' }
  | { de: 'usuarios' }
  | { de: 'numeraciones'; tipoDeDocumento: TipoDeDocumento }
  /** Detail accounts of the chart by their id (a terminal's default cash box). */
  | { de: 'idDeCuenta'; categorias: CategoriaDeCuenta[] };

type Base<V> = {
  campo: keyof V & string;
  etiqueta: string;
  descripcion?: string;
  /** Takes the whole row of the grid. */
  completo?: boolean;
  /** Shown only when this holds (the discount percent of a price list only with a percent discount). */
  visible?: (valores: V) => boolean;
};

/** One input of a family's form; the generic form renders it and the contract schema validates it. */
export type Campo<V> =
  | (Base<V> & {
      tipo: 'texto';
      obligatorio?: boolean;
      multilinea?: boolean;
      /** Offered as the user types (the name of a tax: spec 002 §9 tax options). */
      sugerencias?: string[];
      placeholder?: string;
    })
  | (Base<V> & {
      tipo: 'numero';
      obligatorio?: boolean;
      min?: number;
      max?: number;
      decimales?: number;
      prefijo?: string;
      sufijo?: string;
    })
  | (Base<V> & { tipo: 'interruptor' })
  | (Base<V> & { tipo: 'opciones'; opciones: Array<{ value: string; label: string }>; obligatorio?: boolean })
  | (Base<V> & { tipo: 'dias' })
  | (Base<V> & { tipo: 'fecha' })
  /** A chart account as documents carry it: `{ idCuenta, nombre, codigoDeCuenta, tipo }` or null. */
  | (Base<V> & { tipo: 'cuenta'; categorias: CategoriaDeCuenta[] })
  | (Base<V> & { tipo: 'seleccion'; fuente: FuenteDeOpciones; multiple?: boolean });

/** A heading that groups the inputs after it. */
export type Grupo = { grupo: string };

/** Everything the generic list and form need to know about one family. */
export type DefinicionDeMaestro<F extends { _id: string }, V extends Record<string, unknown>> = {
  clave: ClaveDeFamilia;
  rutas: RutasDeFamilia;
  /** «impuesto», «lista de precios»: used in messages and labels. */
  singular: string;
  femenino?: boolean;
  endpoints: EndpointsDeMaestro<F>;
  esquemaCrear: z.ZodType;
  esquemaCambiar: z.ZodType;
  /** Items with the deactivation lifecycle of spec 002 §4 (estado, autorizacion, notaAnular). */
  desactivable: boolean;
  nombre: (fila: F) => string;
  columnas: Columna<F>[];
  /** Every field of the form with its empty value; editing fills the same keys from the item. */
  valoresIniciales: () => V;
  campos: Array<Campo<V> | Grupo>;
  /** Values other fields take when one changes (choosing «Itbis 18%» fills its rate). */
  completar?: (valores: V, anteriores: V) => Partial<V> | null;
  /** The search box's hint. */
  buscarPor?: string;
  /** Rows per list page when not the settings' 10 (spec 002 §9: accounting lists 25). */
  porPagina?: number;
  /** Toast titles of a failed create and update when the spec names them (spec 002 §8 accounting failures). */
  titulosDeError?: { crear?: string; actualizar?: string };
};

/** The state fields of a deactivatable row. */
export type EstadoDeFila = { estado: 'Activo' | 'Desactivado'; notaAnular: string };

export function tieneEstado(fila: object): fila is EstadoDeFila {
  return 'estado' in fila && 'notaAnular' in fila;
}

/** «Impuesto creado.», «Lista de precios creada.» */
export function mensajeDe(
  definicion: { singular: string; femenino?: boolean },
  accion: 'cread' | 'actualizad' | 'desactivad' | 'reactivad',
): string {
  const texto = `${definicion.singular} ${accion}${definicion.femenino ? 'a' : 'o'}.`;
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}
