import { describe, expect, it } from 'vitest';
import {
  desactivarElemento,
  type EstadoDeAnulacion,
  esFavorito,
  listaDePrecioActiva,
  MOTIVOS_ANULACION_CREDITO_A_FAVOR,
  MOTIVOS_ANULACION_FACTURA,
  MOTIVOS_ANULACION_PEDIDO,
  productoVisible,
  transicionDeAnulacion,
  validarAnulacion,
  validarMotivoDeAnulacion,
  visibleEnAuditoria,
  visibleEnLista,
  visibleEnSelector,
} from './anulacion.ts';

const ACTIVO: EstadoDeAnulacion = { estado: 'Activo', activo: true };

describe('transicionDeAnulacion', () => {
  it('cancels directly with anularYEliminarDocumentos', () => {
    expect(
      transicionDeAnulacion(ACTIVO, { tipo: 'anular', anularYEliminarDocumentos: true, nota: '4' }),
    ).toEqual({
      ok: true,
      valor: { estado: 'Anulado', autorizacion: 'Aprobada', activo: true, notaAnular: '4' },
    });
  });

  it('otherwise requests it: Por-Anular, Pendiente, with the reason', () => {
    const pedida = transicionDeAnulacion(ACTIVO, {
      tipo: 'anular',
      anularYEliminarDocumentos: false,
      nota: 'Error',
    });
    expect(pedida).toEqual({
      ok: true,
      valor: { estado: 'Por-Anular', autorizacion: 'Pendiente', activo: true, notaAnular: 'Error' },
    });
  });

  it('approves: Anulado, Aprobada, activo false, with the note', () => {
    const pendiente: EstadoDeAnulacion = {
      ...ACTIVO,
      estado: 'Por-Anular',
      autorizacion: 'Pendiente',
      notaAnular: 'x',
    };
    expect(transicionDeAnulacion(pendiente, { tipo: 'aprobar', nota: 'Ok' })).toEqual({
      ok: true,
      valor: {
        estado: 'Anulado',
        autorizacion: 'Aprobada',
        activo: false,
        notaAnular: 'x',
        notaAutorizacion: 'Ok',
      },
    });
  });

  it("rejects: Activo, Rechazada, activo true, 'Solicitud Denegada', reason cleared", () => {
    const pendiente: EstadoDeAnulacion = {
      estado: 'Por-Anular',
      autorizacion: 'Pendiente',
      activo: true,
      notaAnular: 'x',
    };
    expect(transicionDeAnulacion(pendiente, { tipo: 'rechazar' })).toEqual({
      ok: true,
      valor: {
        estado: 'Activo',
        autorizacion: 'Rechazada',
        activo: true,
        notaAutorizacion: 'Solicitud Denegada',
        notaAnular: '',
      },
    });
  });

  it('refuses steps that do not fit the current status', () => {
    const anular = { tipo: 'anular', anularYEliminarDocumentos: false, nota: 'x' } as const;
    expect(transicionDeAnulacion({ ...ACTIVO, estado: 'Anulado' }, anular)).toEqual({
      ok: false,
      mensaje: 'El documento ya está anulado',
    });
    expect(transicionDeAnulacion({ ...ACTIVO, estado: 'Por-Anular' }, anular)).toEqual({
      ok: false,
      mensaje: 'El documento ya tiene una solicitud de anulación pendiente',
    });
    expect(transicionDeAnulacion(ACTIVO, { ...anular, nota: '  ' })).toEqual({
      ok: false,
      mensaje: 'Debes ingresar un motivo de anulación',
    });
    expect(transicionDeAnulacion(ACTIVO, { tipo: 'aprobar', nota: '' })).toEqual({
      ok: false,
      mensaje: 'El documento no tiene una solicitud de anulación pendiente',
    });
    expect(transicionDeAnulacion(ACTIVO, { tipo: 'rechazar' }).ok).toBe(false);
  });
});

