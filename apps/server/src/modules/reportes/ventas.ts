import {
  FILAS_POR_PAGINA_DE_REPORTE,
  type FiltroDeReporte,
  type ImpuestoDelDesglose,
  REPORTE_DESGLOSE_DE_IMPUESTOS,
  REPORTE_ESTADISTICA_DE_USUARIOS,
  REPORTE_FACTURAS,
  REPORTE_FACTURAS_DEL_USUARIO,
  REPORTE_RENTABILIDAD,
  REPORTE_VENTAS_POR_PRODUCTOS,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, calcularLinea, normalizarTasa } from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { TIPO_DOCUMENTO_FACTURA } from '../facturas/lectura.ts';
import { consultaDe, type ReporteDelServidor } from './kit.ts';

// Spec 002 §2, §3 "Reports", §7: the sales reports. What they count (docs/reports.md «Reportes de
// ventas»): invoices by their issue date (fecha_emision, a Santo Domingo day), POS sales included; a
// cancelled invoice (Anulado) counts nowhere unless the estado filter asks for cancelled ones; a
// pending cancellation (Por-Anular) still counts, as its journal entry still stands; credit notes that
// are not cancelled are netted by their own issue date. Money is summed and rounded in SQL (numeric).

const n = (valor: string | number | null | undefined): number => Number(valor ?? 0);
const y = (condiciones: SQL[]): SQL => sql.join(condiciones, sql` and `);

/**
 * The conditions on the invoices `f` of a filter: the cancelled ones only when estado asks for them, or
 * every state with `todosLosEstados` (a report that counts the cancelled ones apart).
 */
function condicionesDeFacturas(ctx: Ctx, filtro: FiltroDeReporte, todosLosEstados = false): SQL[] {
  const condiciones: SQL[] = [sql`f.tenant_id = ${ctx.tenantId}`];
  const periodo = entreDias(sql`f.fecha_emision`, diasDelFiltro(filtro));
  if (periodo) {
    condiciones.push(periodo);
  }
  if (filtro.estado) {
    condiciones.push(sql`f.estado = ${filtro.estado}`);
  } else if (!todosLosEstados) {
    condiciones.push(sql`f.estado <> 'Anulado'`);
  }
  if (filtro.idCliente) {
    condiciones.push(sql`f.id_cliente = ${filtro.idCliente}`);
  }
  if (filtro.idUsuario) {
    condiciones.push(sql`f.id_usuario_creador = ${filtro.idUsuario}`);
  }
  if (filtro.idTerminal) {
    condiciones.push(sql`f.id_terminal = ${filtro.idTerminal}`);
  }
  if (filtro.idCentroDeCosto) {
    condiciones.push(sql`f.id_centro_de_costo = ${filtro.idCentroDeCosto}`);
  }
  if (filtro.idAlmacen) {
    condiciones.push(sql`f.id_almacen = ${filtro.idAlmacen}`);
  }
  if (filtro.metodoDePago) {
    condiciones.push(sql`f.metodo_de_pago = ${filtro.metodoDePago}`);
  }
  return condiciones;
}

/** The conditions on the credit notes `n` netted against the invoices of the same filter. */
function condicionesDeNotas(ctx: Ctx, filtro: FiltroDeReporte): SQL[] {
  const condiciones: SQL[] = [sql`n.tenant_id = ${ctx.tenantId}`, sql`n.estado <> 'Anulado'`];
  const periodo = entreDias(sql`n.fecha_emision`, diasDelFiltro(filtro));
  if (periodo) {
    condiciones.push(periodo);
  }
  if (filtro.idCliente) {
    condiciones.push(sql`n.id_cliente = ${filtro.idCliente}`);
  }
  if (filtro.idUsuario) {
    condiciones.push(sql`n.id_usuario_creador = ${filtro.idUsuario}`);
  }
  if (filtro.idTerminal) {
    condiciones.push(sql`n.id_terminal = ${filtro.idTerminal}`);
  }
  if (filtro.idAlmacen) {
    condiciones.push(sql`n.id_almacen = ${filtro.idAlmacen}`);
  }
  return condiciones;
}

