-- Issue 6 (performance): a narrow copy of what the product lists filter and sort on.
-- A list answers its page in name order and the exact total, so a search for a common word ("queso")
-- touches every match: re-reading thousands of wide productos rows and probing productos_almacenes
-- for each cost 40-100 ms. Here each product is one short row with its warehouses as an array, so
-- the matches, the filters, the total and the order come from one small table; only the page's rows
-- are then read from productos. Triggers keep it in step with productos and productos_almacenes.
CREATE TABLE productos_busqueda (
  tenant_id integer NOT NULL,
  id uuid NOT NULL,
  nombre_busqueda text NOT NULL,
  estado text NOT NULL,
  id_categoria uuid,
  tipo text NOT NULL,
  excluir_del_catalogo boolean NOT NULL,
  favorito boolean NOT NULL,
  reservable boolean NOT NULL,
  almacenes uuid[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id) REFERENCES productos (tenant_id, id) ON DELETE CASCADE
);
DROP INDEX productos_nombre_trigramas;
-- fastupdate off: new entries go straight into the index. With it on they wait in a pending list that
-- every search reads in full until a vacuum merges it, and embedded PGlite has no autovacuum.
CREATE INDEX productos_busqueda_nombre ON productos_busqueda USING gin (tenant_id, nombre_busqueda gin_trgm_ops)
  WITH (fastupdate = off);
CREATE INDEX productos_busqueda_orden ON productos_busqueda (tenant_id, nombre_busqueda, id);

CREATE FUNCTION productos_busqueda_al_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO productos_busqueda (tenant_id, id, nombre_busqueda, estado, id_categoria, tipo,
                                  excluir_del_catalogo, favorito, reservable)
  SELECT tenant_id, id, nombre_busqueda, estado, id_categoria, tipo, excluir_del_catalogo, favorito, reservable
  FROM nuevos;
  RETURN NULL;
END $$;
CREATE TRIGGER productos_busqueda_insertar AFTER INSERT ON productos
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION productos_busqueda_al_insertar();

-- Row-level with WHEN: only a change of a copied column fires it (not the costs each purchase moves).
CREATE FUNCTION productos_busqueda_al_cambiar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE productos_busqueda SET nombre_busqueda = NEW.nombre_busqueda, estado = NEW.estado,
    id_categoria = NEW.id_categoria, tipo = NEW.tipo, excluir_del_catalogo = NEW.excluir_del_catalogo,
    favorito = NEW.favorito, reservable = NEW.reservable
  WHERE tenant_id = NEW.tenant_id AND id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER productos_busqueda_cambiar AFTER UPDATE ON productos FOR EACH ROW
  WHEN ((OLD.nombre_busqueda, OLD.estado, OLD.id_categoria, OLD.tipo, OLD.excluir_del_catalogo, OLD.favorito,
         OLD.reservable)
        IS DISTINCT FROM (NEW.nombre_busqueda, NEW.estado, NEW.id_categoria, NEW.tipo,
         NEW.excluir_del_catalogo, NEW.favorito, NEW.reservable))
  EXECUTE FUNCTION productos_busqueda_al_cambiar();

-- The warehouses a product is offered in change when a line is added or removed: one row's array each
-- (row-level: a statement-level update joined to a transition table, which has no statistics, was
-- planned badly enough to make a bulk insert quadratic).
CREATE FUNCTION productos_busqueda_almacenes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE productos_busqueda SET almacenes = array_append(array_remove(almacenes, NEW.id_almacen), NEW.id_almacen)
    WHERE tenant_id = NEW.tenant_id AND id = NEW.id_producto;
  ELSE
    UPDATE productos_busqueda SET almacenes = array_remove(almacenes, OLD.id_almacen)
    WHERE tenant_id = OLD.tenant_id AND id = OLD.id_producto;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER productos_busqueda_almacenes AFTER INSERT OR DELETE ON productos_almacenes
  FOR EACH ROW EXECUTE FUNCTION productos_busqueda_almacenes();

INSERT INTO productos_busqueda (tenant_id, id, nombre_busqueda, estado, id_categoria, tipo, excluir_del_catalogo,
                                favorito, reservable, almacenes)
SELECT p.tenant_id, p.id, p.nombre_busqueda, p.estado, p.id_categoria, p.tipo, p.excluir_del_catalogo, p.favorito,
       p.reservable,
       ARRAY(SELECT pa.id_almacen FROM productos_almacenes pa
             WHERE pa.tenant_id = p.tenant_id AND pa.id_producto = p.id ORDER BY pa.id_almacen)
FROM productos p;

-- The name search (migration 0006) now reads the narrow rows; it returns them whole so a list filters,
-- counts and sorts its matches without going back to productos.
DROP FUNCTION productos_por_nombre(text);
CREATE FUNCTION productos_por_nombre(patron text) RETURNS SETOF productos_busqueda
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS
$$ SELECT * FROM productos_busqueda
   WHERE tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::integer
     AND nombre_busqueda LIKE patron $$;