describe('lists and master items', () => {
  it('shows activo documents in lists and Por-Anular/Anulado in the audit list', () => {
    expect(visibleEnLista({ activo: true })).toBe(true);
    expect(visibleEnLista({ activo: false })).toBe(false);
    expect(visibleEnAuditoria({ estado: 'Por-Anular' })).toBe(true);
    expect(visibleEnAuditoria({ estado: 'Anulado' })).toBe(true);
    expect(visibleEnAuditoria({ estado: 'Activo' })).toBe(false);
  });

  it('deactivates master items: Pendiente sent, Autorizado shown', () => {
    expect(desactivarElemento('Ya no se usa')).toEqual({
      enviar: { estado: 'Desactivado', autorizacion: 'Pendiente', notaAnular: 'Ya no se usa' },
      local: { estado: 'Desactivado', autorizacion: 'Autorizado' },
    });
    expect(desactivarElemento('x', 'Inactivo').enviar.estado).toBe('Inactivo');
    expect(visibleEnSelector({ estado: 'Desactivado' })).toBe(false);
    expect(visibleEnSelector({ estado: 'Activo' })).toBe(true);
    expect(visibleEnSelector({})).toBe(true);
  });

  it('filters price lists and products', () => {
    expect(listaDePrecioActiva({ activo: true, estado: 'Activo' })).toBe(true);
    expect(listaDePrecioActiva({ activo: true, estado: 'Desactivado' })).toBe(false);
    expect(listaDePrecioActiva({ activo: false })).toBe(false);
    expect(productoVisible({ estado: 'Anulado' })).toBe(false);
    expect(productoVisible({})).toBe(true);
    expect(esFavorito({ favorito: true })).toBe(true);
    expect(esFavorito({ favorito: true, estado: 'Anulado' })).toBe(false);
    expect(esFavorito({})).toBe(false);
  });
});

describe('validarAnulacion', () => {
  it('refuses an invoice with payments outside the POS', () => {
    expect(validarAnulacion({ tipo: 'factura', tienePagos: true, desdeElPos: false })).toEqual({
      ok: false,
      titulo: 'NO SE PUEDE ANULAR',
      mensaje: 'La factura tiene pagos asociados',
    });
    expect(validarAnulacion({ tipo: 'factura', tienePagos: true, desdeElPos: true }).ok).toBe(true);
    expect(validarAnulacion({ tipo: 'factura', tienePagos: false, desdeElPos: false }).ok).toBe(true);
  });

  it('refuses a delivery note with invoiced items', () => {
    expect(validarAnulacion({ tipo: 'conduce', totalGraltemRetirados: 2 })).toMatchObject({
      ok: false,
      titulo: 'Solicitud de anulación denegada',
    });
    expect(validarAnulacion({ tipo: 'conduce', totalGraltemRetirados: 0 }).ok).toBe(true);
  });
});

describe('validarMotivoDeAnulacion', () => {
  it('lists the spec reasons', () => {
    expect(MOTIVOS_ANULACION_FACTURA).toHaveLength(10);
    expect(MOTIVOS_ANULACION_FACTURA[3]).toEqual({ codigo: 4, motivo: 'Corrección de la información' });
    expect(MOTIVOS_ANULACION_CREDITO_A_FAVOR).toHaveLength(7);
    expect(MOTIVOS_ANULACION_PEDIDO).toHaveLength(9);
  });

  it('accepts listed reasons and refuses others with each message', () => {
    expect(validarMotivoDeAnulacion('factura', 4)).toEqual({ ok: true, valor: '4' });
    expect(validarMotivoDeAnulacion('factura', 11)).toEqual({
      ok: false,
      mensaje: 'Debes selecionar un motivo de anulación :)',
    });
    expect(validarMotivoDeAnulacion('factura', undefined).ok).toBe(false);
    expect(validarMotivoDeAnulacion('creditoAFavor', 'Creado por error').ok).toBe(true);
    expect(validarMotivoDeAnulacion('creditoAFavor', 'otro')).toEqual({
      ok: false,
      mensaje: 'Debes ingresar un motivo para anular el crédito a favor',
    });
    expect(validarMotivoDeAnulacion('pedido', 'Pedido duplicado').ok).toBe(true);
    expect(validarMotivoDeAnulacion('pedido', '')).toEqual({
      ok: false,
      mensaje: 'Debes ingresar un motivo para anular el pedido',
    });
    expect(validarMotivoDeAnulacion('otro', ' Texto libre ')).toEqual({ ok: true, valor: 'Texto libre' });
    expect(validarMotivoDeAnulacion('otro', '').ok).toBe(false);
  });
});