/** LIMIT/OFFSET of a paged call: `page` of `limit` rows (25 by default); every row without `page`. */
function pagina(filtro: FiltroDeReporte): SQL {
  if (!filtro.page) {
    return sql``;
  }
  const limite = filtro.limit ?? FILAS_POR_PAGINA_DE_REPORTE;
  return sql` limit ${limite} offset ${(filtro.page - 1) * limite}`;
}

// ------------------------------------------------------------------------------ r-facturas

type FilaFactura = {
  id: string;
  numero_factura: string | null;
  comprobante: string | null;
  fecha_emision: string;
  hora: string;
  id_cliente: string | null;
  nombre: string;
  creada_por: string;
  terminal: string | null;
  metodo_de_pago: string;
  estado: string;
  descuento: string;
  subtotal: string;
  impuestos: string;
  total: string;
};

async function reporteDeFacturas(ctx: Ctx, filtro: FiltroDeReporte) {
  const donde = y(condicionesDeFacturas(ctx, filtro));
  const [totales] = await filas<{
    cantidad: string;
    total: string;
    subtotal: string;
    impuestos: string;
    descuento: string;
  }>(
    ctx.tx,
    sql`select count(*) as cantidad, coalesce(sum(f.total), 0) as total, coalesce(sum(f.subtotal), 0) as subtotal,
          coalesce(sum(f.impuestos), 0) as impuestos, coalesce(sum(f.descuento), 0) as descuento
        from facturas f where ${donde}`,
  );
  const desglose = await filas<{ name: string; tipo: string; total: string }>(
    ctx.tx,
    sql`select d->>'name' as name, coalesce(d->>'tipoDeImpuesto', '') as tipo,
          round(sum((d->>'total')::numeric), 2) as total
        from facturas f cross join lateral jsonb_array_elements(f.desglose_de_impuestos) d
        where ${donde}
        group by 1, 2 order by 3 desc, 1`,
  );
  const lista = await filas<FilaFactura>(
    ctx.tx,
    sql`select f.id, f.numero_factura, f.comprobante, f.fecha_emision::text as fecha_emision, f.hora, f.id_cliente,
          f.nombre, f.creada_por, t.nombre as terminal, f.metodo_de_pago, f.estado, f.descuento, f.subtotal,
          f.impuestos, f.total
        from facturas f
        left join terminales t on t.tenant_id = f.tenant_id and t.id = f.id_terminal
        where ${donde}
        order by f.fecha_emision desc, f.hora desc, f.numero_factura desc nulls last, f.id${pagina(filtro)}`,
  );
  return {
    facturas: lista.map((f) => ({
      _id: f.id,
      numeroFactura: f.numero_factura === null ? null : n(f.numero_factura),
      comprobante: f.comprobante ?? '',
      fechaEmision: f.fecha_emision,
      hora: f.hora,
      idCliente: f.id_cliente,
      nombre: f.nombre,
      creadaPor: f.creada_por,
      terminal: f.terminal ?? '',
      metodoDePago: f.metodo_de_pago,
      estado: f.estado,
      descuento: n(f.descuento),
      subtotal: n(f.subtotal),
      impuestos: n(f.impuestos),
      total: n(f.total),
    })),
    totalRows: n(totales?.cantidad),
    cantidadDeFacturas: n(totales?.cantidad),
    totalFacturado: n(totales?.total),
    totalGralSinImpuesto: n(totales?.subtotal),
    impuestosTotalGral: n(totales?.impuestos),
    descuentoTotalGral: n(totales?.descuento),
    desgloseDeImpuestos: desglose.map((d) => ({ name: d.name, tipoDeImpuesto: d.tipo, total: n(d.total) })),
  };
}

// ------------------------------------------------------------------ r-facturas-desglose-impuestos

/** A line without taxes is exempt: it shows under the exempt option of spec 002 §9. */
const EXENTO = { name: 'Exento 0%', tipoDeImpuesto: 'exento', tasa: 0 };

type Acumulado = {
  name: string;
  tipoDeImpuesto: string;
  tasa: number;
  baseFacturas: Centavos;
  impuestoFacturas: Centavos;
  baseNotasDeCredito: Centavos;
  impuestoNotasDeCredito: Centavos;
};

