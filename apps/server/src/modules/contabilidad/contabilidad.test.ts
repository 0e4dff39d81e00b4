import { randomUUID } from 'node:crypto';
import type { CatalogoDeCuentas, NodoCuenta } from '@pos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

function aplanar(nodos: NodoCuenta[]): NodoCuenta[] {
  return nodos.flatMap((nodo) => [nodo, ...aplanar(nodo.children)]);
}

function porCodigo(catalogo: CatalogoDeCuentas, codigo: string): NodoCuenta {
  const nodo = aplanar(catalogo.treeData).find((n) => n.codigoDeCuenta === codigo);
  if (!nodo) {
    throw new Error(`sin cuenta ${codigo}`);
  }
  return nodo;
}

describe.each(MOTORES)('catálogo de cuentas y asignación (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  async function catalogo(token = admin, tenant = 1): Promise<CatalogoDeCuentas> {
    const r = await e.api({ method: 'GET', url: '/api/catalogo-de-cuentas/', token, tenant });
    expect(r.statusCode).toBe(200);
    return r.json();
  }

  it('cada empresa nueva recibe el catálogo dominicano completo, en árbol', async () => {
    const c = await catalogo();
    expect(c._id).toBe('1');
    expect(c.treeData.map((n) => [n.codigoDeCuenta, n.nombre, n.tipo, n.naturaleza])).toEqual([
      ['1', 'Activos', 'activo', 'deudora'],
      ['2', 'Pasivos', 'pasivo', 'acreedora'],
      ['3', 'Capital', 'capital', 'acreedora'],
      ['4', 'Ingresos', 'ingresos', 'acreedora'],
      ['5', 'Costos', 'costos', 'deudora'],
      ['6', 'Gastos', 'gastos', 'deudora'],
    ]);
    const caja = porCodigo(c, '1.1.01.01');
    expect(Object.keys(caja).sort()).toEqual(
      ['categoria', 'children', 'codigoDeCuenta', 'id', 'naturaleza', 'nombre', 'tipo'].sort(),
    );
    expect(caja).toMatchObject({
      nombre: 'Caja general',
      tipo: 'activo',
      naturaleza: 'deudora',
      children: [],
    });
    for (const [codigo, nombre] of [
      ['1.1.02.01', 'Cuentas por cobrar clientes'],
      ['1.1.03.01', 'Inventario de mercancías'],
      ['1.1.04.01', 'ITBIS adelantado (pagado en compras)'],
      ['2.1.01.01', 'Cuentas por pagar proveedores'],
      ['2.1.02.01', 'ITBIS por pagar'],
      ['2.1.02.03', 'ISR retenido a terceros por pagar'],
      ['4.1.03', 'Devoluciones en ventas'],
      ['5.1.01', 'Costo de ventas de mercancías'],
    ]) {
      expect(porCodigo(c, codigo as string).nombre).toBe(nombre);
    }
    // Contra accounts carry the opposite nature of their group.
    expect(porCodigo(c, '4.1.03').naturaleza).toBe('deudora');
    expect(porCodigo(c, '1.2.02.01').naturaleza).toBe('acreedora');
    expect(c.listas.cuentasPorCobrar.map((x) => x.codigoDeCuenta)).toContain('1.1.02.01');
    expect(c.listas.impuestosPorPagar.map((x) => x.codigoDeCuenta)).toContain('2.1.02.01');
    expect(c.listas.impuestosAFavor.map((x) => x.codigoDeCuenta)).toContain('1.1.04.01');
    // The starting chart's one bank account; the demo company adds its second bank (Banreservas).
    expect(c.listas.bancos.map((x) => x.codigoDeCuenta)).toEqual(['1.1.01.03.01', '1.1.01.03.02']);
    // Lists hold detail accounts only.
    expect(c.listas.efectivo.map((x) => x.codigoDeCuenta)).not.toContain('1.1.01');
    // The operator company got its own copy.
    const token2 = await e.login(2);
    const c2 = await catalogo(token2, 2);
    expect(c2._id).toBe('2');
    expect(porCodigo(c2, '1.1.01.01').id).not.toBe(caja.id);
    expect(c2.listas.bancos.map((x) => x.codigoDeCuenta)).toEqual(['1.1.01.03.01']);
  });

  it('GET gastos: cuentas de detalle de gastos y costos', async () => {
    const r = await e.api({ method: 'GET', url: '/api/catalogo-de-cuentas/gastos', token: admin });
    const codigos = (r.json() as Array<{ codigoDeCuenta: string; tipo: string }>).map(
      (x) => x.codigoDeCuenta,
    );
    expect(codigos).toContain('6.2.12');
    expect(codigos).toContain('5.1.01');
    expect(codigos).not.toContain('6.2');
    expect(codigos).not.toContain('1.1.01.01');
  });

  it('la asignación por defecto cubre cada clase de asiento; PATCH cambia solo lo enviado', async () => {
    const r = await e.api({ method: 'GET', url: '/api/asignacion-de-cuentas-contables', token: admin });
    expect(r.statusCode).toBe(200);
    const asignacion = r.json();
    expect(Object.values(asignacion).every((cuenta) => cuenta !== null)).toBe(true);
    expect(asignacion.itbisPorPagar).toMatchObject({
      codigoDeCuenta: '2.1.02.01',
      nombre: 'ITBIS por pagar',
    });
    expect(asignacion.cuentasPorCobrarClientes.codigoDeCuenta).toBe('1.1.02.01');
    expect(asignacion.costoDeVentas.codigoDeCuenta).toBe('5.1.01');

    const c = await catalogo();
    const otros = porCodigo(c, '6.2.16');
    const cambio = await e.api({
      method: 'PATCH',
      url: '/api/asignacion-de-cuentas-contables',
      token: admin,
      body: { gastosMenores: { idCuenta: otros.id, nombre: 'lo que sea' } },
    });
    expect(cambio.statusCode).toBe(200);
    expect(cambio.json().gastosMenores).toMatchObject({ idCuenta: otros.id, codigoDeCuenta: '6.2.16' });
    expect(cambio.json().itbisPorPagar.codigoDeCuenta).toBe('2.1.02.01');

    const grupo = await e.api({
      method: 'PATCH',
      url: '/api/asignacion-de-cuentas-contables',
      token: admin,
      body: { gastosMenores: { idCuenta: porCodigo(c, '6.2').id } },
    });
    expect(grupo.statusCode).toBe(400);
    expect(grupo.json().message).toBe(
      'La cuenta 6.2 Gastos generales y administrativos tiene subcuentas; elige una cuenta de detalle para «Gastos menores».',
    );
    const claveRara = await e.api({
      method: 'PATCH',
      url: '/api/asignacion-de-cuentas-contables',
      token: admin,
      body: { cuentaInventada: { idCuenta: otros.id } },
    });
    expect(claveRara.statusCode).toBe(400);
  });

  it('POST mas/ agrega una cuenta de detalle con el siguiente código, sin duplicar', async () => {
    const c = await catalogo();
    const bancos = porCodigo(c, '1.1.01.03');
    const identificadorUnico = randomUUID();
    const r = await e.api({
      method: 'POST',
      url: '/api/catalogo-de-cuentas/mas/',
      token: admin,
      body: { identificadorUnico, idPadre: bancos.id, nombre: 'Banco de Reservas (cuenta de ahorros)' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      solicitudDuplicada: false,
      // After the demo's two banks (1.1.01.03.01 and .02).
      cuenta: { codigoDeCuenta: '1.1.01.03.03', tipo: 'activo', naturaleza: 'deudora', categoria: 'bancos' },
    });
    const otraVez = await e.api({
      method: 'POST',
      url: '/api/catalogo-de-cuentas/mas/',
      token: admin,
      body: { identificadorUnico, idPadre: bancos.id, nombre: 'Banco de Reservas (cuenta de ahorros)' },
    });
    expect(otraVez.json()).toMatchObject({ solicitudDuplicada: true, cuenta: { id: r.json().cuenta.id } });
    const despues = await catalogo();
    expect(despues.listas.bancos.map((x) => x.codigoDeCuenta)).toEqual([
      '1.1.01.03.01',
      '1.1.01.03.02',
      '1.1.01.03.03',
    ]);

    // An account in use (assigned) cannot become a group.
    const bajoCaja = await e.api({
      method: 'POST',
      url: '/api/catalogo-de-cuentas/mas/',
      token: admin,
      body: { identificadorUnico: randomUUID(), idPadre: porCodigo(c, '1.1.01.01').id, nombre: 'Caja 2' },
    });
    expect(bajoCaja.statusCode).toBe(409);
    // Also used by the demo's sales (facturas/demo.ts), which the message lists after the assignment.
    expect(bajoCaja.json().message).toMatch(
      /^La cuenta 1\.1\.01\.01 Caja general está en uso \(asignación de cuentas contables[^)]*\) y no puede tener subcuentas\.$/,
    );
    // The uses are named for the user, never by table.
    expect(bajoCaja.json().message).toContain('asientos contables');
    expect(bajoCaja.json().message).not.toMatch(/\w_\w/);
    const codigoAjeno = await e.api({
      method: 'POST',
      url: '/api/catalogo-de-cuentas/mas/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idPadre: bancos.id,
        nombre: 'Otro',
        codigoDeCuenta: '6.9.01',
      },
    });
    expect(codigoAjeno.statusCode).toBe(400);
  });

  it('PUT {treeData} renombra, agrega y quita cuentas; protege las que están en uso', async () => {
    const c = await catalogo();
    const gastos = c.treeData.find((n) => n.codigoDeCuenta === '6') as NodoCuenta;
    const otrosGastos = gastos.children.find((n) => n.codigoDeCuenta === '6.4') as NodoCuenta;
    otrosGastos.children = otrosGastos.children.filter((n) => n.codigoDeCuenta !== '6.4.02');
    otrosGastos.children.push({
      codigoDeCuenta: '6.4.03',
      nombre: 'Donaciones',
      children: [],
    } as unknown as NodoCuenta);
    (otrosGastos.children[0] as NodoCuenta).nombre = 'Impuestos municipales';
    const r = await e.api({
      method: 'PUT',
      url: '/api/catalogo-de-cuentas/1',
      token: admin,
      body: { treeData: c.treeData },
    });
    expect(r.statusCode).toBe(200);
    const nuevo: CatalogoDeCuentas = r.json();
    expect(porCodigo(nuevo, '6.4.01').nombre).toBe('Impuestos municipales');
    expect(porCodigo(nuevo, '6.4.03')).toMatchObject({
      nombre: 'Donaciones',
      tipo: 'gastos',
      naturaleza: 'deudora',
    });
    expect(aplanar(nuevo.treeData).some((n) => n.codigoDeCuenta === '6.4.02')).toBe(false);

    // Removing an assigned account is refused and nothing changes.
    const sinItbis = structuredClone(nuevo);
    const impuestos = porCodigo(sinItbis, '2.1.02');
    impuestos.children = impuestos.children.filter((n) => n.codigoDeCuenta !== '2.1.02.01');
    const quitar = await e.api({
      method: 'PUT',
      url: '/api/catalogo-de-cuentas/1',
      token: admin,
      body: { treeData: sinItbis.treeData },
    });
    expect(quitar.statusCode).toBe(409);
    expect(quitar.json().message).toMatch(
      /^La cuenta 2\.1\.02\.01 ITBIS por pagar está en uso \(asignación de cuentas contables[^)]*\) y no se puede quitar del catálogo\.$/,
    );
    expect(porCodigo(await catalogo(), '2.1.02.01').nombre).toBe('ITBIS por pagar');

    // Swapping two codes works (the unique index never sees a clash).
    const cambio = structuredClone(nuevo);
    const a = porCodigo(cambio, '6.3.01');
    const b = porCodigo(cambio, '6.3.02');
    [a.codigoDeCuenta, b.codigoDeCuenta] = [b.codigoDeCuenta, a.codigoDeCuenta];
    const swap = await e.api({
      method: 'PUT',
      url: '/api/catalogo-de-cuentas/1',
      token: admin,
      body: { treeData: cambio.treeData },
    });
    expect(swap.statusCode).toBe(200);
    expect(porCodigo(swap.json(), '6.3.02').nombre).toBe('Comisiones y cargos bancarios');

    const repetido = structuredClone(nuevo);
    porCodigo(repetido, '6.4.03').codigoDeCuenta = '6.4.01';
    const malo = await e.api({
      method: 'PUT',
      url: '/api/catalogo-de-cuentas/1',
      token: admin,
      body: { treeData: repetido.treeData },
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toBe('El código de cuenta 6.4.01 está repetido.');

    const sinNombre = structuredClone(nuevo);
    porCodigo(sinNombre, '6.4.03').nombre = '';
    const vacio = await e.api({
      method: 'PUT',
      url: '/api/catalogo-de-cuentas/1',
      token: admin,
      body: { treeData: sinNombre.treeData },
    });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().errores[0].mensaje).toBe('Debes poner el nombre de la cuenta');
  });

  it('aislamiento por empresa y permisos', async () => {
    const c1 = await catalogo();
    const token2 = await e.login(2);
    const ajeno = await e.api({
      method: 'PUT',
      url: '/api/catalogo-de-cuentas/1',
      tenant: 2,
      token: token2,
      body: { treeData: c1.treeData },
    });
    expect(ajeno.statusCode).toBe(404);
    const cuentaDe1 = await e.api({
      method: 'PATCH',
      url: '/api/asignacion-de-cuentas-contables',
      tenant: 2,
      token: token2,
      body: { gastosMenores: { idCuenta: porCodigo(c1, '6.2.16').id } },
    });
    expect(cuentaDe1.statusCode).toBe(400);
    expect(cuentaDe1.json().message).toBe(
      'La cuenta elegida para «Gastos menores» no existe en el catálogo.',
    );
    expect(
      (await e.api({ method: 'GET', url: '/api/catalogo-de-cuentas/', tenant: 1, token: token2 })).statusCode,
    ).toBe(403);

    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: 'contable', password: 'clave-contable' },
    });
    const sinPermiso = await e.login(1, 'contable', 'clave-contable');
    // Selectors elsewhere read the chart with just a session; changing it needs the module.
    expect(
      (await e.api({ method: 'GET', url: '/api/catalogo-de-cuentas/', token: sinPermiso })).statusCode,
    ).toBe(200);
    const put = await e.api({
      method: 'PUT',
      url: '/api/catalogo-de-cuentas/1',
      token: sinPermiso,
      body: { treeData: c1.treeData },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toMatch(/^No tienes permiso para /);
    expect(
      (await e.api({ method: 'GET', url: '/api/asignacion-de-cuentas-contables', token: sinPermiso }))
        .statusCode,
    ).toBe(403);
  });
});
