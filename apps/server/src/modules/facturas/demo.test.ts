import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

// The demo (README "Los dos comandos"): the demo company's sales history is seeded through the invoice and shift
// services (facturas/demo.ts), so it must satisfy the same invariants as real sales.
describe.each(MOTORES)('ventas de la empresa demo (%s)', (motor) => {
  let e: Entorno;
  let admin: string;

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('unas tres semanas de facturas hasta ayer, con varios métodos, una anulada y ventas a crédito', async () => {
    const [resumen] = await e.db.consultarComoDueno<{
      dias: number;
      metodos: number;
      anuladas: number;
      pendientes: number;
      ultimoDia: string;
      diaDelTurno: string;
      creditoFiscal: number;
    }>(
      sql`select count(distinct fecha_emision)::int as dias,
            count(distinct metodo_de_pago)::int as metodos,
            count(*) filter (where estado = 'Anulado')::int as anuladas,
            count(*) filter (where estado = 'Activo' and monto_a_pagar > cobrado)::int as pendientes,
            max(fecha_emision) filter (where not desde_pos and documentos_de_origen = '[]')::text as "ultimoDia",
            min(fecha_emision) filter (where desde_pos)::text as "diaDelTurno",
            count(*) filter (where tipo_ncf = 'B01')::int as "creditoFiscal"
          from facturas where tenant_id = 1`,
    );
    expect(resumen?.dias).toBeGreaterThanOrEqual(15);
    expect(resumen?.metodos).toBeGreaterThanOrEqual(3);
    expect(resumen?.anuladas).toBeGreaterThanOrEqual(1);
    expect(resumen?.pendientes).toBeGreaterThanOrEqual(1);
    // The history ends the day before the seeding day, whose sales are the POS shift's (and today's
    // conversions of a quotation and a conduce).
    expect(resumen?.ultimoDia).toBe(
      new Date(Date.parse(`${resumen?.diaDelTurno}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    );
    expect(resumen?.creditoFiscal).toBeGreaterThanOrEqual(1);

    // The lists show it: the cancelled one in the audit list, the credit ones as receivables.
    const auditoria = await e.api({
      method: 'POST',
      url: '/api/factura/lista-de-facturas',
      token: admin,
      body: { buscarPorEstado: true },
    });
    expect(auditoria.statusCode, auditoria.body).toBe(200);
    expect(auditoria.json().totalRows).toBeGreaterThanOrEqual(1);
    const porCobrar = await e.api({
      method: 'POST',
      url: '/api/factura/r-cuentas-por-cobrar/',
      token: admin,
      body: {},
    });
    expect(porCobrar.statusCode, porCobrar.body).toBe(200);
    expect(porCobrar.json().totalPendiente).toBeGreaterThan(0);
  });

  it('deja un turno de hoy cerrado con RD$50 de faltante y ninguno abierto', async () => {
    const abiertos = await e.api({ method: 'POST', url: '/api/turno/abiertos/', token: admin, body: {} });
    expect(abiertos.json().totalRows).toBe(0);
    const cerrados = await e.api({
      method: 'POST',
      url: '/api/turno/abiertos/',
      token: admin,
      body: { estadoDelTurno: false },
    });
    expect(cerrados.statusCode, cerrados.body).toBe(200);
    const [turno] = cerrados.json().res;
    expect(turno).toMatchObject({ nombreTerminal: 'Caja 1', nombreUsuario: 'admin', diferencia: -50 });
    expect(turno.montoDeCierre).toBe(turno.totalEnCaja - 50);
    const documentos = await e.api({
      method: 'POST',
      url: '/api/factura/r-documentos-del-turno',
      token: admin,
      body: { idTurnoRef: turno._id },
    });
    expect(documentos.statusCode, documentos.body).toBe(200);
    expect(documentos.json().facturasAlContado.length).toBeGreaterThanOrEqual(3);
    expect(documentos.json().facturasAnuladas).toHaveLength(1);
    // The demo's POS return: a credit note whose cash left the drawer (modules/notasDeCredito/demo.ts).
    const [devolucion] = documentos.json().notasDeCredito;
    expect(devolucion).toMatchObject({ estado: 'Activo', devueltoEnEfectivo: devolucion.totalGral });
    expect(turno.devolucionesDeEfectvo).toBe(devolucion.totalGral);
  });

  it('el diario cuadra y la existencia de cada producto es la suma de sus movimientos', async () => {
    const [diario] = await e.db.consultarComoDueno<{
      debitos: string;
      creditos: string;
      descuadrados: number;
    }>(
      sql`select sum(l.debito)::text as debitos, sum(l.credito)::text as creditos,
            (select count(*)::int from asientos_contables a where a.tenant_id = 1 and a.total_debito <> a.total_credito) as descuadrados
          from lineas_asiento l where l.tenant_id = 1`,
    );
    expect(Number(diario?.debitos)).toBeGreaterThan(0);
    expect(diario?.debitos).toBe(diario?.creditos);
    expect(diario?.descuadrados).toBe(0);
    const [existencias] = await e.db.consultarComoDueno<{ descuadres: number; vendidos: number }>(
      sql`select count(*) filter (where pa.disponibilidad <> coalesce(m.suma, 0))::int as descuadres,
            count(*) filter (where m.salidas > 0)::int as vendidos
          from productos_almacenes pa
          left join (select id_producto, id_almacen, sum(cantidad) as suma,
                       count(*) filter (where tipo_documento = 'factura') as salidas
                     from movimientos_de_inventario where tenant_id = 1 group by id_producto, id_almacen) m
            on m.id_producto = pa.id_producto and m.id_almacen = pa.id_almacen
          where pa.tenant_id = 1`,
    );
    expect(existencias?.descuadres).toBe(0);
    expect(existencias?.vendidos).toBeGreaterThan(20);
    // Nothing was sold below zero.
    const [negativos] = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from productos_almacenes where tenant_id = 1 and disponibilidad < 0`,
    );
    expect(negativos?.n).toBe(0);
  });
});
