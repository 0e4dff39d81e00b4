-- Sales orders (pedidos; spec 001 §3 "Sales order", §4, §5, §7 "Sales orders"; issue 8 syncs them
-- offline). An order is not a fiscal document: it takes no NCF, moves no stock and posts nothing; the
-- invoice made from it does. numero_pedido comes from the company's 'pedidos' counter, gapless.
CREATE TABLE pedidos (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  numero_pedido bigint NOT NULL,
  nombre text NOT NULL DEFAULT '',
  alias text NOT NULL DEFAULT '',
  id_cliente uuid,
  rnc text NOT NULL DEFAULT '',
  correo text NOT NULL DEFAULT '',
  direccion text NOT NULL DEFAULT '',
  movil text NOT NULL DEFAULT '',
  socio boolean NOT NULL DEFAULT false,
  id_lista_de_precio uuid,
  id_lugar_de_asignacion uuid,
  asignado_a text NOT NULL DEFAULT '',
  id_almacen uuid NOT NULL,
  fecha_emision date NOT NULL,
  hora text NOT NULL,
  metodo_de_pago text NOT NULL DEFAULT 'Efectivo',
  efectivo_recibido numeric(14, 2) NOT NULL DEFAULT 0,
  subtotal numeric(14, 2) NOT NULL DEFAULT 0,
  impuestos numeric(14, 2) NOT NULL DEFAULT 0,
  total_gral numeric(14, 2) NOT NULL DEFAULT 0,
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  tipo_de_anulacion text NOT NULL DEFAULT '',
  nota_anular text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  estado_facturado boolean NOT NULL DEFAULT false,
  id_factura uuid,
  location jsonb,
  id_usuario uuid NOT NULL,
  creada_por text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_lugar_de_asignacion) REFERENCES lugares_de_asignacion (tenant_id, id),
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX pedidos_identificador_unico ON pedidos (tenant_id, identificador_unico);
CREATE UNIQUE INDEX pedidos_numero ON pedidos (tenant_id, numero_pedido);
CREATE INDEX pedidos_abiertos ON pedidos (tenant_id, estado, estado_facturado, numero_pedido DESC);
CREATE INDEX pedidos_lugar ON pedidos (tenant_id, id_lugar_de_asignacion) WHERE id_lugar_de_asignacion IS NOT NULL;

CREATE TABLE lineas_pedido (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_pedido uuid NOT NULL,
  orden integer NOT NULL,
  id_producto uuid NOT NULL,
  id_codigo_de_barra text NOT NULL DEFAULT '',
  descripcion text NOT NULL,
  nota text NOT NULL DEFAULT '',
  cantidad numeric(18, 4) NOT NULL CHECK (cantidad > 0),
  precio numeric(26, 12) NOT NULL CHECK (precio >= 0),
  descuento numeric(9, 6) NOT NULL DEFAULT 0 CHECK (descuento >= 0 AND descuento <= 1),
  descuento_para_socios numeric(5, 2) NOT NULL DEFAULT 0,
  impuestos jsonb NOT NULL DEFAULT '[]',
  paquete boolean NOT NULL DEFAULT false,
  variantes jsonb NOT NULL DEFAULT '[]',
  total numeric(14, 2) NOT NULL,
  estado_impresion integer NOT NULL DEFAULT 0,
  estado_facturado boolean NOT NULL DEFAULT false,
  estado_de_entrega text NOT NULL DEFAULT 'Pendiente',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_pedido) REFERENCES pedidos (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id)
);
CREATE INDEX lineas_pedido_pedido ON lineas_pedido (tenant_id, id_pedido, orden);

-- The invoice made from an order (spec 001 §3 Invoice idPedido). Its insert marks the order and its
-- lines invoiced, once: a trigger, so the online sale and the offline sync's batch (both write through
-- facturas_registrar_venta) do it alike, in the invoice's own transaction. An order already invoiced or
-- no longer active refuses the invoice (U0001, answered as a conflict).
ALTER TABLE facturas ADD COLUMN id_pedido uuid;
ALTER TABLE facturas ADD FOREIGN KEY (tenant_id, id_pedido) REFERENCES pedidos (tenant_id, id);

CREATE FUNCTION pedidos_facturar() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pedidos SET estado_facturado = true, id_factura = NEW.id, actualizado_en = now()
  WHERE tenant_id = NEW.tenant_id AND id = NEW.id_pedido AND estado = 'Activo' AND NOT estado_facturado;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'El pedido ya fue facturado o anulado' USING ERRCODE = 'U0001';
  END IF;
  UPDATE lineas_pedido SET estado_facturado = true WHERE tenant_id = NEW.tenant_id AND id_pedido = NEW.id_pedido;
  RETURN NULL;
END $$;

CREATE TRIGGER facturas_de_pedido AFTER INSERT ON facturas
FOR EACH ROW WHEN (NEW.id_pedido IS NOT NULL) EXECUTE FUNCTION pedidos_facturar();
