import { randomUUID } from 'node:crypto';
import { MENSAJE_CONDUCE_SIN_CLIENTE, MENSAJE_CONDUCE_SIN_RANGO } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { CONSULTAS_DE_CAJA } from './caja.ts';

type Json = Record<string, unknown>;
type Fila = Record<string, unknown> & { total?: number };

// The cash reports (spec 002 §2, §7 "Reports (all POST)", §5 delivery report) over documents made through
// the API: a POS shift with cash, card and credit sales, receipts in (one cancelled), a POS withdrawal,
// a minor expense and delivery notes. docs/reports.md «Caja, cobros y pagos».
describe.each(MOTORES)('reportes de caja (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let cajera: string;
  let idCajera: string;
  let terminal: string;
  let cliente: string;
  let arroz: string;
  let intereses: string;
  let turno: Json;
  let reciboCobrado: string;
  let reciboAnulado: string;
  let retiro: string;

  function reporte(ruta: string, body: Json, token = admin, tenant = 1) {
    return e.api({ method: 'POST', url: `/api${ruta}`, token, tenant, body });
  }

  async function datos(ruta: string, body: Json, token = admin, tenant = 1): Promise<Json> {
    const r = await reporte(ruta, body, token, tenant);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  function vender(factura: Json, cantidad = 1) {
    return e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: cajera,
      body: [
        { identificadorUnico: randomUUID(), ...factura },
        [{ idProducto: arroz, cantidad }],
        [],
        null,
        { desdePos: true, idTerminalRef: terminal },
        [],
        { _id: terminal },
        factura.metodoDePago ?? 'Efectivo',
        {},
      ],
    });
  }

  function cobrar(cuerpo: Json, token = cajera) {
    return e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/',
      token,
      body: { identificadorUnico: randomUUID(), ...cuerpo },
    });
  }

  /** A receipt to accounts from the office (interest income) on a given day. */
  async function ingresoDelDia(fechaDeEmision: string, importe: number): Promise<string> {
    const r = await cobrar(
      {
        tipoDeIngreso: false,
        fechaDeEmision,
        res: [{ cuentaContableCredito: { idCuenta: intereses }, importe }],
      },
      admin,
    );
    expect(r.statusCode, r.body).toBe(200);
    return r.json()[0].idIngresosRef;
  }

  const suma = (filas: Fila[], campo: string) =>
    Math.round(filas.reduce((s, f) => s + Number(f[campo] ?? 0), 0) * 100) / 100;

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    const usuario = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'cajera-reportes',
        password: 'clave-de-prueba-1',
        privilegios: { puntoDeVentas: { acceso: true, ver: true, crear: true } },
      },
    });
    expect(usuario.statusCode, usuario.body).toBe(200);
    idCajera = usuario.json()._id;
    cajera = await e.login(1, 'cajera-reportes', 'clave-de-prueba-1');
    const t = await e.api({
      method: 'POST',
      url: '/api/terminales/',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Caja de reportes' },
    });
    expect(t.statusCode, t.body).toBe(200);
    terminal = t.json()._id;
    const c = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Ferretería', apellidos: 'Los Mina', rnc: '' },
    });
    expect(c.statusCode, c.body).toBe(200);
    cliente = c.json().clientedb._id;
    const almacen = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const producto = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: 'REP-ARROZ-5',
          nombre: 'Arroz de reporte 5 lb',
          precioDeVenta: 245,
          impuestos: [],
        },
        [{ idAlmacen: almacen, cantidadInicial: 100, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    arroz = producto.json().producto._id;
    const [cuenta] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id_cuenta as id from asignacion_cuentas_contables
          where tenant_id = 1 and clave = 'ingresosFinancieros'`,
    );
    intereses = cuenta?.id ?? '';

    // The shift: opening 1,000; cash sale 490; card sale 245; credit sale 245 of which a POS receipt
    // collects 100 in cash; a second receipt of 50 is cancelled; a withdrawal of 200; counted 1,400.
    const abierto = await e.api({
      method: 'POST',
      url: '/api/turno/',
      token: cajera,
      body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }] },
    });
    expect(abierto.statusCode, abierto.body).toBe(200);
    const efectivo = await vender({ metodoDePago: 'Efectivo', efectivoRecibido: 500 }, 2);
    expect(efectivo.statusCode, efectivo.body).toBe(200);
    const tarjeta = await vender({ metodoDePago: 'Tarjeta', efectivoRecibido: 245 });
    expect(tarjeta.statusCode, tarjeta.body).toBe(200);
    const credito = await vender({ idCliente: cliente, efectivoRecibido: 0 });
    expect(credito.statusCode, credito.body).toBe(200);
    const idFactura = credito.json().facturadb._id;
    const desdeElpos = { desdePos: true, idTerminalRef: terminal };
    const cobro = await cobrar({ idCliente: cliente, res: [{ idFactura, importe: 100 }], desdeElpos });
    expect(cobro.statusCode, cobro.body).toBe(200);
    reciboCobrado = cobro.json()[0].idIngresosRef;
    const otro = await cobrar({ idCliente: cliente, res: [{ idFactura, importe: 50 }], desdeElpos });
    expect(otro.statusCode, otro.body).toBe(200);
    reciboAnulado = otro.json()[0].idIngresosRef;
    const anulado = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: admin,
      body: { idIngresosRef: reciboAnulado, notaAnular: 'Cobro duplicado' },
    });
    expect(anulado.json().resultado, anulado.body).toBe('anulado');
    const sale = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/',
      token: cajera,
      body: { identificadorUnico: randomUUID(), tipoDeEgreso: false, desdeElpos, res: [{ importe: 200 }] },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    retiro = sale.json()[0].idEgresosRef;
    const cerrado = await e.api({
      method: 'PATCH',
      url: `/api/turno/${idCajera}`,
      token: cajera,
      body: {
        desgloseDeEfectivo: [
          { monto: 1000, cantidad: 1 },
          { monto: 200, cantidad: 2 },
        ],
      },
    });
    expect(cerrado.statusCode, cerrado.body).toBe(200);
    turno = cerrado.json();
    expect(turno).toMatchObject({ totalEnCaja: 1390, montoDeCierre: 1400, diferencia: 10 });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('el cuadre general de la terminal suma las ventas, cobros y retiros del día y su efectivo es el del cierre', async () => {
    const r = await datos('/factura/r-cuadre-general', { periodo: 1, idTerminal: terminal });
    const cuadre = r.cuadre as Fila[];
    expect(cuadre).toEqual([
      {
        clave: `${terminal}:Efectivo`,
        idTerminal: terminal,
        terminal: 'Caja de reportes',
        metodo: 'Efectivo',
        apertura: 1000,
        ventas: 490,
        ingresos: 100,
        devoluciones: 0,
        egresos: 200,
        esperado: 1390,
      },
      expect.objectContaining({ metodo: 'Tarjeta', apertura: 0, ventas: 245, ingresos: 0, esperado: 245 }),
    ]);
    // The cash expected is the shift's own close; sales are the shift's sales by method.
    const efectivo = cuadre[0] as Fila;
    expect(efectivo.esperado).toBe(turno.totalEnCaja);
    expect(efectivo.ventas).toBe(turno.efectivo);
    expect(efectivo.ingresos).toBe(turno.ingresoDeEfectivo);
    expect(efectivo.egresos).toBe(turno.retiroDeEfectivo);
    expect(r).toMatchObject({
      totalApertura: 1000,
      totalVentas: 735,
      totalIngresos: 100,
      totalEgresos: 200,
      totalEsperado: 1635,
      efectivoEsperado: 1390,
    });
    // The sales collected equal the payments of the terminal's invoices of the day.
    const [pagos] = await e.db.consultarComoDueno<{ total: string }>(
      sql`select sum(p.monto) as total from pagos_factura p join facturas f
            on f.tenant_id = p.tenant_id and f.id = p.id_factura
          where p.tenant_id = 1 and f.id_terminal = ${terminal} and p.origen = 'factura'`,
    );
    expect(r.totalVentas).toBe(Number(pagos?.total));
    // The user filter: the cashier's documents, nobody else's.
    const deOtro = await datos('/factura/r-cuadre-general', {
      periodo: 1,
      idTerminal: terminal,
      idUsuario: randomUUID(),
    });
    expect(deOtro.cuadre).toEqual([]);
    expect(deOtro.totalEsperado).toBe(0);
    // Without a terminal, the day's total money out includes the payments out report's total.
    const todos = await datos('/factura/r-cuadre-general', { periodo: 1 });
    const egresos = await datos('/recibos-egresos/r-egresos-general', { periodo: 1 });
    expect(todos.totalEgresos).toBe(egresos.totalEgresos);
    expect(todos.totalVentas).toBe(suma(todos.cuadre as Fila[], 'ventas'));
  });

  it('el reporte de turnos muestra el turno con lo esperado y lo contado de su cierre', async () => {
    const r = await datos('/reportes/r-turnos', { periodo: 1, idTerminal: terminal });
    expect(r.totalRows).toBe(1);
    expect(r.turnos).toEqual([
      {
        idTurno: turno._id,
        terminal: 'Caja de reportes',
        usuario: 'cajera-reportes',
        fechaDeInicio: turno.fechaDeInicio,
        fechaDeCierre: turno.fechaDeCierre,
        estado: 'Cerrado',
        montoDeInicio: 1000,
        efectivo: 490,
        tarjetaCredito: 245,
        tarjetaDebito: 0,
        transferencia: 0,
        cheque: 0,
        credito: 145,
        ingresoDeEfectivo: 100,
        retiroDeEfectivo: 200,
        devolucionesDeEfectivo: 0,
        esperado: turno.totalEnCaja,
        contado: turno.montoDeCierre,
        diferencia: turno.diferencia,
      },
    ]);
    expect(r).toMatchObject({
      totalEsperado: 1390,
      totalContado: 1400,
      totalDiferencia: 10,
      turnosAbiertos: 0,
    });
    // An open shift shows its live figures and counts in the totals, with no count nor difference.
    const abierto = await e.api({
      method: 'POST',
      url: '/api/turno/',
      token: cajera,
      body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 500, cantidad: 1 }] },
    });
    expect(abierto.statusCode, abierto.body).toBe(200);
    const venta = await vender({ metodoDePago: 'Efectivo', efectivoRecibido: 245 });
    expect(venta.statusCode, venta.body).toBe(200);
    const conAbierto = await datos('/reportes/r-turnos', { periodo: 1, idTerminal: terminal });
    expect(conAbierto.totalRows).toBe(2);
    expect((conAbierto.turnos as Fila[])[1]).toMatchObject({
      idTurno: abierto.json()._id,
      estado: 'Abierto',
      montoDeInicio: 500,
      efectivo: 245,
      esperado: 745,
      contado: null,
      diferencia: null,
    });
    expect(conAbierto).toMatchObject({
      totalEsperado: 1390 + 745,
      totalEfectivo: 490 + 245,
      totalContado: 1400,
      turnosAbiertos: 1,
    });
    // Paged: the second page has the open shift only, the totals are still the filter's.
    const pagina = await datos('/reportes/r-turnos', { periodo: 1, idTerminal: terminal, page: 2, limit: 1 });
    expect((pagina.turnos as Fila[]).map((f) => f.idTurno)).toEqual([abierto.json()._id]);
    expect(pagina.totalEsperado).toBe(2135);
    const cierre = await e.api({ method: 'PATCH', url: `/api/turno/${idCajera}`, token: cajera, body: {} });
    expect(cierre.statusCode, cierre.body).toBe(200);
  });

  it('los ingresos del cliente: el recibo anulado no suma, salvo que se pidan los anulados', async () => {
    const filtro = { periodo: 1, idCliente: cliente };
    const general = await datos('/ingresos-recibidos/r-ingresos-general', filtro);
    expect(general.ingresos).toEqual([
      expect.objectContaining({ metodo: 'Efectivo', cantidad: 1, total: 100, cuenta: expect.any(String) }),
    ]);
    expect(general).toMatchObject({ cantidadDeRecibos: 1, totalIngresos: 100 });
    const lista = await datos('/ingresos-recibidos/r-ingresos/', filtro);
    expect((lista.ingresos as Fila[]).map((f) => f.idIngreso)).toEqual([reciboCobrado]);
    expect(lista.ingresos).toEqual([
      expect.objectContaining({
        cliente: 'Ferretería Los Mina',
        metodo: 'Efectivo',
        total: 100,
        estado: 'Activo',
      }),
    ]);
    expect(lista.totalIngresos).toBe(suma(lista.ingresos as Fila[], 'total'));
    const anulados = await datos('/ingresos-recibidos/r-ingresos/', { ...filtro, estado: 'Anulado' });
    expect((anulados.ingresos as Fila[]).map((f) => f.idIngreso)).toEqual([reciboAnulado]);
    expect(anulados.totalIngresos).toBe(50);
    const conTarjeta = await datos('/ingresos-recibidos/r-ingresos-general', {
      ...filtro,
      metodoDePago: 'Tarjeta',
    });
    expect(conTarjeta).toMatchObject({ ingresos: [], totalIngresos: 0 });
    // The whole day: the summary's rows add up to its total, and that total is the listing's.
    const dia = await datos('/ingresos-recibidos/r-ingresos-general', { periodo: 1 });
    const listaDia = await datos('/ingresos-recibidos/r-ingresos/', { periodo: 1 });
    expect(dia.totalIngresos).toBe(suma(dia.ingresos as Fila[], 'total'));
    expect(dia.totalIngresos).toBe(listaDia.totalIngresos);
    expect(listaDia.totalIngresos).toBe(suma(listaDia.ingresos as Fila[], 'total'));
  });

  it('los egresos juntan los recibos de egreso y los gastos menores del período', async () => {
    const antes = await datos('/recibos-egresos/r-egresos-general', {
      fechaInicial: '2024-05-06',
      fechaFinal: '2024-05-06',
    });
    expect(antes.totalEgresos).toBe(0);
    const [papeleria] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id from cuentas_contables where tenant_id = 1 and codigo_de_cuenta = '6.2.06'`,
    );
    const gasto = await e.api({
      method: 'POST',
      url: '/api/gastos-menores/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        fechaDeEmision: '2024-05-06',
        formaDePago: 'Efectivo',
        descripcion: 'Café y agua',
        listaDeGastos: [
          { cuentaContable: { idCuenta: papeleria?.id }, importe: 150.25, nota: 'Café y agua' },
        ],
      },
    });
    expect(gasto.statusCode, gasto.body).toBe(200);
    const pago = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        tipoDeEgreso: false,
        fechaDeEmision: '2024-05-06',
        formaDePago: 'Transferencia',
        res: [{ cuentaContableDebito: { idCuenta: intereses }, importe: 1000.1 }],
      },
    });
    expect(pago.statusCode, pago.body).toBe(200);
    const lista = await datos('/recibos-egresos/r-egresos/', {
      fechaInicial: '2024-05-06',
      fechaFinal: '2024-05-06',
    });
    const filas = lista.egresos as Fila[];
    expect(filas.map((f) => f.idEgreso).filter(Boolean)).toEqual([pago.json()[0].idEgresosRef]);
    expect(filas.filter((f) => f.documento === 'Gasto menor')).toEqual([
      expect.objectContaining({
        beneficiario: 'Café y agua',
        metodo: 'Efectivo',
        total: 150.25,
        recibo: null,
      }),
    ]);
    expect(lista.totalEgresos).toBe(suma(filas, 'total'));
    const general = await datos('/recibos-egresos/r-egresos-general', {
      fechaInicial: '2024-05-06',
      fechaFinal: '2024-05-06',
    });
    expect(general.totalEgresos).toBe(lista.totalEgresos);
    expect(general.totalEgresos).toBe(suma(general.egresos as Fila[], 'total'));
    expect(general.egresos).toContainEqual(
      expect.objectContaining({ metodo: 'Transferencia', cantidad: 1, total: 1000.1 }),
    );
    // The day's POS withdrawal is in the day's payments out.
    const hoy = await datos('/recibos-egresos/r-egresos/', { periodo: 1, metodoDePago: 'Efectivo' });
    expect((hoy.egresos as Fila[]).map((f) => f.idEgreso)).toContain(retiro);
  });

  it('los límites del período: el último segundo del día entra, el día siguiente no; la semana empieza el lunes', async () => {
    const ultimo = await ingresoDelDia('2024-03-31', 11);
    const siguiente = await ingresoDelDia('2024-04-01', 22);
    const delDia = await datos('/ingresos-recibidos/r-ingresos/', {
      fechaInicial: '2024-03-31',
      fechaFinal: '2024-03-31',
    });
    expect((delDia.ingresos as Fila[]).map((f) => f.idIngreso)).toEqual([ultimo]);
    const delOtro = await datos('/ingresos-recibidos/r-ingresos/', {
      fechaInicial: '2024-04-01',
      fechaFinal: '2024-04-01',
    });
    expect((delOtro.ingresos as Fila[]).map((f) => f.idIngreso)).toEqual([siguiente]);

    // A shift opened at 23:59:59 Santo Domingo belongs to that day; at 00:00:00 to the next one.
    const idTurno = String(turno._id);
    const moverA = (instante: string) =>
      e.db.consultarComoDueno(
        sql`update turnos set fecha_de_inicio = ${instante}::timestamptz where id = ${idTurno}`,
      );
    const turnosDel = async (dia: string) =>
      (
        (await datos('/reportes/r-turnos', { fechaInicial: dia, fechaFinal: dia, idTerminal: terminal }))
          .turnos as Fila[]
      ).map((f) => f.idTurno);
    await moverA('2024-03-31T23:59:59-04:00');
    expect(await turnosDel('2024-03-31')).toEqual([idTurno]);
    expect(await turnosDel('2024-04-01')).toEqual([]);
    const cuadre = await datos('/factura/r-cuadre-general', {
      fechaInicial: '2024-03-31',
      fechaFinal: '2024-03-31',
      idTerminal: terminal,
    });
    expect(cuadre.totalApertura).toBe(1000);
    await moverA('2024-04-01T00:00:00-04:00');
    expect(await turnosDel('2024-03-31')).toEqual([]);
    expect(await turnosDel('2024-04-01')).toEqual([idTurno]);

    // This week (preset 2) starts on Monday: Monday's receipt is in, the Sunday before is last week's.
    const hoy = new Date(Date.now() - 4 * 3600 * 1000); // Santo Domingo, UTC−4 all year
    const desdeElLunes = (hoy.getUTCDay() + 6) % 7;
    const dia = (atras: number) => new Date(hoy.getTime() - atras * 86400 * 1000).toISOString().slice(0, 10);
    const lunes = await ingresoDelDia(dia(desdeElLunes), 33);
    const domingo = await ingresoDelDia(dia(desdeElLunes + 1), 44);
    const semana = ((await datos('/ingresos-recibidos/r-ingresos/', { periodo: 2 })).ingresos as Fila[]).map(
      (f) => f.idIngreso,
    );
    expect(semana).toContain(lunes);
    expect(semana).not.toContain(domingo);
    const anterior = (
      (await datos('/ingresos-recibidos/r-ingresos/', { periodo: 3 })).ingresos as Fila[]
    ).map((f) => f.idIngreso);
    expect(anterior).toContain(domingo);
    expect(anterior).not.toContain(lunes);
  });

  it('cada empresa ve solo lo suyo', async () => {
    const otra = await e.login(2);
    const cuadre = await datos('/factura/r-cuadre-general', { periodo: 1, idTerminal: terminal }, otra, 2);
    expect(cuadre).toMatchObject({ cuadre: [], totalEsperado: 0 });
    const turnos = await datos('/reportes/r-turnos', { periodo: 6 }, otra, 2);
    expect(turnos).toMatchObject({ turnos: [], totalRows: 0 });
    const ingresos = await datos(
      '/ingresos-recibidos/r-ingresos/',
      { periodo: 6, idCliente: cliente },
      otra,
      2,
    );
    expect(ingresos).toMatchObject({ ingresos: [], totalIngresos: 0 });
    const egresos = await datos('/recibos-egresos/r-egresos/', { periodo: 6 }, otra, 2);
    expect((egresos.egresos as Fila[]).map((f) => f.idEgreso)).not.toContain(retiro);
    const conduces = await datos('/conduce/reporte_conduce/', { periodo: 6, idCliente: cliente }, otra, 2);
    expect(conduces).toMatchObject({ conduces: [], totalRows: 0 });
    // Row-level security already hides the other company; each query filters by tenant itself too,
    // which shows once the transaction runs as the owner (policies do not apply to it).
    for (const consulta of CONSULTAS_DE_CAJA) {
      const comoDueno = await e.db.enEmpresa(2, async (tx) => {
        await tx.execute(sql`reset role`);
        return consulta.consultar(
          { tx, tenantId: 2, ip: '127.0.0.1', usuario: null },
          consulta.declaracion.consulta.body.parse({ periodo: 6, idCliente: cliente }),
        );
      });
      expect(comoDueno[consulta.declaracion.filas], consulta.declaracion.id).toEqual([]);
    }
  });

  it('el reporte de conduces exige el cliente y el rango con los mensajes del spec', async () => {
    const sinCliente = await reporte('/conduce/reporte_conduce/', { periodo: 4 });
    expect(sinCliente.statusCode).toBe(400);
    expect(sinCliente.body).toContain(MENSAJE_CONDUCE_SIN_CLIENTE);
    const sinRango = await reporte('/conduce/reporte_conduce/', { idCliente: cliente });
    expect(sinRango.statusCode).toBe(400);
    expect(sinRango.body).toContain(MENSAJE_CONDUCE_SIN_RANGO);
    const mitad = await reporte('/conduce/reporte_conduce/', {
      idCliente: cliente,
      fechaInicial: '2024-01-01',
    });
    expect(mitad.statusCode).toBe(400);
    expect(mitad.body).toContain(MENSAJE_CONDUCE_SIN_RANGO);

    const conducir = (fechaEmision: string, cantidad: number) =>
      e.api({
        method: 'POST',
        url: '/api/conduce/',
        token: admin,
        body: [
          { identificadorUnico: randomUUID(), idCliente: cliente, fechaEmision },
          [{ idProducto: arroz, cantidad }],
        ],
      });
    const enero = await conducir('2024-01-15', 2);
    expect(enero.statusCode, enero.body).toBe(200);
    const febrero = await conducir('2024-02-01', 1);
    expect(febrero.statusCode, febrero.body).toBe(200);
    const r = await datos('/conduce/reporte_conduce/', {
      idCliente: cliente,
      fechaInicial: '2024-01-01',
      fechaFinal: '2024-01-31',
    });
    expect(r).toMatchObject({ cliente: 'Ferretería Los Mina', totalRows: 1, totalConduces: 490 });
    expect(r.conduces).toEqual([
      expect.objectContaining({ tipo: 'Pre-factura', total: 490, estado: 'Activo' }),
    ]);
    const ambos = await datos('/conduce/reporte_conduce/', {
      idCliente: cliente,
      fechaInicial: '2024-01-01',
      fechaFinal: '2024-02-29',
    });
    expect(ambos.totalConduces).toBe(735);
    expect(ambos.totalConduces).toBe(suma(ambos.conduces as Fila[], 'total'));
    const otroCliente = await datos('/conduce/reporte_conduce/', {
      idCliente: randomUUID(),
      fechaInicial: '2024-01-01',
      fechaFinal: '2024-02-29',
    });
    expect(otroCliente).toMatchObject({ conduces: [], totalConduces: 0 });
  });
});