async function desgloseDeImpuestos(ctx: Ctx, filtro: FiltroDeReporte) {
  const facturasSinFiltroDeEstado = { ...filtro, estado: null };
  const donde = y(condicionesDeFacturas(ctx, facturasSinFiltroDeEstado));
  // Invoices: each line's stored tax amounts (the ones its journal entry credited), per tax; a line
  // without taxes counts its base as exempt.
  const deFacturas = await filas<{
    name: string;
    tipo: string;
    tasa: string;
    base: string;
    impuesto: string;
  }>(
    ctx.tx,
    sql`select i->>'name' as name, coalesce(i->>'tipoDeImpuesto', '') as tipo, (i->>'tasa')::numeric as tasa,
          sum(l.subtotal) as base, sum((i->>'total')::numeric) as impuesto
        from facturas f
        join lineas_factura l on l.tenant_id = f.tenant_id and l.id_factura = f.id
        cross join lateral jsonb_array_elements(
          case when jsonb_array_length(l.impuestos) = 0
            then jsonb_build_array(jsonb_build_object('name', ${EXENTO.name}::text, 'tipoDeImpuesto',
              ${EXENTO.tipoDeImpuesto}::text, 'tasa', 0, 'total', 0))
            else l.impuestos end) i
        where ${donde}
        group by 1, 2, 3`,
  );
  const [ventas] = await filas<{ facturas: string; notas: string }>(
    ctx.tx,
    sql`select (select coalesce(sum(f.subtotal), 0) from facturas f where ${donde}) as facturas,
          (select coalesce(sum(n.subtotal), 0) from notas_de_credito n where ${y(condicionesDeNotas(ctx, filtro))}) as notas`,
  );
  // Credit notes keep each line's taxes without their amounts: they are the domain's (calcularLinea),
  // the same ones the note's journal entry debited. Summed in cents (integers).
  const deNotas = await filas<{
    cantidad: string;
    precio: string;
    descuento: string;
    impuestos: { name: string; tipoDeImpuesto: string; tasa: number }[];
  }>(
    ctx.tx,
    sql`select l.cantidad, l.precio, l.descuento, l.impuestos
        from notas_de_credito n
        join lineas_nota_de_credito l on l.tenant_id = n.tenant_id and l.id_documento = n.id
        where ${y(condicionesDeNotas(ctx, filtro))}`,
  );
  const porImpuesto = new Map<string, Acumulado>();
  const acumulado = (name: string, tipoDeImpuesto: string, tasa: number): Acumulado => {
    const clave = JSON.stringify([name, tipoDeImpuesto, tasa]);
    const existente = porImpuesto.get(clave);
    if (existente) {
      return existente;
    }
    const nuevo: Acumulado = {
      name,
      tipoDeImpuesto,
      tasa,
      baseFacturas: 0 as Centavos,
      impuestoFacturas: 0 as Centavos,
      baseNotasDeCredito: 0 as Centavos,
      impuestoNotasDeCredito: 0 as Centavos,
    };
    porImpuesto.set(clave, nuevo);
    return nuevo;
  };
  const sumar = (a: Centavos, b: Centavos) => (a + b) as Centavos;
  for (const fila of deFacturas) {
    const a = acumulado(fila.name ?? '', fila.tipo, normalizarTasa(n(fila.tasa)));
    a.baseFacturas = sumar(a.baseFacturas, aCentavos(n(fila.base)));
    a.impuestoFacturas = sumar(a.impuestoFacturas, aCentavos(n(fila.impuesto)));
  }
  for (const linea of deNotas) {
    const calculada = calcularLinea({
      cantidad: linea.cantidad,
      precio: linea.precio,
      descuento: n(linea.descuento),
      impuestos: linea.impuestos,
    });
    const impuestos =
      calculada.impuestos.length > 0 ? calculada.impuestos : [{ ...EXENTO, total: 0 as Centavos }];
    for (const impuesto of impuestos) {
      const a = acumulado(impuesto.name ?? '', impuesto.tipoDeImpuesto ?? '', normalizarTasa(impuesto.tasa));
      a.baseNotasDeCredito = sumar(a.baseNotasDeCredito, calculada.subtotal);
      a.impuestoNotasDeCredito = sumar(a.impuestoNotasDeCredito, impuesto.total);
    }
  }
  const filasDelDesglose: ImpuestoDelDesglose[] = [...porImpuesto.values()]
    .map((a) => ({
      clave: `${a.name}|${a.tipoDeImpuesto}|${a.tasa}`,
      name: a.name,
      tipoDeImpuesto: a.tipoDeImpuesto,
      tasa: a.tasa,
      baseFacturas: aPesos(a.baseFacturas),
      impuestoFacturas: aPesos(a.impuestoFacturas),
      baseNotasDeCredito: aPesos(a.baseNotasDeCredito),
      impuestoNotasDeCredito: aPesos(a.impuestoNotasDeCredito),
      base: aPesos((a.baseFacturas - a.baseNotasDeCredito) as Centavos),
      impuesto: aPesos((a.impuestoFacturas - a.impuestoNotasDeCredito) as Centavos),
    }))
    .sort((a, b) => b.tasa - a.tasa || a.name.localeCompare(b.name, 'es'));
  const total = (campo: 'impuestoFacturas' | 'impuestoNotasDeCredito') =>
    aPesos([...porImpuesto.values()].reduce((s, a) => sumar(s, a[campo]), 0 as Centavos));
  const impuestoFacturas = total('impuestoFacturas');
  const impuestoNotasDeCredito = total('impuestoNotasDeCredito');
  return {
    desgloseDeImpuestos: filasDelDesglose,
    impuestoFacturas,
    impuestoNotasDeCredito,
    impuestosTotalGral: aPesos((aCentavos(impuestoFacturas) - aCentavos(impuestoNotasDeCredito)) as Centavos),
    totalGralSinImpuesto: aPesos((aCentavos(n(ventas?.facturas)) - aCentavos(n(ventas?.notas))) as Centavos),
  };
}

