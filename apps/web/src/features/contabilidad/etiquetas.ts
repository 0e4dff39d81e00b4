import type { Naturaleza, TipoDeCuenta } from '@pos/contract';

export const TIPOS_DE_CUENTA: Record<TipoDeCuenta, { nombre: string; color: string }> = {
  activo: { nombre: 'Activo', color: 'blue' },
  pasivo: { nombre: 'Pasivo', color: 'grape' },
  capital: { nombre: 'Capital', color: 'violet' },
  ingresos: { nombre: 'Ingresos', color: 'teal' },
  costos: { nombre: 'Costos', color: 'orange' },
  gastos: { nombre: 'Gastos', color: 'red' },
};

export const NATURALEZAS: Record<Naturaleza, string> = { deudora: 'Deudora', acreedora: 'Acreedora' };
