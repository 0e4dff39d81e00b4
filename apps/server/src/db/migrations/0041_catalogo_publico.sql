-- The public catalogue's own setting (docs/catalogo.md): whether an order a visitor sends by chat is also
-- registered as a sales order (Activo, not invoiced) in the POS order list, and the user those orders are
-- made in the name of (pedidos.id_usuario must name a user: the one who turned the setting on). Off until
-- the company turns it on: an anonymous form should not write to a company's books unasked.
CREATE TABLE catalogo_ajustes (
  tenant_id integer PRIMARY KEY REFERENCES empresas (tenant_id),
  registrar_pedidos boolean NOT NULL DEFAULT false,
  id_usuario_responsable uuid,
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, id_usuario_responsable) REFERENCES usuarios (tenant_id, id),
  CHECK (NOT registrar_pedidos OR id_usuario_responsable IS NOT NULL)
);