// ---------------------------------------------------------------------- r-facturas-usuario

async function facturasDelUsuario(ctx: Ctx, filtro: FiltroDeReporte) {
  const donde = y(condicionesDeFacturas(ctx, { ...filtro, estado: null }));
  const [totales] = await filas<{
    cantidad: string;
    descuento: string;
    subtotal: string;
    impuestos: string;
    total: string;
  }>(
    ctx.tx,
    sql`select count(*) as cantidad, coalesce(sum(f.descuento), 0) as descuento, coalesce(sum(f.subtotal), 0) as subtotal,
          coalesce(sum(f.impuestos), 0) as impuestos, coalesce(sum(f.total), 0) as total
        from facturas f where ${donde}`,
  );
  type Fila = {
    id_usuario: string | null;
    usuario: string;
    id: string | null;
    comprobante: string | null;
    fecha_emision: string | null;
    cantidad: string;
    descuento: string;
    subtotal: string;
    impuestos: string;
    total: string;
  };
  // With a user: that user's invoices; without: one row per user.
  const lista = filtro.idUsuario
    ? await filas<Fila>(
        ctx.tx,
        sql`select f.id_usuario_creador as id_usuario, coalesce(u.username, f.creada_por) as usuario, f.id,
              f.comprobante, f.fecha_emision::text as fecha_emision, 1 as cantidad, f.descuento, f.subtotal,
              f.impuestos, f.total
            from facturas f left join usuarios u on u.tenant_id = f.tenant_id and u.id = f.id_usuario_creador
            where ${donde}
            order by f.fecha_emision, f.hora, f.numero_factura, f.id`,
      )
    : await filas<Fila>(
        ctx.tx,
        sql`select f.id_usuario_creador as id_usuario, coalesce(max(u.username), max(f.creada_por)) as usuario,
              null as id, null as comprobante, null as fecha_emision, count(*) as cantidad,
              sum(f.descuento) as descuento, sum(f.subtotal) as subtotal, sum(f.impuestos) as impuestos,
              sum(f.total) as total
            from facturas f left join usuarios u on u.tenant_id = f.tenant_id and u.id = f.id_usuario_creador
            where ${donde}
            group by f.id_usuario_creador
            order by sum(f.total) desc, 2`,
      );
  return {
    facturas: lista.map((f) => ({
      clave: f.id ?? f.id_usuario ?? 'sin-usuario',
      idUsuario: f.id_usuario,
      usuario: f.usuario,
      _id: f.id,
      comprobante: f.comprobante ?? '',
      fechaEmision: f.fecha_emision,
      cantidadDeFacturas: n(f.cantidad),
      descuento: n(f.descuento),
      subtotal: n(f.subtotal),
      impuestos: n(f.impuestos),
      total: n(f.total),
    })),
    cantidadDeFacturas: n(totales?.cantidad),
    descuentoTotalGral: n(totales?.descuento),
    totalGralSinImpuesto: n(totales?.subtotal),
    impuestosTotalGral: n(totales?.impuestos),
    totalFacturado: n(totales?.total),
  };
}

