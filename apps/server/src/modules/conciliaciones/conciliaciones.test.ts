import { randomUUID } from 'node:crypto';
import {
  MENSAJE_BANCO_CONCILIADO,
  MENSAJE_CONCILIACION_ABIERTA_EXISTE,
  MENSAJE_CONCILIACION_ACTUALIZADA,
  MENSAJE_CONCILIACION_CERRADA,
  MENSAJE_MOVIMIENTO_CONCILIADO,
} from '@pos/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { sembrarConciliacionesDemo } from './demo.ts';

type Json = Record<string, unknown>;
type Movimiento = {
  _id: string;
  fecha: string;
  tipo: string;
  monto: number;
  tipoDocumento: string;
  conciliacionVerificada: boolean;
};

// Bank reconciliation (spec 002 §3 "Reconciliation", §4, §5, §7 "Banks and reconciliation", §8;
// docs/accounting.md «Conciliación bancaria»: a movement is a journal line on the bank's ledger account).
describe.each(MOTORES)('conciliación bancaria (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let intereses: string;
  let gastos: string;

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    const cuentas = await e.db.consultarComoDueno<{ id: string; clave: string }>(
      sql`select id_cuenta as id, clave from asignacion_cuentas_contables
          where tenant_id = 1 and clave in ('ingresosFinancieros', 'gastosBancarios')`,
    );
    intereses = cuentas.find((c) => c.clave === 'ingresosFinancieros')?.id as string;
    gastos = cuentas.find((c) => c.clave === 'gastosBancarios')?.id as string;
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  function api(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = admin) {
    return e.api({ method, url: `/api${url}`, token, ...(body === undefined ? {} : { body }) });
  }

  async function banco(nombre: string, montoInicial: number, fechaInicial = '2026-10-01') {
    const r = await api('POST', '/cuentas-banco/', {
      nombre,
      montoInicial,
      fechaInicial,
      identificadorUnico: randomUUID(),
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { _id: string; cuentaContable: { idCuenta: string } };
  }

  // A receipt in "a cuentas": the bank receives `importe` (debit bank, credit interest income).
  async function ingreso(cuentaBanco: string, importe: number, fecha: string): Promise<string> {
    const r = await api('POST', '/ingresos-recibidos/', {
      identificadorUnico: randomUUID(),
      tipoDeIngreso: false,
      formaDePago: 'Transferencia',
      fechaDeEmision: fecha,
      cuentaContableDebito: { idCuenta: cuentaBanco },
      res: [{ cuentaContableCredito: { idCuenta: intereses }, importe, nota: 'Depósito' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json()[0].idIngresosRef;
  }

  // A payment out "a cuentas": the bank pays `importe` (debit bank fees, credit bank).
  async function egreso(cuentaBanco: string, importe: number, fecha: string): Promise<string> {
    const r = await api('POST', '/recibos-egresos/', {
      identificadorUnico: randomUUID(),
      tipoDeEgreso: false,
      formaDePago: 'Transferencia',
      fechaDeEmision: fecha,
      cuentaContableCredito: { idCuenta: cuentaBanco },
      res: [{ importe, cuentaContableDebito: { idCuenta: gastos }, nota: 'Pago' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json()[0].idEgresosRef;
  }

  async function abrir(idCuenta: string, datos: Json) {
    return api('POST', '/conciliacio/', { idCuenta, ...datos });
  }

  async function movimientos(idConciliacion: string, filtro: Json = {}) {
    const r = await api('POST', '/conciliacio/buscar-conciliacion', { idConciliacion, ...filtro });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { data: Movimiento[]; totalRows: number; conciliacion: Json };
  }

  // First: the demo's first bank is the one it reconciles. With the bank demo in the seed, the template
  // already has them; without it, a bank with a deposit is created and the demo seeder run on it.
  it('la demo deja una conciliación cerrada (que cuadra) y una abierta del primer banco', async () => {
    const bancos = (await api('GET', '/cuentas-banco/lista-banco/')).json().cuentas as { _id: string }[];
    let idBanco = bancos[0]?._id;
    if (!idBanco) {
      const nuevo = await banco('Banco demo de conciliación', 5000, '2026-10-01');
      await ingreso(nuevo.cuentaContable.idCuenta, 750, '2026-10-15');
      await e.db.enEmpresa(1, (tx) => sembrarConciliacionesDemo(tx, 1));
      idBanco = nuevo._id;
    }
    const lista = await api('POST', '/conciliacio/conciliaciones-cuenta', { idCuentaDeBanco: idBanco });
    const conciliaciones = lista.json().conciliaciones as Json[];
    expect(conciliaciones.map((c) => c.estado)).toEqual(['Abierta', 'Cerrada']);
    expect(conciliaciones[1]).toMatchObject({ diferencia: 0, ingresosBancarios: 12.5, gastosBancarios: 3 });
    expect(conciliaciones[0]?.saldoInicial).toBe(conciliaciones[1]?.saldoFinalDelEstado);
  });

  it('abre, verifica ingresos, egresos y otros movimientos, cuadra, cierra y asienta intereses y cargos', async () => {
    const a = await banco('Banco Popular conciliación', 1000);
    const b = await banco('Banreservas conciliación', 0);
    const cuentaA = a.cuentaContable.idCuenta;
    const idIngreso = await ingreso(cuentaA, 500, '2026-10-05');
    const idEgreso = await egreso(cuentaA, 200, '2026-10-10');
    const transferencia = await api('POST', '/cuentas-banco/transferencias', {
      idCuentaOrigen: a._id,
      idCuentaDestino: b._id,
      monto: 100,
      fecha: '2026-10-12',
      identificadorUnico: randomUUID(),
    });
    expect(transferencia.statusCode, transferencia.body).toBe(200);
    await ingreso(cuentaA, 50, '2026-11-05');

    // Begin: the first reconciliation starts from the account's opening balance and day.
    const inicio = await api('GET', `/conciliacio/empezar-conciliacion/${a._id}`);
    expect(inicio.statusCode, inicio.body).toBe(200);
    expect(inicio.json()).toMatchObject({
      conciliacion: null,
      saldoInicial: 1000,
      fechaInicioConciliacion: '2026-10-01',
      nombreCuenta: 'Banco Popular conciliación',
    });

    const abierta = await abrir(a._id, {
      fechaInicioConciliacion: '2026-10-01',
      fechaFinConciliacion: '2026-10-31',
      saldoFinalDelEstado: 1205,
      ingresosBancarios: 10,
      gastosBancarios: 5,
      saldoInicial: 999_999, // the client's saldoInicial is ignored
    });
    expect(abierta.statusCode, abierta.body).toBe(200);
    expect(abierta.json().message).toBe(MENSAJE_CONCILIACION_ACTUALIZADA);
    const id = abierta.json().conciliacion._id as string;
    expect(abierta.json().conciliacion).toMatchObject({
      estado: 'Abierta',
      saldoInicial: 1000,
      totalIngresosVerificados: 0,
      totalEgresosVerificados: 0,
      balance: 1005,
      diferencia: 200,
    });
    const otra = await abrir(a._id, {
      fechaInicioConciliacion: '2026-10-01',
      fechaFinConciliacion: '2026-10-31',
      saldoFinalDelEstado: 0,
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(MENSAJE_CONCILIACION_ABIERTA_EXISTE);

    // The period's movements: the two receipts and the transfer; November's deposit is not in it.
    const todos = await movimientos(id);
    expect(todos.totalRows).toBe(3);
    expect(todos.data.map((m) => [m.tipo, m.monto, m.tipoDocumento])).toEqual([
      ['ingreso', 500, 'ingreso'],
      ['egreso', 200, 'egreso'],
      ['egreso', 100, 'transferenciaBancaria'],
    ]);
    expect((await movimientos(id, { filtrarPor: 'ingresos' })).totalRows).toBe(1);
    expect((await movimientos(id, { filtrarPor: 'egresos' })).totalRows).toBe(2);
    const transacciones = await api('POST', '/ingresos-recibidos/transacciones-para-conciliar-banco/', {
      idBanco: a._id,
    });
    expect(transacciones.statusCode, transacciones.body).toBe(200);
    expect(transacciones.json().totalRows).toBe(3);

    const vIngreso = await api('PUT', `/ingresos-recibidos/conciliacion-verificada/${idIngreso}`, {
      conciliacionVerificada: true,
    });
    expect(vIngreso.statusCode, vIngreso.body).toBe(200);
    expect(vIngreso.json().totalDeIngresos).toBe(500);
    const vEgreso = await api('PUT', `/recibos-egresos/conciliacion-verificada/${idEgreso}`, {});
    expect(vEgreso.statusCode, vEgreso.body).toBe(200);
    expect(vEgreso.json().totalDeEgresos).toBe(200);
    expect((await movimientos(id, { conciliado: true })).totalRows).toBe(2);
    expect((await movimientos(id, { conciliado: false })).data.map((m) => m.tipoDocumento)).toEqual([
      'transferenciaBancaria',
    ]);

    // Spec 002 §5: 1000 + 500 + 10 − (200 + 5) = 1305; the statement says 1205: it does not balance.
    const sinCuadrar = await api('POST', '/conciliacio/cerrar-conciliacion', { idConciliacion: id });
    expect(sinCuadrar.statusCode).toBe(409);
    expect(sinCuadrar.json().message).toMatch(/^La conciliación no cuadra: diferencia -?RD\$/);
    expect(sinCuadrar.json().message).toContain('100.00');

    // The transfer is ticked by its journal line (the generic route), then unticked and ticked again
    // at closing through the payload's movimientos.
    const linea = todos.data[2] as Movimiento;
    const vLinea = await api('PUT', `/conciliacio/movimiento-verificado/${linea._id}`, {
      conciliacionVerificada: true,
    });
    expect(vLinea.statusCode, vLinea.body).toBe(200);
    expect(vLinea.json().conciliacion).toMatchObject({ totalEgresosVerificados: 300, diferencia: 0 });
    await api('PUT', `/conciliacio/movimiento-verificado/${linea._id}`, { conciliacionVerificada: false });

    const actualizada = await api('PUT', `/conciliacio/${id}`, { gastosBancarios: 5 });
    expect(actualizada.statusCode, actualizada.body).toBe(200);
    expect(actualizada.json().message).toBe(MENSAJE_CONCILIACION_ACTUALIZADA);

    const cerrada = await api('POST', '/conciliacio/cerrar-conciliacion', {
      idConciliacion: id,
      movimientos: [{ _id: linea._id, conciliacionVerificada: true }],
    });
    expect(cerrada.statusCode, cerrada.body).toBe(200);
    expect(cerrada.json().message).toBe(MENSAJE_BANCO_CONCILIADO);
    expect(cerrada.json().conciliacion).toMatchObject({
      estado: 'Cerrada',
      totalIngresosVerificados: 500,
      totalEgresosVerificados: 300,
      diferencia: 0,
    });

    // Interest and fees are posted: debit bank / credit ingresosFinancieros, debit gastosBancarios /
    // credit bank, dated the period's end.
    const asientos = await e.db.consultarComoDueno<{
      fecha: string;
      cuenta: string;
      debito: string;
      credito: string;
    }>(
      sql`select a.fecha::text as fecha, l.id_cuenta as cuenta, l.debito, l.credito
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          where a.tenant_id = 1 and a.tipo_documento = 'conciliacion' and a.id_documento = ${id}
          order by a.numero, l.orden`,
    );
    expect(asientos.map((f) => [f.fecha, f.cuenta, Number(f.debito), Number(f.credito)])).toEqual([
      ['2026-10-31', cuentaA, 10, 0],
      ['2026-10-31', intereses, 0, 10],
      ['2026-10-31', gastos, 5, 0],
      ['2026-10-31', cuentaA, 0, 5],
    ]);
    const saldo = await api('GET', `/cuentas-banco/${a._id}`);
    expect(saldo.json().saldoTotal).toBe(1000 + 500 - 200 - 100 + 50 + 10 - 5);

    // A closed reconciliation is read-only.
    expect((await api('PUT', `/conciliacio/${id}`, { gastosBancarios: 1 })).json().message).toBe(
      MENSAJE_CONCILIACION_CERRADA,
    );
    const tarde = await api('PUT', `/conciliacio/movimiento-verificado/${linea._id}`, {
      idConciliacion: id,
      conciliacionVerificada: false,
    });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().message).toBe(MENSAJE_CONCILIACION_CERRADA);
    const otraVez = await api('POST', '/conciliacio/cerrar-conciliacion', { idConciliacion: id });
    expect(otraVez.json().message).toBe(MENSAJE_CONCILIACION_CERRADA);

    // The reconciled-account view: the three verified movements.
    const vista = await api('GET', `/conciliacio/${id}`);
    expect(vista.statusCode, vista.body).toBe(200);
    expect(vista.json().movimientos).toHaveLength(3);

    // The next one starts where the statement ended; it shows neither the reconciled lines nor the
    // closing's own interest and fee entries.
    const siguiente = (await api('GET', `/conciliacio/empezar-conciliacion/${a._id}`)).json();
    expect(siguiente).toMatchObject({
      conciliacion: null,
      saldoInicial: 1205,
      fechaInicioConciliacion: '2026-11-01',
    });
    const antes = await abrir(a._id, {
      fechaInicioConciliacion: '2026-10-20',
      fechaFinConciliacion: '2026-11-30',
      saldoFinalDelEstado: 1255,
    });
    expect(antes.statusCode).toBe(400);
    const nueva = await abrir(a._id, {
      fechaInicioConciliacion: '2026-11-01',
      fechaFinConciliacion: '2026-11-30',
      saldoFinalDelEstado: 1255,
    });
    expect(nueva.statusCode, nueva.body).toBe(200);
    const idNueva = nueva.json().conciliacion._id as string;
    const deNoviembre = await movimientos(idNueva);
    expect(deNoviembre.data.map((m) => [m.tipo, m.monto])).toEqual([['ingreso', 50]]);
    // A line of the closed reconciliation cannot be ticked in the new one.
    const repetida = await api('PUT', `/conciliacio/movimiento-verificado/${linea._id}`, {
      idConciliacion: idNueva,
    });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().message).toBe(MENSAJE_MOVIMIENTO_CONCILIADO);

    const lista = await api('POST', '/conciliacio/conciliaciones-cuenta', { idCuentaDeBanco: a._id });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().totalDocs).toBe(2);
    expect(lista.json().conciliaciones.map((c: Json) => c.estado)).toEqual(['Abierta', 'Cerrada']);
    const cerradas = await api('POST', '/conciliacio/conciliaciones-cuenta', {
      idCuentaDeBanco: a._id,
      estado: 'Cerrada',
    });
    expect(cerradas.json().totalDocs).toBe(1);

    // Exports: spreadsheet and PDF.
    const xlsx = await api('POST', '/conciliacio/pdf/conciliacion', {
      idConciliacion: id,
      documentoOpcion: 'excel',
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('conciliacion.xlsx');
    const pdf = await api('POST', '/conciliacio/pdf/conciliacion', {
      idConciliacion: id,
      documentoOpcion: 'pdf',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('conciliacion.pdf');
  });

  it('un pendiente de un periodo anterior sigue apareciendo; una anulación sin verificar sale con su reverso', async () => {
    const c = await banco('Banco BHD conciliación', 0);
    const cuenta = c.cuentaContable.idCuenta;
    const cheque = await egreso(cuenta, 300, '2026-10-03');
    const anulado = await ingreso(cuenta, 80, '2026-10-04');
    const anular = await api('PUT', '/ingresos-recibidos/anular/', {
      idIngresosRef: anulado,
      notaAnular: 'Depósito duplicado',
    });
    expect(anular.statusCode, anular.body).toBe(200);
    // October: the receipt was cancelled in November (today), so in October it is still a movement.
    const octubre = await abrir(c._id, {
      fechaInicioConciliacion: '2026-10-01',
      fechaFinConciliacion: '2026-10-31',
      saldoFinalDelEstado: 0,
    });
    expect(octubre.statusCode, octubre.body).toBe(200);
    const id = octubre.json().conciliacion._id;
    expect((await movimientos(id)).data.map((m) => [m.tipo, m.monto])).toEqual([
      ['egreso', 300],
      ['ingreso', 80],
    ]);
    // The cheque has not been cashed: the statement still says 0; it closes without it.
    const cerrada = await api('POST', '/conciliacio/cerrar-conciliacion', { idConciliacion: id });
    expect(cerrada.statusCode, cerrada.body).toBe(200);
    const noviembre = await abrir(c._id, {
      fechaInicioConciliacion: '2026-11-01',
      fechaFinConciliacion: '2026-11-30',
      saldoFinalDelEstado: -300,
    });
    const idNov = noviembre.json().conciliacion._id;
    const pendientes = await movimientos(idNov);
    // The cancelled receipt and its reversal, both unticked, net to zero: neither is a movement now.
    expect(pendientes.data.map((m) => [m.fecha, m.monto])).toEqual([['2026-10-03', 300]]);
    const v = await api('PUT', `/recibos-egresos/conciliacion-verificada/${cheque}`, {});
    expect(v.json()).toMatchObject({ totalDeEgresos: 300, conciliacion: { diferencia: 0 } });
  });

  it('importar el estado de cuenta (CSV y XLSX) marca los movimientos del mismo monto y fecha cercana', async () => {
    const h = await banco('Banco Vimenca conciliación', 0);
    const cuenta = h.cuentaContable.idCuenta;
    await ingreso(cuenta, 1500, '2026-10-02');
    await ingreso(cuenta, 1500, '2026-10-20');
    await egreso(cuenta, 250.75, '2026-10-09');
    await egreso(cuenta, 99, '2026-10-15');
    const r = await abrir(h._id, {
      fechaInicioConciliacion: '2026-10-01',
      fechaFinConciliacion: '2026-10-31',
      saldoFinalDelEstado: 2650.25,
    });
    const id = r.json().conciliacion._id;
    // The deposit of the 3rd matches the receipt of the 2nd (not the one of the 20th); the 250.75
    // withdrawal matches the payment; the 80.00 matches nothing.
    const csv =
      'Fecha;Descripción;Débito;Crédito\n03/10/2026;Depósito;;"1,500.00"\n10/10/2026;Cheque 101;250.75;\n12/10/2026;Comisión;80.00;\n';
    const importado = await api('POST', `/conciliacio/importar-estado/${id}`, {
      nombre: 'estado-octubre.csv',
      contenido: Buffer.from(csv).toString('base64'),
    });
    expect(importado.statusCode, importado.body).toBe(200);
    expect(importado.json()).toMatchObject({
      filas: 3,
      marcados: 2,
      sinCoincidencia: [{ fila: 4, fecha: '2026-10-12', monto: -80 }],
      conciliacion: { totalIngresosVerificados: 1500, totalEgresosVerificados: 250.75 },
    });
    const verificados = await movimientos(id, { conciliado: true });
    expect(verificados.data.map((m) => m.fecha)).toEqual(['2026-10-02', '2026-10-09']);

    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Estado');
    hoja.addRow(['Fecha', 'Monto']);
    hoja.addRow(['2026-10-21', 1500]);
    hoja.addRow(['2026-10-15', -99]);
    const xlsx = Buffer.from(await libro.xlsx.writeBuffer()).toString('base64');
    const deExcel = await api('POST', `/conciliacio/importar-estado/${id}`, {
      nombre: 'estado.xlsx',
      contenido: xlsx,
    });
    expect(deExcel.statusCode, deExcel.body).toBe(200);
    expect(deExcel.json()).toMatchObject({ marcados: 2, conciliacion: { diferencia: 0 } });

    const sinTitulos = await api('POST', `/conciliacio/importar-estado/${id}`, {
      contenido: Buffer.from('a,b\n1,2\n').toString('base64'),
    });
    expect(sinTitulos.statusCode).toBe(400);
    expect(sinTitulos.json().message).toContain('«Fecha» y «Monto»');
  });

  it('una línea pertenece a una sola conciliación (índice único)', async () => {
    const d = await banco('Banco Santa Cruz conciliación', 0);
    await ingreso(d.cuentaContable.idCuenta, 40, '2026-10-08');
    const r = await abrir(d._id, {
      fechaInicioConciliacion: '2026-10-01',
      fechaFinConciliacion: '2026-10-31',
      saldoFinalDelEstado: 40,
    });
    const id = r.json().conciliacion._id;
    const [mov] = (await movimientos(id)).data;
    await api('PUT', `/conciliacio/movimiento-verificado/${mov?._id}`, {});
    expect((await api('POST', '/conciliacio/cerrar-conciliacion', { idConciliacion: id })).statusCode).toBe(
      200,
    );
    const s = await abrir(d._id, {
      fechaInicioConciliacion: '2026-11-01',
      fechaFinConciliacion: '2026-11-30',
      saldoFinalDelEstado: 40,
    });
    const otra = s.json().conciliacion._id;
    // Even written straight to the table (no service check), the database refuses the second one.
    const intento = e.db.enEmpresa(1, (tx) =>
      tx.execute(
        sql`insert into movimientos_conciliados (tenant_id, id_conciliacion, id_linea) values (1, ${otra}, ${mov?._id})`,
      ),
    );
    await expect(intento).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('otra empresa no ve ni toca las conciliaciones', async () => {
    const f = await banco('Banco Caribe conciliación', 0);
    const r = await abrir(f._id, {
      fechaInicioConciliacion: '2026-10-01',
      fechaFinConciliacion: '2026-10-31',
      saldoFinalDelEstado: 0,
    });
    const id = r.json().conciliacion._id;
    const token2 = await e.login(2);
    const ver = await e.api({ method: 'GET', url: `/api/conciliacio/${id}`, tenant: 2, token: token2 });
    expect(ver.statusCode).toBe(404);
    const cerrar = await e.api({
      method: 'POST',
      url: '/api/conciliacio/cerrar-conciliacion',
      tenant: 2,
      token: token2,
      body: { idConciliacion: id },
    });
    expect(cerrar.statusCode).toBe(404);
    const lista = await e.api({
      method: 'POST',
      url: '/api/conciliacio/conciliaciones-cuenta',
      tenant: 2,
      token: token2,
      body: { idCuentaDeBanco: f._id },
    });
    expect(lista.json().totalDocs).toBe(0);
  });

  it.runIf(motor === 'postgres')(
    'dos aperturas y dos cierres a la vez: una gana, los intereses se asientan una vez',
    async () => {
      const g = await banco('Banco López de Haro conciliación', 100);
      const datos = {
        fechaInicioConciliacion: '2026-10-01',
        fechaFinConciliacion: '2026-10-31',
        saldoFinalDelEstado: 125,
        ingresosBancarios: 25,
      };
      const aperturas = await Promise.all([abrir(g._id, datos), abrir(g._id, datos)]);
      expect(aperturas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const perdedora = aperturas.find((r) => r.statusCode === 409);
      expect(perdedora?.json().message).toBe(MENSAJE_CONCILIACION_ABIERTA_EXISTE);
      const id = aperturas.find((r) => r.statusCode === 200)?.json().conciliacion._id;
      const cierres = await Promise.all([
        api('POST', '/conciliacio/cerrar-conciliacion', { idConciliacion: id }),
        api('POST', '/conciliacio/cerrar-conciliacion', { idConciliacion: id }),
      ]);
      expect(cierres.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(cierres.find((r) => r.statusCode === 409)?.json().message).toBe(MENSAJE_CONCILIACION_CERRADA);
      const [{ n } = { n: -1 }] = await e.db.consultarComoDueno<{ n: number }>(
        sql`select count(*)::int as n from asientos_contables where tenant_id = 1 and tipo_documento = 'conciliacion' and id_documento = ${id}`,
      );
      expect(n).toBe(1);
    },
  );
});
