import { describe, expect, it } from 'vitest';
import { FiltroDePeriodo } from './exportar.ts';
import { nombreObligatorio, textoOpcional } from './maestros.ts';
import { REPORTE_CUENTAS_POR_COBRAR } from './reportes/cartera.ts';
import { Cantidad, CantidadOCero, Dinero, DineroPositivo, Fecha, Texto } from './tipos.ts';
import { LineaDeEfectivo } from './turnos.ts';

const mensajes = (resultado: { success: boolean; error?: { issues: { message: string }[] } }) =>
  resultado.error?.issues.map((issue) => issue.message) ?? [];

describe('tipos compartidos del contrato', () => {
  it('un texto rechaza el carácter nulo y lo que pasa de su máximo', () => {
    expect(mensajes(Texto(20).safeParse('abc\u0000def'))).toEqual([
      'No puede contener el carácter nulo (\\u0000)',
    ]);
    expect(mensajes(Texto(5).safeParse('123456'))).toEqual(['No puede tener más de 5 caracteres']);
    expect(Texto(5).parse('  abc  ')).toBe('abc');
    expect(nombreObligatorio('Falta el nombre').safeParse('a\u0000').success).toBe(false);
    expect(mensajes(nombreObligatorio('Falta el nombre').safeParse(''))).toEqual(['Falta el nombre']);
    expect(textoOpcional(500).safeParse('x'.repeat(501)).success).toBe(false);
  });

  it('una fecha debe existir en el calendario', () => {
    expect(Fecha.parse('2024-02-29')).toBe('2024-02-29');
    expect(mensajes(Fecha.safeParse('2026-02-30'))).toEqual(['La fecha no existe en el calendario']);
    expect(Fecha.safeParse('9999-99-99').success).toBe(false);
    expect(mensajes(Fecha.safeParse('hola'))).toEqual(['La fecha debe tener el formato AAAA-MM-DD']);
    // The list filters and the receivables report read their dates with it.
    expect(FiltroDePeriodo.safeParse({ fechaInicial: '2026-02-30' }).success).toBe(false);
    const filtroCuentasPorCobrar = REPORTE_CUENTAS_POR_COBRAR.consulta.body;
    expect(filtroCuentasPorCobrar.safeParse({ fechaInicial: 'hola' }).success).toBe(false);
    expect(filtroCuentasPorCobrar.safeParse({ fechaInicial: '2026-01-31', fechaFinal: null }).success).toBe(
      true,
    );
  });

  it('el dinero no es negativo, tiene hasta 2 decimales y un máximo; lo positivo no se redondea a 0', () => {
    expect(Dinero().parse(19.99)).toBe(19.99);
    expect(Dinero().parse(0.1 + 0.2)).toBe(0.1 + 0.2);
    expect(mensajes(Dinero('El límite').safeParse(-1))).toEqual(['El límite no puede ser menor que 0']);
    expect(mensajes(Dinero().safeParse(1.234))).toEqual(['El monto admite hasta 2 decimales']);
    expect(Dinero().safeParse(1e15).success).toBe(false);
    expect(mensajes(DineroPositivo().safeParse(5e-324))).toEqual([
      'El monto admite hasta 2 decimales',
      'El monto debe ser mayor que 0',
    ]);
    // Where 0 is allowed, a tiny amount is not taken for it: the column would keep 0.00.
    expect(mensajes(Dinero().safeParse(5e-324))).toEqual(['El monto admite hasta 2 decimales']);
    expect(mensajes(Dinero().safeParse(1e-9))).toEqual(['El monto admite hasta 2 decimales']);
    expect(mensajes(CantidadOCero().safeParse(5e-324))).toEqual(['La cantidad admite hasta 4 decimales']);
    expect(mensajes(LineaDeEfectivo.safeParse({ monto: -100, cantidad: 2 }))).toContain(
      'La denominación no puede ser menor que 0',
    );
  });

  it('una cantidad es mayor que 0 con hasta 4 decimales; 5e-324 no pasa', () => {
    expect(Cantidad().parse(1.2345)).toBe(1.2345);
    expect(mensajes(Cantidad().safeParse(5e-324))).toEqual(['La cantidad debe ser mayor que 0']);
    expect(Cantidad().safeParse(-1).success).toBe(false);
    expect(mensajes(Cantidad().safeParse(1.23456))).toEqual(['La cantidad admite hasta 4 decimales']);
    expect(Cantidad().safeParse(1e10).success).toBe(false);
    expect(CantidadOCero().parse(0)).toBe(0);
    expect(mensajes(CantidadOCero('El stock inicial').safeParse(-1))).toEqual([
      'El stock inicial no puede ser menor que 0',
    ]);
  });
});
