-- Issue 7 (throughput): numeracion_tomar as two statements, one per way of naming the numbering. With
-- the choice inside one WHERE (CASE on p_id), no saved plan could use the key, so PostgreSQL planned
-- the UPDATE again on every sale; each branch now keeps its plan for the session. Same rule and result
-- as 0009.
CREATE OR REPLACE FUNCTION numeracion_tomar(p_tenant integer, p_tipo text, p_id uuid, p_hoy date)
RETURNS TABLE (id uuid, nombre text, numero bigint, comprobante text, fiscal boolean, tipo_ncf text,
               fecha_vencimiento text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_id uuid := p_id;
BEGIN
  IF v_id IS NULL THEN
    SELECT n.id INTO v_id FROM numeraciones n
    WHERE n.tenant_id = p_tenant AND n.tipo_de_documento = p_tipo AND n.predeterminado;
  END IF;
  RETURN QUERY
  UPDATE numeraciones n SET seq = n.seq + 1, actualizado_en = now()
  WHERE n.tenant_id = p_tenant AND n.id = v_id AND n.tipo_de_documento = p_tipo
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
