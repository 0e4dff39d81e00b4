-- Recurring invoices (spec 001 §3 "Recurring invoice", §7 "Recurring invoices", §9), on the document kit
-- (apps/server/src/documentos/): the template's header and lines are the kit's sales-document columns, plus
-- its recurrence. `siguiente_periodo` / `proxima_fecha` say which period is billed next; each invoice it
-- generates is recorded in facturas_recurrentes_generadas in the same transaction as the sale, whose
-- identificadorUnico is derived from the template and the period (exactly once, also under two runs).
CREATE TABLE facturas_recurrentes (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_numeracion uuid,
  numeracion_nombre text NOT NULL DEFAULT '',
  numero bigint NOT NULL,
  comprobante text NOT NULL,
  id_cliente uuid,
  nombre text NOT NULL DEFAULT '',
  nombre_opcional text NOT NULL DEFAULT '',
  rnc text NOT NULL DEFAULT '',
  tipo_de_identificacion text NOT NULL DEFAULT '',
  cedula text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  movil text NOT NULL DEFAULT '',
  correo text NOT NULL DEFAULT '',
  direccion text NOT NULL DEFAULT '',
  socio boolean NOT NULL DEFAULT false,
  id_lista_de_precio uuid,
  id_almacen uuid NOT NULL,
  fecha_emision date NOT NULL,
  hora text NOT NULL,
  vencimiento date,
  importe numeric(14, 2) NOT NULL DEFAULT 0,
  descuento numeric(14, 2) NOT NULL DEFAULT 0,
  subtotal numeric(14, 2) NOT NULL DEFAULT 0,
  impuestos numeric(14, 2) NOT NULL DEFAULT 0,
  total_gral numeric(14, 2) NOT NULL DEFAULT 0,
  nota_pie_de_pagina text NOT NULL DEFAULT '',
  nota_informacion_interna text NOT NULL DEFAULT '',
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  tipo_de_anulacion text NOT NULL DEFAULT '',
  nota_anular text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  id_usuario_creador uuid NOT NULL,
  creada_por text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  id_numeracion_facturas uuid,
  plazo_pagos integer NOT NULL DEFAULT 30 CHECK (plazo_pagos BETWEEN 0 AND 3650),
  fecha_de_inicio date NOT NULL,
  fecha_vigencia date CHECK (fecha_vigencia IS NULL OR fecha_vigencia >= fecha_de_inicio),
  frecuencia integer NOT NULL DEFAULT 1 CHECK (frecuencia BETWEEN 1 AND 365),
  frecuencia_tipo text NOT NULL DEFAULT 'month' CHECK (frecuencia_tipo IN ('day', 'week', 'month', 'year')),
  enviar_por_correo boolean NOT NULL DEFAULT false,
  siguiente_periodo integer NOT NULL DEFAULT 0,
  proxima_fecha date,
  ultimo_error text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion_facturas) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_lista_de_precio) REFERENCES listas_de_precio (tenant_id, id),
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX facturas_recurrentes_identificador_unico ON facturas_recurrentes (tenant_id, identificador_unico);
CREATE UNIQUE INDEX facturas_recurrentes_comprobante ON facturas_recurrentes (tenant_id, comprobante);
CREATE INDEX facturas_recurrentes_lista ON facturas_recurrentes (tenant_id, estado, fecha_emision DESC, numero DESC);
CREATE INDEX facturas_recurrentes_cliente ON facturas_recurrentes (tenant_id, id_cliente, estado) WHERE id_cliente IS NOT NULL;
-- What the scheduled task looks for: the active templates with an invoice due.
CREATE INDEX facturas_recurrentes_pendientes ON facturas_recurrentes (tenant_id, proxima_fecha) WHERE estado = 'Activo' AND proxima_fecha IS NOT NULL;

CREATE TABLE lineas_factura_recurrente (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_documento uuid NOT NULL,
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
  importe numeric(14, 2) NOT NULL DEFAULT 0,
  monto_descuento numeric(14, 2) NOT NULL DEFAULT 0,
  subtotal numeric(14, 2) NOT NULL DEFAULT 0,
  total_impuestos numeric(14, 2) NOT NULL DEFAULT 0,
  total numeric(14, 2) NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_documento) REFERENCES facturas_recurrentes (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id)
);
CREATE INDEX lineas_factura_recurrente_documento ON lineas_factura_recurrente (tenant_id, id_documento, orden);

CREATE TABLE facturas_recurrentes_generadas (
  tenant_id integer NOT NULL,
  id_factura_recurrente uuid NOT NULL,
  periodo integer NOT NULL,
  fecha date NOT NULL,
  id_factura uuid NOT NULL,
  creado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id_factura_recurrente, periodo),
  FOREIGN KEY (tenant_id, id_factura_recurrente) REFERENCES facturas_recurrentes (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id)
);

-- The template's numbering type (migration 0032's CHECK lists every document type) and its own internal
-- numbering FR00000001…, for the companies that exist (new ones get it with
-- sembrarNumeracionesIniciales).
ALTER TABLE numeraciones DROP CONSTRAINT numeraciones_tipo_de_documento_check;
ALTER TABLE numeraciones ADD CONSTRAINT numeraciones_tipo_de_documento_check CHECK (tipo_de_documento IN
  ('ventas', 'compras', 'ordenDeCompra', 'notaDeCredito', 'notaDeDebito', 'cotizacion', 'conduce', 'recibos',
   'gastoMenores', 'egresos', 'entradaDeDiario', 'facturaRecurrente'));
INSERT INTO numeraciones (tenant_id, identificador_unico, nombre, tipo_de_documento, perfiles_de_tipos, prefijo,
                          prefijo_numerico, digitos, fiscal, desde, seq, predeterminado)
SELECT e.tenant_id, 'inicial-facturaRecurrente', 'Facturas recurrentes', 'facturaRecurrente', 'interna', 'FR', '', 8,
       false, 1, 1, true
FROM empresas e
WHERE NOT EXISTS (SELECT 1 FROM numeraciones n WHERE n.tenant_id = e.tenant_id AND n.tipo_de_documento = 'facturaRecurrente');
