-- Issue 8 (offline sync throughput): the sales of a sync batch, prepared one after another in one
-- transaction, written in one call, in their order, each through facturas_registrar_venta. Before the
-- first, the call locks what the batch will lock: the sales numberings it takes from, in id order, then
-- the stock balances it moves, in (product, warehouse) order, the order every document locks them in.
-- Otherwise a batch taking B01 then B02 and another taking B02 then B01 (or two batches moving the same
-- products in different orders) could each wait for the other. One element per sale: its written
-- rows, or NULL when its numbering refused the number (expired, exhausted…); any error rolls the whole
-- batch back.
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