// ------------------------------------------------------------- r-ventas-productos, r-rentabilidad

/**
 * Per product: what the invoices sold and the credit notes returned (stock units, sales before tax,
 * taxes, total, cost). The cost of an invoice line is the unit cost the stock ledger recorded when the
 * sale took the goods out (its outbound movements of that invoice and product), else the product's
 * average cost (a line billed from a delivery note moved no stock itself); a returned line comes back
 * at the cost its own inbound movement recorded. Products outside the inventory carry no cost, as
 * their sale's journal entry posts none (modules/facturas/escritura.ts).
 */
function sqlVentasPorProducto(ctx: Ctx, filtro: FiltroDeReporte): SQL {
  const t = ctx.tenantId;
  const sinFiltroDeEstado = {
    ...filtro,
    estado: null,
    idUsuario: null,
    idTerminal: null,
    idCentroDeCosto: null,
  };
  const notas = { ...sinFiltroDeEstado, metodoDePago: null };
  // Set-based from the period's documents (by their date index): the lines and stock movements of those
  // documents only, the movements' cost summed once per document and product, never per line. The
  // period's filter is written in each join, not as a shared CTE: PostgreSQL materializes a CTE used twice
  // and, blind to its size, hashed the whole line table instead of the month's invoices.
  const deFacturas = y(condicionesDeFacturas(ctx, sinFiltroDeEstado));
  const deNotas = y(condicionesDeNotas(ctx, notas));
  return sql`
    with costo_de_salida as (
      select m.id_documento, m.id_producto, sum(m.cantidad * m.costo_unitario) / sum(m.cantidad) as costo
      from facturas f
      join movimientos_de_inventario m on m.tenant_id = f.tenant_id
        and m.tipo_documento = ${TIPO_DOCUMENTO_FACTURA} and m.id_documento = f.id
      where m.cantidad < 0 and ${deFacturas}
      group by m.id_documento, m.id_producto),
    vendido as (
      select l.id_producto, max(l.descripcion) as descripcion, sum(l.unidades) as cantidad,
        sum(l.subtotal) as subtotal, sum(l.total_impuestos) as impuestos, sum(l.total) as total,
        sum(case when p.producto_inventariable
          then round(l.unidades * coalesce(c.costo, p.costo_promedio), 2) else 0 end) as costo
      from facturas f
      join lineas_factura l on l.tenant_id = f.tenant_id and l.id_factura = f.id
      left join costo_de_salida c on c.id_documento = f.id and c.id_producto = l.id_producto
      left join productos p on p.tenant_id = l.tenant_id and p.id = l.id_producto
      where ${deFacturas}
      group by l.id_producto),
    costo_de_entrada as (
      select m.id_documento, m.id_producto, sum(m.cantidad * m.costo_unitario) / sum(m.cantidad) as costo
      from notas_de_credito n
      join movimientos_de_inventario m on m.tenant_id = n.tenant_id
        and m.tipo_documento = 'devolucion' and m.id_documento = n.id
      where m.cantidad > 0 and ${deNotas}
      group by m.id_documento, m.id_producto),
    devuelto as (
      select l.id_producto, max(l.descripcion) as descripcion, sum(l.unidades) as cantidad,
        sum(l.subtotal) as subtotal, sum(l.total_impuestos) as impuestos, sum(l.total) as total,
        sum(case when p.producto_inventariable then round(l.unidades * coalesce(
          c.costo, nullif(l.costo_unitario, 0), p.costo_promedio), 2) else 0 end) as costo
      from notas_de_credito n
      join lineas_nota_de_credito l on l.tenant_id = n.tenant_id and l.id_documento = n.id
      left join costo_de_entrada c on c.id_documento = n.id and c.id_producto = l.id_producto
      left join productos p on p.tenant_id = l.tenant_id and p.id = l.id_producto
      where ${deNotas}
      group by l.id_producto),
    productos_del_periodo as (
      select coalesce(v.id_producto, d.id_producto) as id_producto,
        coalesce(p.nombre, v.descripcion, d.descripcion) as nombre, p.numero_producto,
        coalesce(c.nombre, '') as categoria,
        coalesce(v.cantidad, 0) as vendido, coalesce(d.cantidad, 0) as devuelto,
        coalesce(v.cantidad, 0) - coalesce(d.cantidad, 0) as cantidad,
        coalesce(v.subtotal, 0) - coalesce(d.subtotal, 0) as subtotal,
        coalesce(v.impuestos, 0) - coalesce(d.impuestos, 0) as impuestos,
        coalesce(v.total, 0) - coalesce(d.total, 0) as total,
        coalesce(v.costo, 0) - coalesce(d.costo, 0) as costo
      from vendido v full join devuelto d on d.id_producto = v.id_producto
      left join productos p on p.tenant_id = ${t} and p.id = coalesce(v.id_producto, d.id_producto)
      left join categorias c on c.tenant_id = p.tenant_id and c.id = p.id_categoria
      ${filtro.idCategoria ? sql`where p.id_categoria = ${filtro.idCategoria}` : sql``})
    select x.*,
      sum(x.subtotal) over () as total_subtotal, sum(x.impuestos) over () as total_impuestos,
      sum(x.total) over () as total_total, sum(x.costo) over () as total_costo
    from productos_del_periodo x`;
}

