import { datosDePlantilla, ESPACIO_EN_BLANCO } from '@pos/domain';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import { Conteo } from './etiquetas.tsx';
import { ModalDocumento } from './ModalDocumento.tsx';
import { lineasDelCuerpo, procesoVacio } from './modelo.ts';

// Spec 002 §2 "Case-file document editor", §3 (the two sample templates), §4 (the count).

const datos = datosDePlantilla({
  nombre: 'Supermercado La Cosecha SRL',
  numeroDeIdentificacion: '130123454',
  direccion: 'Av. 27 de Febrero 415',
  telefono: '8095551201',
  movil: '',
  correo: '',
  comprobante: 'EX00000009',
  fechaEmision: '2026-03-05',
  empresa: { nombre: 'Colmado Demo SRL', rnc: '131246796', direccion: 'Av. Churchill 1099' },
});

afterEach(cleanup);

// jsdom has no document.fonts, which Mantine's autosize textarea listens to.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

describe('editor de documentos del expediente', { timeout: 20_000 }, () => {
  it('llena la plantilla elegida con los datos del cliente y deja editar el texto', async () => {
    const alGuardar = vi.fn();
    renderConProveedores(
      <ModalDocumento documento={null} datos={datos} alGuardar={alGuardar} alCerrar={() => {}} />,
    );
    const usar = await screen.findByRole('button', { name: 'Usar este documento' });
    expect(usar).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Plantilla' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Certificación de vehículo' }));
    const texto = screen.getByLabelText('Texto del documento') as HTMLTextAreaElement;
    expect(texto.value).toContain(
      'vendido a Supermercado La Cosecha SRL, portador(a) de la cédula o RNC 130123454',
    );
    expect(texto.value).toContain('el 5 de marzo de 2026');
    expect(texto.value).toContain(`marca ${ESPACIO_EN_BLANCO}`);
    expect((screen.getByLabelText(/Nombre del documento/) as HTMLInputElement).value).toBe(
      'Certificación de vehículo',
    );
    expect(screen.getByText(/Quedan \d+ espacios en blanco para completar/)).toBeInTheDocument();
    await userEvent.clear(texto);
    await userEvent.type(texto, 'Texto propio');
    await userEvent.click(usar);
    expect(alGuardar).toHaveBeenCalledWith(
      expect.objectContaining({
        nombre: 'Certificación de vehículo',
        contenido: 'Texto propio',
        file: 'certificacionVehiculo',
      }),
    );
  });

  it('muestra pendientes y finalizados', () => {
    renderConProveedores(<Conteo pendientes={3} finalizados={1} />);
    expect(screen.getByText('Pendientes 3')).toBeInTheDocument();
    expect(screen.getByText('Finalizados 1')).toBeInTheDocument();
  });

  it('arma el cuerpo de la API sin tareas vacías ni eventos en blanco', () => {
    const proceso = {
      ...procesoVacio(),
      nombre: ' Traspaso ',
      tareas: [
        { clave: 'a', nombre: 'Matrícula', nota: '', estado: 'Finalizado' as const },
        { clave: 'b', nombre: '  ', nota: '', estado: 'Pendiente' as const },
      ],
      eventosNuevos: [
        { clave: 'c', descripcion: 'Llamó el cliente', fecha: '' },
        { clave: 'd', descripcion: ' ', fecha: '' },
      ],
    };
    expect(lineasDelCuerpo([proceso])).toEqual([
      expect.objectContaining({
        nombre: 'Traspaso',
        tareas: [{ nombre: 'Matrícula', nota: '', estado: 'Finalizado' }],
        eventos: [{ descripcion: 'Llamó el cliente' }],
      }),
    ]);
  });
});
