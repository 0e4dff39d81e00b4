-- Issue 7 (one company's cashiers on one fiscal sequence): a sale took its number first, so the
-- numbering row stayed locked while the rest of the sale was written and every other cashier of the
-- sequence waited that long. Now the header is written unnumbered, then lines, payments and stock;
-- the number (and the header's update with it) and the journal entry, which locks the company's entry
-- counter, come last. Same arguments and answer as in 0009.
CREATE OR REPLACE FUNCTION facturas_registrar_venta(d jsonb) RETURNS jsonb
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
    INSERT INTO facturas SELECT * FROM jsonb_populate_record(NULL::facturas, d->'factura') RETURNING * INTO cab;
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
  -- The company's hot rows last, so their locks last only until the commit that follows: the
  -- numbering (every cashier on the same sequence waits for it), then the journal's counter.
  IF d ? 'numeracion' THEN
    SELECT * INTO num FROM numeracion_tomar(v_tenant, 'ventas', (d->'numeracion'->>'id')::uuid,
                                            (d->'numeracion'->>'hoy')::date);
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    UPDATE facturas f SET id_numeracion = num.id, numeracion_nombre = coalesce(num.nombre, ''),
      numero_factura = num.numero, comprobante = num.comprobante, tipo_ncf = num.tipo_ncf,
      vencimiento_ncf = CASE WHEN num.fiscal THEN num.fecha_vencimiento::date END
    WHERE f.tenant_id = v_tenant AND f.id = cab.id
    RETURNING * INTO cab;
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
