-- Issues 7 and 8 (throughput): a sale wrote about twenty rows that each checked, and key-share locked,
-- their company's row in empresas. A row that must also match a parent of the same company through a
-- NOT NULL (tenant_id, …) key needs no check of its own: the parent's key to empresas already holds
-- it. Dropped on the sale's tables that have such a parent; db/aislamiento.ts checks that every
-- table still reaches empresas through keys that cannot be NULL.
ALTER TABLE facturas DROP CONSTRAINT facturas_tenant_id_fkey;                   -- almacenes
ALTER TABLE lineas_factura DROP CONSTRAINT lineas_factura_tenant_id_fkey;       -- facturas
ALTER TABLE pagos_factura DROP CONSTRAINT pagos_factura_tenant_id_fkey;         -- facturas
ALTER TABLE lineas_asiento DROP CONSTRAINT lineas_asiento_tenant_id_fkey;       -- asientos_contables
ALTER TABLE movimientos_de_inventario DROP CONSTRAINT movimientos_de_inventario_tenant_id_fkey; -- productos
ALTER TABLE productos_almacenes DROP CONSTRAINT productos_almacenes_tenant_id_fkey;             -- productos