type FilaDeProducto = {
  id_producto: string;
  nombre: string;
  numero_producto: string | null;
  categoria: string;
  vendido: string;
  devuelto: string;
  cantidad: string;
  subtotal: string;
  impuestos: string;
  total: string;
  costo: string;
  total_subtotal: string;
  total_impuestos: string;
  total_total: string;
  total_costo: string;
};

async function ventasPorProductos(ctx: Ctx, filtro: FiltroDeReporte) {
  const lista = await filas<FilaDeProducto>(
    ctx.tx,
    sql`${sqlVentasPorProducto(ctx, filtro)} order by x.total desc, x.nombre`,
  );
  const primera = lista[0];
  return {
    productos: lista.map((p) => ({
      idProducto: p.id_producto,
      numeroProducto: p.numero_producto === null ? null : n(p.numero_producto),
      nombre: p.nombre,
      categoria: p.categoria,
      cantidadVendida: n(p.vendido),
      cantidadDevuelta: n(p.devuelto),
      cantidad: n(p.cantidad),
      subtotal: n(p.subtotal),
      impuestos: n(p.impuestos),
      total: n(p.total),
    })),
    totalGralSinImpuesto: n(primera?.total_subtotal),
    impuestosTotalGral: n(primera?.total_impuestos),
    totalFacturado: n(primera?.total_total),
  };
}

/** utilidad ÷ ventas as a fraction with 4 decimals (0 without sales), from exact pesos. */
function margen(utilidad: number, ventas: number): number {
  const base = aCentavos(ventas);
  return base === 0 ? 0 : Math.round((aCentavos(utilidad) / base) * 10_000) / 10_000;
}

