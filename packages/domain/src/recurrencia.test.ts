import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fechaDelPeriodo, periodosVencidos, proximaFecha, type Recurrencia } from './recurrencia.ts';

const mensual = (fechaDeInicio: string, fechaVigencia: string | null = null): Recurrencia => ({
  fechaDeInicio,
  fechaVigencia,
  frecuencia: 1,
  frecuenciaTipo: 'month',
});

describe('fechas de una factura recurrente', () => {
  it('cuenta los meses desde el inicio: el 31 pasa al último día del mes y vuelve al 31', () => {
    const r = mensual('2026-01-31');
    expect([0, 1, 2, 3, 4].map((n) => fechaDelPeriodo(r, n))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(fechaDelPeriodo(mensual('2027-12-31'), 2)).toBe('2028-02-29');
  });

  it('años desde el 29 de febrero, días, semanas y cada 3 meses', () => {
    expect(fechaDelPeriodo({ ...mensual('2028-02-29'), frecuenciaTipo: 'year' }, 1)).toBe('2029-02-28');
    expect(fechaDelPeriodo({ ...mensual('2028-02-29'), frecuenciaTipo: 'year' }, 4)).toBe('2032-02-29');
    expect(fechaDelPeriodo({ ...mensual('2026-12-30'), frecuenciaTipo: 'day', frecuencia: 3 }, 1)).toBe(
      '2027-01-02',
    );
    expect(fechaDelPeriodo({ ...mensual('2026-11-25'), frecuenciaTipo: 'week', frecuencia: 2 }, 3)).toBe(
      '2027-01-06',
    );
    expect(fechaDelPeriodo({ ...mensual('2026-11-30'), frecuencia: 3 }, 1)).toBe('2027-02-28');
  });

  it('los periodos vencidos llegan hasta hoy y hasta la vigencia, con un máximo por corrida', () => {
    const r = mensual('2026-08-31', '2026-11-15');
    expect(periodosVencidos(r, 0, '2026-11-27', 12)).toEqual([
      { periodo: 0, fecha: '2026-08-31' },
      { periodo: 1, fecha: '2026-09-30' },
      { periodo: 2, fecha: '2026-10-31' },
    ]);
    expect(periodosVencidos(r, 1, '2026-10-30', 12)).toEqual([{ periodo: 1, fecha: '2026-09-30' }]);
    expect(periodosVencidos(mensual('2026-01-01'), 0, '2026-12-01', 2)).toHaveLength(2);
    expect(periodosVencidos(mensual('2026-12-01'), 0, '2026-11-27', 5)).toEqual([]);
    expect(proximaFecha(r, 3)).toBeNull();
    expect(proximaFecha(r, 2)).toBe('2026-10-31');
    expect(proximaFecha(mensual('2026-08-31'), 3)).toBe('2026-11-30');
  });

  it('propiedad: las fechas crecen, y un mes nunca se salta ni se repite', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 40 }),
        (inicio, frecuencia, n) => {
          const r: Recurrencia = { ...mensual(inicio.toISOString().slice(0, 10)), frecuencia };
          const a = fechaDelPeriodo(r, n);
          const b = fechaDelPeriodo(r, n + 1);
          expect(b > a).toBe(true);
          const meses = (f: string) => Number(f.slice(0, 4)) * 12 + Number(f.slice(5, 7));
          expect(meses(b) - meses(a)).toBe(frecuencia);
        },
      ),
    );
  });
});
