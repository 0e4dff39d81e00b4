import { randomUUID } from 'node:crypto';
import type {
  BalanzaDeComprobacion,
  EstadoDeResultados,
  LibroDiario,
  LibroMayor,
  SituacionFinanciera,
} from '@pos/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const centavos = (pesos: number) => Math.round(pesos * 100);

// Spec 002 §7 "Accounting": the journal (asientos-contables/listar), the income statement and the
// balance sheet (estado-de-resultados, situacion-finaciera), plus our trial balance and ledger. Real
// documents post through their own modules; every figure is checked against the journal's rows.
describe.each(MOTORES)('libro diario y estados financieros (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let centro: string;
  let producto: string;
  let cliente: string;
  let proveedor: string;
  let terminal: string;
  let ncfs = 0;

  async function post(url: string, body: unknown, method: 'POST' | 'PUT' = 'POST', token = admin) {
    return e.api({ method, url, token, body });
  }

  async function contacto(nombre: string, tipoDeContacto: string): Promise<string> {
    const r = await post('/api/cliente/crear', {
      identificadorUnico: randomUUID(),
      nombre,
      tipoDeContacto,
      limiteCredito: 1_000_000,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb._id;
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    const creado = await post('/api/centro-de-costo/', {
      identificadorUnico: randomUUID(),
      nombre: 'Sucursal Norte',
    });
    expect(creado.statusCode, creado.body).toBe(200);
    centro = creado.json()._id;
    const principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()
      ._id;
    const p = await post('/api/registro-productos/', [
      {
        idCodigoDeBarra: 'LIBRO-0001',
        nombre: 'Producto del libro',
        precioDeVenta: 200,
        costo: 100,
        impuestos: [ITBIS],
      },
      [{ idAlmacen: principal, cantidadInicial: 10_000, cantidadMinima: 0 }],
      randomUUID(),
    ]);
    expect(p.statusCode, p.body).toBe(200);
    producto = p.json().producto._id;
    cliente = await contacto('Cliente del libro', 'cliente');
    proveedor = await contacto('Proveedor del libro', 'proveedor');
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = ((terminales.res ?? terminales) as Json[]).find((t) => t.nombre === 'Caja 1')?._id as string;
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  async function facturar(
    cantidad: number,
    conCentro: boolean,
  ): Promise<Json & { _id: string; comprobante: string }> {
    const r = await post('/api/factura/crear', [
      {
        identificadorUnico: randomUUID(),
        idCliente: cliente,
        efectivoRecibido: 0,
        ...(conCentro ? { idCentroDeCosto: centro, centroDeCosto: 'Sucursal Norte' } : {}),
      },
      [{ idProducto: producto, cantidad }],
      [],
      null,
      { desdePos: false, idTerminalRef: terminal },
      [],
      { _id: terminal },
      'Efectivo',
      {},
    ]);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().facturadb;
  }

  async function comprar(cantidad: number, costo: number, conCentro: boolean): Promise<string> {
    const r = await post('/api/compras-proveedores/', [
      {
        idProveedor: proveedor,
        ncf: `B01${String(++ncfs).padStart(8, '0')}`,
        ...(conCentro ? { idCentroDeCosto: centro, centroDeCosto: 'Sucursal Norte' } : {}),
      },
      [{ idProducto: producto, cantidad, precio: costo }],
      [],
      [],
      null,
      randomUUID(),
    ]);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().compraDb._id;
  }

  const listar = async (filtro: Json): Promise<LibroDiario> => {
    const r = await post('/api/asientos-contables/listar', filtro);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const estado = async (filtro: Json): Promise<EstadoDeResultados> => {
    const r = await post('/api/asientos-contables/estado-de-resultados', filtro);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const situacion = async (filtro: Json): Promise<SituacionFinanciera> => {
    const r = await post('/api/asientos-contables/situacion-finaciera', filtro);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const balanza = async (filtro: Json): Promise<BalanzaDeComprobacion> => {
    const r = await post('/api/asientos-contables/balanza-de-comprobacion', filtro);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  /** What the journal's rows give per account type (cents, signed as the statements read them). */
  async function sumasDelDiario(desde: string | null, hasta: string, idCentro: string | null) {
    const filas = await e.db.consultarComoDueno<{
      tipo: string;
      neto: string;
      debito: string;
      credito: string;
    }>(
      sql`select c.tipo, sum(l.debito - l.credito)::text as neto, sum(l.debito)::text as debito,
            sum(l.credito)::text as credito
          from lineas_asiento l
          join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
          join cuentas_contables c on c.tenant_id = l.tenant_id and c.id = l.id_cuenta
          where l.tenant_id = 1 and a.fecha <= ${hasta}::date
            ${desde ? sql`and a.fecha >= ${desde}::date` : sql``}
            ${idCentro ? sql`and l.id_centro_de_costo = ${idCentro}` : sql``}
          group by c.tipo`,
    );
    const neto = (tipo: string) => centavos(Number(filas.find((f) => f.tipo === tipo)?.neto ?? 0));
    return {
      ingresos: 0 - neto('ingresos'),
      costos: neto('costos'),
      gastos: neto('gastos'),
      activo: neto('activo'),
      debitos: filas.reduce((s, f) => s + centavos(Number(f.debito)), 0),
      creditos: filas.reduce((s, f) => s + centavos(Number(f.credito)), 0),
    };
  }

  it('el diario lista cada asiento con sus líneas, su documento y su centro; filtra y suma', async () => {
    const factura = await facturar(2, true);
    const { asientos, totalDocs, totalDebito, totalCredito } = await listar({
      periodo: 1,
      tipoDocumento: 'factura',
      input: factura.comprobante,
    });
    expect(totalDocs).toBe(1);
    const [asiento] = asientos;
    expect(asiento).toMatchObject({
      tipoDocumento: 'factura',
      nombreTipoDocumento: 'Factura',
      idDocumento: factura._id,
      comprobante: factura.comprobante,
      idAsientoRevertido: null,
      // 2 × 200 with ITBIS included: receivable 400 and cost of sales 2 × 100.
      totalDebito: 600,
      totalCredito: 600,
    });
    expect(totalDebito).toBe(600);
    expect(totalCredito).toBe(600);
    const lineas = asiento?.lineas ?? [];
    expect(lineas.length).toBeGreaterThan(2);
    for (const linea of lineas) {
      expect(linea.codigoDeCuenta).toMatch(/^\d/);
      expect(linea.nombreCuenta).not.toBe('');
      expect(linea).toMatchObject({ idCentroDeCosto: centro, centroDeCosto: 'Sucursal Norte' });
    }
    const sumar = (campo: 'debito' | 'credito') => lineas.reduce((s, l) => s + centavos(l[campo]), 0);
    expect(sumar('debito')).toBe(sumar('credito'));
    expect(lineas.find((l) => l.codigoDeCuenta.startsWith('4.'))?.credito).toBe(338.98);

    // By the sales group (code 4): the entries with a line under it; by the centre: only the centre's.
    const ventas = (
      await e.db.consultarComoDueno<{ id: string }>(
        sql`select id from cuentas_contables where tenant_id = 1 and codigo_de_cuenta = '4'`,
      )
    )[0]?.id;
    const porCuenta = await listar({ periodo: 1, idCuenta: ventas, limit: 500 });
    expect(porCuenta.asientos.map((a) => a._id)).toContain(asiento?._id);
    for (const a of porCuenta.asientos) {
      expect(a.lineas.some((l) => l.codigoDeCuenta.startsWith('4'))).toBe(true);
    }
    const porCentro = await listar({ idCentroDeCosto: centro, limit: 500 });
    expect(porCentro.asientos.map((a) => a._id)).toContain(asiento?._id);
    for (const a of porCentro.asientos) {
      expect(a.lineas.some((l) => l.idCentroDeCosto === centro)).toBe(true);
    }
    // Page of 25 (spec 002 §9), newest first; a range with nothing matches nothing.
    const todo = await listar({});
    expect(todo.asientos.length).toBeLessThanOrEqual(25);
    expect(todo.totalDocs).toBeGreaterThanOrEqual(todo.asientos.length);
    const numeros = todo.asientos.map((a) => a.fecha + String(a.numero).padStart(10, '0'));
    expect([...numeros].sort().reverse()).toEqual(numeros);
    expect(await listar({ fechaInicial: '1990-01-01', fechaFinal: '1990-01-31' })).toEqual({
      asientos: [],
      totalDocs: 0,
      totalDebito: 0,
      totalCredito: 0,
    });

    // A cancellation shows as its reversing entry pointing at the original.
    const anulada = await post(`/api/factura/anular/${factura._id}`, { tipoDeAnulacion: '4' }, 'PUT');
    expect(anulada.statusCode, anulada.body).toBe(200);
    const despues = await listar({ input: factura.comprobante, tipoDocumento: 'factura' });
    expect(despues.totalDocs).toBe(2);
    expect(despues.asientos[0]?.idAsientoRevertido).toBe(asiento?._id);
  });

  it('el estado de resultados suma lo que el diario movió: una factura sube ingresos y costos', async () => {
    const hoy = await estado({ periodo: 1 });
    const delCentro = await estado({ periodo: 1, idCentroDeCosto: centro });
    await facturar(3, true);
    const despues = await estado({ periodo: 1 });
    const despuesDelCentro = await estado({ periodo: 1, idCentroDeCosto: centro });
    // 3 × 200 with ITBIS included: 508.47 of sales.
    expect(centavos(despues.totales.ingresos.actual - hoy.totales.ingresos.actual)).toBe(50_847);
    expect(centavos(despuesDelCentro.totales.ingresos.actual - delCentro.totales.ingresos.actual)).toBe(
      50_847,
    );
    const costo = centavos(despues.totales.costos.actual - hoy.totales.costos.actual);
    expect(costo).toBeGreaterThan(0);
    expect(centavos(despues.totales.resultado.actual - hoy.totales.resultado.actual)).toBe(50_847 - costo);
    // The previous period of «today» is yesterday; the rows follow the chart with groups first.
    expect(despues.periodo.desde).toBe(despues.periodo.hasta);
    expect(despues.periodoAnterior.hasta < (despues.periodo.desde ?? '')).toBe(true);
    const raiz = despues.filas.find((f) => f.codigoDeCuenta === '4');
    expect(raiz).toMatchObject({ nivel: 0, esGrupo: true });
    expect(centavos(raiz?.actual ?? 0)).toBe(centavos(despues.totales.ingresos.actual));
    const hijas = despues.filas.filter((f) => f.nivel === 1 && f.tipo === 'ingresos');
    expect(hijas.reduce((s, f) => s + centavos(f.actual), 0)).toBe(centavos(raiz?.actual ?? 0));
  });

  it('balanza y mayor: los débitos igualan los créditos y el saldo corre línea a línea', async () => {
    await facturar(1, false);
    const b = await balanza({ periodo: 6 });
    expect(b.filas.length).toBeGreaterThan(0);
    expect(centavos(b.totales.debitos)).toBe(centavos(b.totales.creditos));
    expect(b.totales.debitos).toBeGreaterThan(0);
    const codigos = b.filas.map((f) => f.codigoDeCuenta);
    expect(codigos.length).toBe(new Set(codigos).size);
    const cxc = b.filas.find((f) => f.codigoDeCuenta === '1.1.02.01');
    expect(cxc).toBeDefined();
    const r = await post('/api/asientos-contables/mayor', {
      idCuenta: cxc?.idCuenta,
      periodo: 6,
      limit: 500,
    });
    expect(r.statusCode, r.body).toBe(200);
    const mayor: LibroMayor = r.json();
    expect(mayor.cuenta).toMatchObject({ codigoDeCuenta: '1.1.02.01', naturaleza: 'deudora' });
    expect(mayor.saldoInicial).toBe(cxc?.saldoAnterior);
    expect(mayor.totales).toEqual({
      debitos: cxc?.debitos,
      creditos: cxc?.creditos,
      saldoFinal: cxc?.saldoFinal,
    });
    expect(mayor.movimientos.length).toBe(mayor.totalDocs);
    let saldo = centavos(mayor.saldoInicial);
    for (const m of mayor.movimientos) {
      saldo += centavos(m.debito) - centavos(m.credito);
      expect(centavos(m.saldo)).toBe(saldo);
    }
    expect(saldo).toBe(centavos(mayor.totales.saldoFinal));
    // Paging keeps the running balance of the whole period.
    const pagina2 = (
      await post('/api/asientos-contables/mayor', { idCuenta: cxc?.idCuenta, periodo: 6, limit: 1, page: 2 })
    ).json() as LibroMayor;
    expect(pagina2.movimientos[0]?.saldo).toBe(mayor.movimientos[1]?.saldo);
    const noExiste = await post('/api/asientos-contables/mayor', { idCuenta: randomUUID(), periodo: 1 });
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.json().message).toBe('La cuenta contable no existe');
  });

  it('exporta el diario y los estados en PDF, Excel o para imprimir; sin permiso responde 403', async () => {
    const pdf = await post('/api/asientos-contables/pdf/listar', { periodo: 1, documentoOpcion: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const excel = await post('/api/asientos-contables/pdf/situacion-finaciera', {
      periodo: 4,
      documentoOpcion: 'excel',
    });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-disposition']).toContain('situacion-financiera.xlsx');
    expect(excel.rawPayload.subarray(0, 2).toString()).toBe('PK');
    for (const ruta of ['estado-de-resultados', 'balanza-de-comprobacion']) {
      const imprimir = await post(`/api/asientos-contables/pdf/${ruta}`, {
        periodo: 1,
        documentoOpcion: 'print',
      });
      expect(imprimir.statusCode).toBe(200);
      expect(imprimir.headers['content-disposition']).toMatch(/^inline/);
    }
    const usuario = await post('/api/users/', {
      username: 'sin-contabilidad',
      password: 'clave-de-prueba-1',
      privilegios: { facturas: { acceso: true, crear: true, modificar: false, ver: true } },
    });
    expect(usuario.statusCode, usuario.body).toBe(200);
    const token = await e.login(1, 'sin-contabilidad', 'clave-de-prueba-1');
    expect((await post('/api/asientos-contables/listar', {}, 'POST', token)).statusCode).toBe(403);
    expect((await post('/api/asientos-contables/situacion-finaciera', {}, 'POST', token)).statusCode).toBe(
      403,
    );
  });

  type Paso =
    | { tipo: 'factura'; cantidad: number; centro: boolean }
    | { tipo: 'cobro'; cual: number; fraccion: number }
    | { tipo: 'compra'; cantidad: number; costo: number; centro: boolean }
    | { tipo: 'pago'; cual: number }
    | { tipo: 'anularFactura'; cual: number }
    | { tipo: 'anularCompra'; cual: number };

  const paso: fc.Arbitrary<Paso> = fc.oneof(
    fc.record({
      tipo: fc.constant('factura' as const),
      cantidad: fc.integer({ min: 1, max: 9 }),
      centro: fc.boolean(),
    }),
    fc.record({
      tipo: fc.constant('cobro' as const),
      cual: fc.nat(),
      fraccion: fc.constantFrom(0.25, 0.5, 1),
    }),
    fc.record({
      tipo: fc.constant('compra' as const),
      cantidad: fc.integer({ min: 1, max: 9 }),
      costo: fc.integer({ min: 100, max: 50_000 }).map((c) => c / 100),
      centro: fc.boolean(),
    }),
    fc.record({ tipo: fc.constant('pago' as const), cual: fc.nat() }),
    fc.record({ tipo: fc.constant('anularFactura' as const), cual: fc.nat() }),
    fc.record({ tipo: fc.constant('anularCompra' as const), cual: fc.nat() }),
  );

  it('tras documentos reales al azar: los estados igualan al diario, el balance cuadra, también por centro', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(paso, { minLength: 1, maxLength: 6 }), async (pasos) => {
        const facturas: { id: string; total: number; cobrada: boolean }[] = [];
        const compras: { id: string; total: number; pagada: boolean }[] = [];
        for (const p of pasos) {
          if (p.tipo === 'factura') {
            const f = await facturar(p.cantidad, p.centro);
            facturas.push({
              id: f._id,
              total: Number(f.total ?? f.totalGral ?? p.cantidad * 236),
              cobrada: false,
            });
          } else if (p.tipo === 'compra') {
            const id = await comprar(p.cantidad, p.costo, p.centro);
            const [fila] = await e.db.consultarComoDueno<{ monto: string }>(
              sql`select monto_a_pagar::text as monto from compras where tenant_id = 1 and id = ${id}`,
            );
            compras.push({ id, total: Number(fila?.monto ?? 0), pagada: false });
          } else if (p.tipo === 'cobro') {
            const pendientes = facturas.filter((f) => !f.cobrada);
            const f = pendientes[p.cual % Math.max(1, pendientes.length)];
            if (f) {
              const importe = Math.round(f.total * p.fraccion * 100) / 100;
              const r = await post('/api/ingresos-recibidos/', {
                identificadorUnico: randomUUID(),
                idCliente: cliente,
                res: [{ idFactura: f.id, importe }],
              });
              expect(r.statusCode, r.body).toBe(200);
              f.cobrada = true;
            }
          } else if (p.tipo === 'pago') {
            const pendientes = compras.filter((c) => !c.pagada);
            const c = pendientes[p.cual % Math.max(1, pendientes.length)];
            if (c) {
              const r = await post('/api/recibos-egresos/', {
                identificadorUnico: randomUUID(),
                idCliente: proveedor,
                res: [{ idCompra: c.id, importe: c.total }],
              });
              expect(r.statusCode, r.body).toBe(200);
              c.pagada = true;
            }
          } else if (p.tipo === 'anularFactura') {
            // Only an invoice without payments can be cancelled (spec 001 §4).
            const libres = facturas.filter((f) => !f.cobrada);
            const f = libres[p.cual % Math.max(1, libres.length)];
            if (f) {
              const r = await post(`/api/factura/anular/${f.id}`, { tipoDeAnulacion: '4' }, 'PUT');
              expect(r.statusCode, r.body).toBe(200);
              facturas.splice(facturas.indexOf(f), 1);
            }
          } else {
            const libres = compras.filter((c) => !c.pagada);
            const c = libres[p.cual % Math.max(1, libres.length)];
            if (c) {
              const r = await post(
                `/api/compras-proveedores/anular/${c.id}`,
                { notaAnular: 'Propiedad' },
                'PUT',
              );
              expect(r.statusCode, r.body).toBe(200);
              compras.splice(compras.indexOf(c), 1);
            }
          }
        }
        for (const idCentro of [null, centro]) {
          const filtro = { periodo: 1, ...(idCentro ? { idCentroDeCosto: idCentro } : {}) };
          const resultados = await estado(filtro);
          const { desde, hasta } = resultados.periodo;
          const diario = await sumasDelDiario(desde, hasta, idCentro);
          expect(centavos(resultados.totales.ingresos.actual)).toBe(diario.ingresos);
          expect(centavos(resultados.totales.costos.actual)).toBe(diario.costos);
          expect(centavos(resultados.totales.gastos.actual)).toBe(diario.gastos);
          expect(centavos(resultados.totales.resultado.actual)).toBe(
            diario.ingresos - diario.costos - diario.gastos,
          );

          const balance = await situacion(filtro);
          const acumulado = await sumasDelDiario(null, hasta, idCentro);
          expect(centavos(balance.totales.activo.actual)).toBe(acumulado.activo);
          expect(centavos(balance.totales.activo.actual)).toBe(
            centavos(balance.totales.totalPasivoYCapital.actual),
          );
          expect(centavos(balance.totales.activo.anterior)).toBe(
            centavos(balance.totales.totalPasivoYCapital.anterior),
          );

          const b = await balanza(filtro);
          expect(centavos(b.totales.debitos)).toBe(centavos(b.totales.creditos));
          expect(centavos(b.totales.debitos)).toBe(diario.debitos);
          expect(diario.debitos).toBe(diario.creditos);
        }
      }),
      { numRuns: 6 },
    );
  }, 600_000);
});
