-- Issues 7 and 8 (throughput): the writes a sale shares with other documents, as PL/pgSQL functions.
-- A function keeps the plan of each of its statements for the session, so a sale is one short call
-- with its rows as JSON instead of a long statement parsed and planned on every request, and the
-- server no longer builds that statement either. Each function belongs to the module that owns its
-- tables, and that module's TypeScript calls it too, so every document writes through the same code.
-- They run as the caller (SECURITY INVOKER): the company's row-level security applies inside.

-- Module numeracion (architecture invariant 5). One UPDATE … RETURNING both checks and moves the
-- sequence, so concurrent takers queue on the row lock and get consecutive numbers; a rolled-back
-- document gives its number back. No row when the numbering is missing, of another type, expired or
-- exhausted. Without p_id, the default numbering of p_tipo. The printed number is formatted as
-- `formatearComprobante` does (a test holds them equal).
CREATE FUNCTION numeracion_tomar(p_tenant integer, p_tipo text, p_id uuid, p_hoy date)
RETURNS TABLE (id uuid, nombre text, numero bigint, comprobante text, fiscal boolean, tipo_ncf text,
               fecha_vencimiento text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  UPDATE numeraciones n SET seq = n.seq + 1, actualizado_en = now()
  WHERE n.tenant_id = p_tenant AND n.tipo_de_documento = p_tipo
    AND CASE WHEN p_id IS NULL THEN n.predeterminado ELSE n.id = p_id END
    AND (n.hasta IS NULL OR n.seq <= n.hasta)
    AND (n.fecha_vencimiento IS NULL OR n.fecha_vencimiento >= p_hoy)
  RETURNING n.id, n.nombre, n.seq - 1,
    CASE WHEN NOT n.fiscal THEN n.prefijo WHEN n.prefijo = 'E' THEN 'E' ELSE 'B' END
      || CASE WHEN n.fiscal THEN n.prefijo_numerico ELSE '' END
      || lpad((n.seq - 1)::text,
              greatest(CASE WHEN NOT n.fiscal THEN n.digitos WHEN n.prefijo = 'E' THEN 10 ELSE 8 END,
                       length((n.seq - 1)::text)), '0'),
    n.fiscal, CASE WHEN n.fiscal THEN n.perfiles_de_tipos END, n.fecha_vencimiento::text;
END $$;

-- Module productos (the stock ledger, invariant 7): movements that carry no new cost (a sale, a
-- reversal), so they never move the average cost and need no lock on the product. Outbound ones are
-- recorded at the cost the caller passes (the average it read with its products, so its journal entry
-- and the ledger agree), or at the current average. Balances are upserted in (product, warehouse)
-- order, the order every document locks them in (no deadlocks). p_id_documento, when given, names the
-- document of every movement. Returns each balance ('saldo'), each product's recorded cost ('costo')
-- and how many products do not exist ('faltan').
CREATE FUNCTION inventario_registrar_sin_costo(p_tenant integer, p_id_usuario uuid, p_id_documento uuid,
                                               p_movimientos jsonb)
RETURNS TABLE (clase text, id_producto uuid, id_almacen uuid, valor text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH inv_v AS (
      SELECT * FROM jsonb_to_recordset(p_movimientos) AS v (orden integer, id_producto uuid, id_almacen uuid,
        cantidad numeric, costo_unitario numeric, tipo_documento text, id_documento uuid, fecha timestamptz)),
    inv_p AS (
      SELECT p.id, p.costo_promedio, p.producto_inventariable FROM productos p
      WHERE p.tenant_id = p_tenant AND p.id IN (SELECT v.id_producto FROM inv_v v)),
    inv_movimiento AS (
      INSERT INTO movimientos_de_inventario
        (tenant_id, id_producto, id_almacen, cantidad, costo_unitario, tipo_documento, id_documento, fecha, id_usuario)
      SELECT p_tenant, v.id_producto, v.id_almacen, v.cantidad,
             CASE WHEN v.cantidad < 0 THEN coalesce(v.costo_unitario, p.costo_promedio) ELSE p.costo_promedio END,
             v.tipo_documento, coalesce(p_id_documento, v.id_documento), v.fecha, p_id_usuario
      FROM inv_v v JOIN inv_p p ON p.id = v.id_producto AND p.producto_inventariable
      ORDER BY v.orden
      RETURNING movimientos_de_inventario.id_producto, movimientos_de_inventario.id_almacen,
                movimientos_de_inventario.cantidad, movimientos_de_inventario.costo_unitario),
    inv_saldo AS (
      INSERT INTO productos_almacenes AS pa (tenant_id, id_producto, id_almacen, disponibilidad)
      SELECT p_tenant, m.id_producto, m.id_almacen, sum(m.cantidad) FROM inv_movimiento m
      GROUP BY m.id_producto, m.id_almacen ORDER BY m.id_producto, m.id_almacen
      ON CONFLICT (tenant_id, id_producto, id_almacen)
      DO UPDATE SET disponibilidad = pa.disponibilidad + excluded.disponibilidad, actualizado_en = now()
      RETURNING pa.id_producto, pa.id_almacen, pa.disponibilidad)
  SELECT 'saldo'::text, s.id_producto, s.id_almacen, s.disponibilidad::text FROM inv_saldo s
  UNION ALL
  SELECT 'costo', m.id_producto, NULL::uuid, max(m.costo_unitario)::text FROM inv_movimiento m GROUP BY m.id_producto
  UNION ALL
  SELECT 'faltan', NULL::uuid, NULL::uuid, count(*)::text FROM (SELECT DISTINCT v.id_producto FROM inv_v v) d
  WHERE NOT EXISTS (SELECT 1 FROM inv_p p WHERE p.id = d.id_producto);
END $$;

-- Module contabilidad (invariant 6): one numbered journal entry with its lines, already netted and
-- balanced by the caller (`prepararLineas`); the header's CHECK guards the balance too. The number
-- comes from the company's 'asientos' counter, so numbers are gapless.
CREATE FUNCTION contabilidad_registrar_asiento(p_tenant integer, p_id_usuario uuid, p_asiento jsonb)
RETURNS TABLE (id uuid, numero bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_numero bigint;
  v_id uuid;
BEGIN
  INSERT INTO contadores AS c (tenant_id, clave, valor) VALUES (p_tenant, 'asientos', 1)
  ON CONFLICT (tenant_id, clave) DO UPDATE SET valor = c.valor + 1
  RETURNING c.valor INTO v_numero;
  INSERT INTO asientos_contables AS a (tenant_id, numero, fecha, descripcion, tipo_documento, id_documento,
    comprobante, id_asiento_revertido, total_debito, total_credito, id_usuario_creador)
  VALUES (p_tenant, v_numero, (p_asiento->>'fecha')::date, p_asiento->>'descripcion', p_asiento->>'tipoDocumento',
    (p_asiento->>'idDocumento')::uuid, coalesce(p_asiento->>'comprobante', ''),
    (p_asiento->>'idAsientoRevertido')::uuid, (p_asiento->>'total')::numeric, (p_asiento->>'total')::numeric,
    p_id_usuario)
  RETURNING a.id INTO v_id;
  INSERT INTO lineas_asiento (tenant_id, id_asiento, orden, id_cuenta, debito, credito, nota)
  SELECT p_tenant, v_id, l.orden, l.id_cuenta, l.debito, l.credito, l.nota
  FROM jsonb_to_recordset(p_asiento->'lineas') AS l (orden integer, id_cuenta uuid, debito numeric, credito numeric,
    nota text);
  RETURN QUERY SELECT v_id, v_numero;
END $$;

-- Module facturas (spec 001 §4): a prepared sale in one call. With 'numeracion' the header in
-- 'factura' (a whole row) is inserted with the number taken now, so the numbering row stays locked
-- only until the commit; without it, the header 'idFactura' was already updated by the caller (an
-- edit). Then its lines and payments (whole rows), its stock movements and its journal entry, whose
-- description and NCF come from the numbered header. NULL when the numbering refused (expired,
-- exhausted…): the caller says why and rolls the sale back.
CREATE FUNCTION facturas_registrar_venta(d jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_tenant integer := (d->>'tenantId')::integer;
  v_usuario uuid := (d->>'idUsuario')::uuid;
  cab facturas;
  num record;
  v_lineas jsonb;
  v_pagos jsonb;
  v_asiento_id uuid;
  v_asiento_numero bigint;
BEGIN
  IF d ? 'numeracion' THEN
    SELECT * INTO num FROM numeracion_tomar(v_tenant, 'ventas', (d->'numeracion'->>'id')::uuid,
                                            (d->'numeracion'->>'hoy')::date);
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    cab := jsonb_populate_record(NULL::facturas, d->'factura');
    cab.id_numeracion := num.id;
    cab.numeracion_nombre := coalesce(num.nombre, '');
    cab.numero_factura := num.numero;
    cab.comprobante := num.comprobante;
    cab.tipo_ncf := num.tipo_ncf;
    cab.vencimiento_ncf := CASE WHEN num.fiscal THEN num.fecha_vencimiento::date END;
    INSERT INTO facturas SELECT (cab).* RETURNING * INTO cab;
  ELSE
    SELECT * INTO cab FROM facturas f WHERE f.tenant_id = v_tenant AND f.id = (d->>'idFactura')::uuid;
  END IF;

  WITH lin AS (
    INSERT INTO lineas_factura SELECT * FROM jsonb_populate_recordset(NULL::lineas_factura, d->'lineas') RETURNING *)
  SELECT coalesce(jsonb_agg(to_jsonb(lin) ORDER BY lin.orden), '[]') INTO v_lineas FROM lin;
  WITH pag AS (
    INSERT INTO pagos_factura SELECT * FROM jsonb_populate_recordset(NULL::pagos_factura, d->'pagos') RETURNING *)
  SELECT coalesce(jsonb_agg(to_jsonb(pag)), '[]') INTO v_pagos FROM pag;

  IF jsonb_array_length(d->'movimientos') > 0 THEN
    PERFORM inventario_registrar_sin_costo(v_tenant, v_usuario, cab.id, d->'movimientos');
  END IF;
  IF d->'asiento' IS NOT NULL AND jsonb_typeof(d->'asiento') = 'object' THEN
    SELECT a.id, a.numero INTO v_asiento_id, v_asiento_numero FROM contabilidad_registrar_asiento(v_tenant, v_usuario,
      d->'asiento' || jsonb_build_object(
        'idDocumento', cab.id,
        'descripcion', trim('Factura ' || coalesce(cab.comprobante, '') || ' · ' || cab.nombre),
        'comprobante', coalesce(cab.comprobante, ''))) a;
  END IF;
  RETURN jsonb_build_object(
    'factura', to_jsonb(cab),
    'lineas', v_lineas,
    'pagos', v_pagos,
    'asiento', CASE WHEN v_asiento_id IS NOT NULL
                    THEN jsonb_build_object('id', v_asiento_id, 'numero', v_asiento_numero) END);
END $$;
