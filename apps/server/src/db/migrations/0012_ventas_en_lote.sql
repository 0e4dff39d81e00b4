-- Issue 8 (offline sync throughput): the sales of a sync batch, prepared one after another in one
-- transaction, written in one call, in their order, each through facturas_registrar_venta. Before the
-- first, the call locks what the batch will lock: the sales numberings it takes from, in id order, then
-- the stock balances it moves, in (product, warehouse) order, the order every document locks them in.
-- Otherwise a batch taking B01 then B02 and another taking B02 then B01 (or two batches moving the same
-- products in different orders) could each wait for the other. A balance that does not exist yet is
-- created first (at 0, as the sale's upsert would): its first sale would otherwise create it after an
-- earlier sale of the batch took the journal counter, while another document creating the same row
-- waits for that counter. One element per sale: its written rows, or NULL when its numbering refused
-- the number (expired, exhausted…); any error rolls the whole batch back.
CREATE FUNCTION facturas_registrar_ventas(p_tenant integer, p_ventas jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v jsonb;
  v_resultados jsonb[] := '{}';
BEGIN
  PERFORM 1 FROM numeraciones n
  WHERE n.tenant_id = p_tenant AND n.tipo_de_documento = 'ventas'
    AND (n.id IN (SELECT (x->'numeracion'->>'id')::uuid FROM jsonb_array_elements(p_ventas) x)
         OR (n.predeterminado AND EXISTS (SELECT 1 FROM jsonb_array_elements(p_ventas) x
                                          WHERE x->'numeracion'->>'id' IS NULL)))
  ORDER BY n.id
  FOR UPDATE;
  INSERT INTO productos_almacenes (tenant_id, id_producto, id_almacen, disponibilidad)
  SELECT DISTINCT p_tenant, p.id, (m->>'id_almacen')::uuid, 0
  FROM jsonb_array_elements(p_ventas) x, jsonb_array_elements(x->'movimientos') m
  JOIN productos p ON p.tenant_id = p_tenant AND p.id = (m->>'id_producto')::uuid AND p.producto_inventariable
  ORDER BY 2, 3
  ON CONFLICT (tenant_id, id_producto, id_almacen) DO NOTHING;
  PERFORM 1 FROM productos_almacenes pa
  WHERE pa.tenant_id = p_tenant
    AND (pa.id_producto, pa.id_almacen) IN (
      SELECT (m->>'id_producto')::uuid, (m->>'id_almacen')::uuid
      FROM jsonb_array_elements(p_ventas) x, jsonb_array_elements(x->'movimientos') m)
  ORDER BY pa.id_producto, pa.id_almacen
  FOR UPDATE;
  FOR v IN SELECT x FROM jsonb_array_elements(p_ventas) x LOOP
    v_resultados := array_append(v_resultados, facturas_registrar_venta(v));
  END LOOP;
  RETURN to_jsonb(v_resultados);
END $$;