async function rentabilidad(ctx: Ctx, filtro: FiltroDeReporte) {
  const lista = await filas<FilaDeProducto & { utilidad: string; precio: string; costo_unitario: string }>(
    ctx.tx,
    sql`select y.* from (select x.*, x.subtotal - x.costo as utilidad,
          case when x.cantidad = 0 then 0 else round(x.subtotal / x.cantidad, 2) end as precio,
          case when x.cantidad = 0 then 0 else round(x.costo / x.cantidad, 2) end as costo_unitario
        from (${sqlVentasPorProducto(ctx, filtro)}) x) y
        order by y.utilidad desc, y.nombre`,
  );
  const primera = lista[0];
  const totalVentas = n(primera?.total_subtotal);
  const totalCosto = n(primera?.total_costo);
  const totalUtilidad = aPesos((aCentavos(totalVentas) - aCentavos(totalCosto)) as Centavos);
  return {
    productos: lista.map((p) => ({
      idProducto: p.id_producto,
      numeroProducto: p.numero_producto === null ? null : n(p.numero_producto),
      nombre: p.nombre,
      categoria: p.categoria,
      cantidad: n(p.cantidad),
      precioPromedio: n(p.precio),
      costoPromedio: n(p.costo_unitario),
      ventas: n(p.subtotal),
      costo: n(p.costo),
      utilidad: n(p.utilidad),
      margen: margen(n(p.utilidad), n(p.subtotal)),
    })),
    totalVentas,
    totalCosto,
    totalUtilidad,
    margen: margen(totalUtilidad, totalVentas),
  };
}

// -------------------------------------------------------------------- r-usuarios-estadistica

async function estadisticaDeUsuarios(ctx: Ctx, filtro: FiltroDeReporte) {
  // Every state: the cancelled ones are counted apart, by the user who made the sale.
  const donde = y(condicionesDeFacturas(ctx, { ...filtro, estado: null }, true));
  type Fila = {
    id_usuario: string | null;
    usuario: string;
    cantidad: string;
    total: string;
    ticket: string;
    anuladas: string;
    anulado: string;
    descuentos: string;
  };
  const agregados = sql`count(*) filter (where f.estado <> 'Anulado') as cantidad,
      coalesce(sum(f.total) filter (where f.estado <> 'Anulado'), 0) as total,
      coalesce(round(avg(f.total) filter (where f.estado <> 'Anulado'), 2), 0) as ticket,
      count(*) filter (where f.estado = 'Anulado') as anuladas,
      coalesce(sum(f.total) filter (where f.estado = 'Anulado'), 0) as anulado,
      coalesce(sum(f.descuento) filter (where f.estado <> 'Anulado'), 0) as descuentos`;
  const lista = await filas<Fila>(
    ctx.tx,
    sql`select f.id_usuario_creador as id_usuario, coalesce(max(u.username), max(f.creada_por)) as usuario, ${agregados}
        from facturas f left join usuarios u on u.tenant_id = f.tenant_id and u.id = f.id_usuario_creador
        where ${donde}
        group by f.id_usuario_creador
        order by 4 desc, 2`,
  );
  const [total] = await filas<Omit<Fila, 'id_usuario' | 'usuario'>>(
    ctx.tx,
    sql`select ${agregados} from facturas f where ${donde}`,
  );
  return {
    usuarios: lista.map((u) => ({
      idUsuario: u.id_usuario ?? 'sin-usuario',
      usuario: u.usuario,
      cantidadDeFacturas: n(u.cantidad),
      totalVendido: n(u.total),
      ticketPromedio: n(u.ticket),
      cantidadDeAnuladas: n(u.anuladas),
      totalAnulado: n(u.anulado),
      descuentos: n(u.descuentos),
    })),
    cantidadDeFacturas: n(total?.cantidad),
    totalVendido: n(total?.total),
    ticketPromedio: n(total?.ticket),
    cantidadDeAnuladas: n(total?.anuladas),
    totalAnulado: n(total?.anulado),
    descuentos: n(total?.descuentos),
  };
}

export const CONSULTAS_DE_VENTAS: ReporteDelServidor[] = [
  consultaDe(REPORTE_FACTURAS, reporteDeFacturas),
  consultaDe(REPORTE_DESGLOSE_DE_IMPUESTOS, desgloseDeImpuestos),
  consultaDe(REPORTE_FACTURAS_DEL_USUARIO, facturasDelUsuario),
  consultaDe(REPORTE_VENTAS_POR_PRODUCTOS, ventasPorProductos),
  consultaDe(REPORTE_RENTABILIDAD, rentabilidad),
  consultaDe(REPORTE_ESTADISTICA_DE_USUARIOS, estadisticaDeUsuarios),
];
