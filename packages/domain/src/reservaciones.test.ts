import { describe, expect, it } from 'vitest';
import {
  cambioDeEstadoDeReservacion,
  DIAS_DE_RESERVA,
  diaDeLaSemana,
  ESTADOS_DE_RESERVACION,
  estadosSiguientes,
  fueraDeHorario,
  type HorarioDeServicio,
  horaDeMinutos,
  huecosDelDia,
  instanteEnSantoDomingo,
  jornadaDelDia,
  minutosDeHora,
  ocupaHueco,
  reprogramacionDeReservacion,
  seSolapan,
} from './reservaciones.ts';

const SEMANA: HorarioDeServicio = {
  horaDeInicioPorDefecto: '08:00',
  horaDeCierrePorDefecto: '17:00',
  horarioDeTrabajo: [
    { dia: 'Lunes', horaDeInicio: '09:00', horaDeCierre: '10:00', estado: true },
    { dia: 'Martes', horaDeInicio: '09:00', horaDeCierre: '12:00', estado: false },
    // Closing before opening: a day with no slots.
    { dia: 'Miércoles', horaDeInicio: '12:00', horaDeCierre: '09:00', estado: true },
  ],
};

describe('estados de una reservación', () => {
  it('Pendiente se confirma, se completa o se cancela; Confirmada se completa o se cancela', () => {
    expect(estadosSiguientes('Pendiente')).toEqual(['Confirmada', 'Completada', 'Cancelada']);
    expect(estadosSiguientes('Confirmada')).toEqual(['Completada', 'Cancelada']);
    expect(cambioDeEstadoDeReservacion('Pendiente', 'Confirmada')).toEqual({ permitido: true });
    expect(cambioDeEstadoDeReservacion('Confirmada', 'Cancelada')).toEqual({ permitido: true });
  });

  it('Cancelada y Completada son finales; no se vuelve atrás ni al mismo estado', () => {
    for (const final of ['Cancelada', 'Completada'] as const) {
      expect(estadosSiguientes(final)).toEqual([]);
      for (const nuevo of ESTADOS_DE_RESERVACION.filter((e) => e !== final)) {
        expect(cambioDeEstadoDeReservacion(final, nuevo)).toEqual({
          permitido: false,
          mensaje: `La reservación está ${final} y ya no cambia de estado.`,
        });
      }
    }
    expect(cambioDeEstadoDeReservacion('Confirmada', 'Pendiente')).toEqual({
      permitido: false,
      mensaje: 'Una reservación Confirmada solo puede pasar a Completada o Cancelada.',
    });
    expect(cambioDeEstadoDeReservacion('Pendiente', 'Pendiente')).toEqual({
      permitido: false,
      mensaje: 'La reservación ya está Pendiente.',
    });
  });

  it('solo una cancelada libera su hueco', () => {
    expect(ESTADOS_DE_RESERVACION.filter(ocupaHueco)).toEqual(['Pendiente', 'Confirmada', 'Completada']);
  });
});

describe('días y horas', () => {
  it('nombra el día de la semana de una fecha', () => {
    expect(diaDeLaSemana('2026-03-02')).toBe('Lunes');
    expect(diaDeLaSemana('2026-03-08')).toBe('Domingo');
    expect(DIAS_DE_RESERVA).toHaveLength(7);
    expect(() => diaDeLaSemana('no-es-fecha')).toThrow(RangeError);
  });

  it('convierte horas y minutos, y da el instante en Santo Domingo (UTC−4)', () => {
    expect(minutosDeHora('08:30')).toBe(510);
    expect(minutosDeHora('')).toBe(0);
    expect(horaDeMinutos(510)).toBe('08:30');
    expect(horaDeMinutos(0)).toBe('00:00');
    expect(instanteEnSantoDomingo('2026-03-02', 9 * 60).toISOString()).toBe('2026-03-02T13:00:00.000Z');
  });

  it('la jornada de un día: la del horario, o la por defecto de lunes a viernes si falta el día', () => {
    expect(jornadaDelDia(SEMANA, '2026-03-02')).toEqual({ abre: 540, cierra: 600 });
    expect(jornadaDelDia(SEMANA, '2026-03-03')).toBeNull();
    expect(jornadaDelDia(SEMANA, '2026-03-04')).toBeNull();
    expect(jornadaDelDia(SEMANA, '2026-03-05')).toEqual({ abre: 480, cierra: 1020 });
    expect(jornadaDelDia(SEMANA, '2026-03-07')).toBeNull();
    expect(jornadaDelDia(SEMANA, '2026-03-08')).toBeNull();
  });
});

describe('huecos', () => {
  it('los solapes comparten algún minuto; terminar cuando otro empieza no es solape', () => {
    expect(seSolapan({ inicio: 540, fin: 555 }, { inicio: 545, fin: 560 })).toBe(true);
    expect(seSolapan({ inicio: 540, fin: 555 }, { inicio: 555, fin: 570 })).toBe(false);
    expect(seSolapan({ inicio: 555, fin: 570 }, { inicio: 540, fin: 555 })).toBe(false);
  });

  it('un hueco cada duración desde la apertura hasta el cierre; los ocupados no están libres', () => {
    const huecos = huecosDelDia({ abre: 540, cierra: 600 }, 15, [{ inicio: 550, fin: 565 }]);
    expect(huecos).toEqual([
      { horaDeInicio: '09:00', horaDeCierre: '09:15', libre: false },
      { horaDeInicio: '09:15', horaDeCierre: '09:30', libre: false },
      { horaDeInicio: '09:30', horaDeCierre: '09:45', libre: true },
      { horaDeInicio: '09:45', horaDeCierre: '10:00', libre: true },
    ]);
  });

  it('un hueco que no cabe antes del cierre no se ofrece, ni los que ya pasaron', () => {
    expect(huecosDelDia({ abre: 540, cierra: 600 }, 25, []).map((h) => h.horaDeInicio)).toEqual([
      '09:00',
      '09:25',
    ]);
    expect(huecosDelDia({ abre: 540, cierra: 600 }, 15, [], 560).map((h) => h.horaDeInicio)).toEqual([
      '09:30',
      '09:45',
    ]);
  });

  it('un día sin jornada o una duración inválida no tiene huecos', () => {
    expect(huecosDelDia(null, 15, [])).toEqual([]);
    expect(huecosDelDia({ abre: 540, cierra: 600 }, 0, [])).toEqual([]);
  });

  it('fuera de horario: día sin jornada, antes de abrir o después de cerrar', () => {
    const jornada = { abre: 540, cierra: 600 };
    expect(fueraDeHorario(null, 540, 15)).toBe('El servicio no atiende ese día; elija otro día.');
    expect(fueraDeHorario(jornada, 530, 15)).toMatch(
      /fuera del horario de trabajo del servicio \(de 09:00 a 10:00/,
    );
    expect(fueraDeHorario(jornada, 590, 15)).toMatch(/fuera del horario/);
    expect(fueraDeHorario(jornada, 585, 15)).toBeNull();
  });
});

describe('reprogramar una reservación', () => {
  it('solo Pendiente o Confirmada; una Cancelada o Completada dice por qué', () => {
    expect(reprogramacionDeReservacion('Pendiente')).toEqual({ permitido: true });
    expect(reprogramacionDeReservacion('Confirmada')).toEqual({ permitido: true });
    expect(reprogramacionDeReservacion('Cancelada')).toEqual({
      permitido: false,
      mensaje: 'La reservación está Cancelada: solo se reprograma una reservación Pendiente o Confirmada.',
    });
    expect(reprogramacionDeReservacion('Completada')).toMatchObject({ permitido: false });
  });
});
