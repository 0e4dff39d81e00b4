-- Issue 6 (performance): the accent-insensitive name search through pg_trgm.
-- The GIN index over productos.trigramas was never used: row-level security does not let a
-- non-leakproof operator (array @>, LIKE) run before the tenant policy, so it never becomes an index
-- condition and every search scanned the company's products. The search therefore runs in one
-- SECURITY DEFINER function owned by the migrating role (the database owner, which bypasses the policy
-- when it is a superuser or has BYPASSRLS), so the planner may use a trigram GIN index for
-- `LIKE '%…%'`. The function takes the company only from app.tenant_id, which each request's
-- transaction sets (db/client.ts): a caller cannot ask for another company's rows.
-- pg_trgm and btree_gin are trusted contrib extensions (PostgreSQL 13+), built into PGlite's contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

DROP INDEX productos_trigramas;
ALTER TABLE productos DROP COLUMN trigramas;
-- tenant_id inside the GIN (btree_gin): a company's matches only, however many companies share it.
CREATE INDEX productos_nombre_trigramas ON productos USING gin (tenant_id, nombre_busqueda gin_trgm_ops);

-- The ids of the current company's products whose normalised name matches a LIKE pattern.
-- ROWS 100: a search usually narrows to few products, so callers probe productos by key.
CREATE FUNCTION productos_por_nombre(patron text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS
$$ SELECT id FROM productos
   WHERE tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::integer
     AND nombre_busqueda LIKE patron $$;

-- The product's audit view shows who changed it last (who created it is id_usuario_creador).
ALTER TABLE productos ADD COLUMN id_usuario_modificador uuid;
ALTER TABLE productos ADD FOREIGN KEY (tenant_id, id_usuario_modificador) REFERENCES usuarios (tenant_id, id);
