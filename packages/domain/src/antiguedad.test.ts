import { describe, expect, it } from 'vitest';
import {
  corteDeAntiguedad,
  diasDeAtraso,
  diasEntre,
  TRAMOS_DE_ANTIGUEDAD,
  tramoDeAntiguedad,
} from './antiguedad.ts';

describe('aging of what is owed', () => {
  it('counts calendar days, across months and leap days', () => {
    expect(diasEntre('2024-02-28', '2024-03-01')).toBe(2);
    expect(diasEntre('2026-03-01', '2026-02-28')).toBe(-1);
    expect(diasEntre('2026-01-31', '2026-01-31')).toBe(0);
  });

  it('a document not yet due, or due today, is 0 days past due', () => {
    expect(diasDeAtraso('2026-05-10', '2026-05-01')).toBe(0);
    expect(diasDeAtraso('2026-05-10', '2026-05-10')).toBe(0);
    expect(diasDeAtraso('2026-05-10', '2026-05-11')).toBe(1);
  });

  it('places each boundary day in its bucket', () => {
    const tramos = [0, 30, 31, 60, 61, 90, 91, 400].map(tramoDeAntiguedad);
    expect(tramos).toEqual(['0-30', '0-30', '31-60', '31-60', '61-90', '61-90', '90+', '90+']);
    expect(TRAMOS_DE_ANTIGUEDAD).toEqual(['0-30', '31-60', '61-90', '90+']);
  });

  it('ages to the end of the period, but never past today', () => {
    expect(corteDeAntiguedad('2026-03-31', '2026-11-26')).toBe('2026-03-31');
    expect(corteDeAntiguedad('2026-11-30', '2026-11-26')).toBe('2026-11-26');
    expect(corteDeAntiguedad(undefined, '2026-11-26')).toBe('2026-11-26');
    expect(corteDeAntiguedad(null, '2026-11-26')).toBe('2026-11-26');
  });
});
