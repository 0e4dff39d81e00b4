import { describe, expect, it } from 'vitest';
import {
  CAMPOS_DE_PLANTILLA,
  cambiosDeTareas,
  camposDeLaPlantilla,
  datosDePlantilla,
  ESPACIO_EN_BLANCO,
  fechaEnLetras,
  llenarPlantilla,
  PLANTILLAS_DE_EXPEDIENTE,
  plantillaDeExpediente,
} from './plantillasDeExpediente.ts';

const expediente = {
  nombre: 'María Altagracia Peña',
  numeroDeIdentificacion: '001-1234567-8',
  direccion: 'C/ Duarte 12, Santiago',
  telefono: '',
  movil: '8295551234',
  correo: 'maria@ejemplo.do',
  comprobante: 'EX00000007',
  fechaEmision: '2026-03-05',
  empresa: { nombre: 'Colmado Demo SRL', rnc: '131246796', direccion: 'Av. Churchill 1099' },
};

describe('plantillas de expediente', () => {
  it('trae las dos plantillas de ejemplo del spec (contrato y certificación de vehículo)', () => {
    expect(PLANTILLAS_DE_EXPEDIENTE.map((p) => p.id)).toEqual([
      'contratoVentaVehiculo',
      'certificacionVehiculo',
    ]);
    expect(plantillaDeExpediente('certificacionVehiculo')?.nombre).toBe('Certificación de vehículo');
    expect(plantillaDeExpediente('no-existe')).toBeUndefined();
  });

  it('lista las marcas de una plantilla una sola vez y en orden', () => {
    expect(camposDeLaPlantilla('{{a.b}} y {{ c }} y {{a.b}}')).toEqual(['a.b', 'c']);
    // Every client and company mark the samples use is a known field.
    for (const plantilla of PLANTILLAS_DE_EXPEDIENTE) {
      const conocidos = camposDeLaPlantilla(plantilla.texto).filter((c) => !/^(vehiculo|venta)\./.test(c));
      expect(conocidos.every((c) => c in CAMPOS_DE_PLANTILLA)).toBe(true);
    }
  });

  it('llena las marcas con los datos del expediente y deja en blanco lo que falta', () => {
    const datos = datosDePlantilla(expediente);
    expect(datos).toMatchObject({
      'cliente.telefono': '8295551234',
      fecha: '05/03/2026',
      'fecha.letras': '5 de marzo de 2026',
    });
    const contrato = llenarPlantilla(plantillaDeExpediente('contratoVentaVehiculo')?.texto ?? '', datos);
    expect(contrato).toContain('María Altagracia Peña, portador(a) de la cédula o RNC 001-1234567-8');
    expect(contrato).toContain('Expediente N.º EX00000007');
    expect(contrato).toContain(`marca ${ESPACIO_EN_BLANCO}`);
    expect(contrato).not.toMatch(/\{\{/);
    expect(llenarPlantilla('{{cliente.correo}}|{{ cliente.nombre }}|{{x}}', { 'cliente.correo': '  ' })).toBe(
      `${ESPACIO_EN_BLANCO}|${ESPACIO_EN_BLANCO}|${ESPACIO_EN_BLANCO}`,
    );
  });

  it('escribe la fecha en letras, y nada si no es una fecha', () => {
    expect(fechaEnLetras('2026-12-31')).toBe('31 de diciembre de 2026');
    expect(fechaEnLetras('2026-13-01')).toBe('');
    expect(fechaEnLetras('ayer')).toBe('');
    expect(datosDePlantilla({ ...expediente, fechaEmision: '', telefono: '809' })).toMatchObject({
      fecha: '',
      'cliente.telefono': '809',
    });
  });

  it('registra en la línea de tiempo las tareas agregadas, cambiadas y eliminadas', () => {
    expect(
      cambiosDeTareas(
        [
          { _id: '1', nombre: 'Matrícula', estado: 'Pendiente' },
          { _id: '2', nombre: 'Seguro', estado: 'EnProceso' },
          { _id: '3', nombre: 'Placa', estado: 'Pendiente' },
        ],
        [
          { _id: '1', nombre: 'Matrícula', estado: 'Finalizado' },
          { _id: '2', nombre: 'Seguro', estado: 'EnProceso' },
          { _id: '4', nombre: 'Marbete', estado: 'EnProceso' },
        ],
      ),
    ).toEqual([
      'Tarea «Matrícula»: Pendiente → Finalizado.',
      'Tarea «Marbete» agregada (En proceso).',
      'Tarea «Placa» eliminada.',
    ]);
    expect(cambiosDeTareas([], [])).toEqual([]);
  });
});
