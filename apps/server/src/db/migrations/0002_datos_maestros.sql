-- Master data of issue 5 (spec 002 §3): taxes, price lists, withholding types, terminals, plans, routes,
-- warehouses, order-assignment places, categories, sections, production areas.
-- Every table: tenant_id first in the primary key, in every foreign key and unique index; every create is
-- idempotent on (tenant_id, identificador_unico) (architecture invariants 1 and 4). Deactivatable items carry
-- estado / autorizacion / nota_anular (spec 002 §4). Money and percentages are numeric.
-- Deleting an item is refused while a row of another table references it through a NO ACTION foreign key
-- (apps/server/src/db/maestros.ts, tieneVinculos): documents of later issues link here with such keys.

CREATE TABLE almacenes (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  numero_almacen integer NOT NULL CHECK (numero_almacen > 0),
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Desactivado')),
  autorizacion text,
  nota_anular text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX almacenes_identificador_unico ON almacenes (tenant_id, identificador_unico);
CREATE UNIQUE INDEX almacenes_numero ON almacenes (tenant_id, numero_almacen);

CREATE TABLE lugares_de_asignacion (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre_de_asignacion text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  tipo text NOT NULL DEFAULT '',
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Desactivado')),
  autorizacion text,
  nota_anular text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX lugares_de_asignacion_identificador_unico ON lugares_de_asignacion (tenant_id, identificador_unico);

CREATE TABLE categorias (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  orden integer NOT NULL DEFAULT 0,
  nombre text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  avatar text,
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Desactivado')),
  autorizacion text,
  nota_anular text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX categorias_identificador_unico ON categorias (tenant_id, identificador_unico);

-- categorias_productos_seccionada (spec spelling) lists category ids; deleting a category removes it here.
CREATE TABLE secciones (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  orden integer NOT NULL DEFAULT 0,
  nombre text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  avatar text,
  categorias_productos_seccionada uuid[] NOT NULL DEFAULT '{}',
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Desactivado')),
  autorizacion text,
  nota_anular text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX secciones_identificador_unico ON secciones (tenant_id, identificador_unico);

CREATE TABLE areas_de_produccion (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  categorias_productos_seccionada uuid[] NOT NULL DEFAULT '{}',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX areas_de_produccion_identificador_unico ON areas_de_produccion (tenant_id, identificador_unico);

CREATE TABLE impuestos (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  name text NOT NULL,
  tipo_de_impuesto text NOT NULL,
  tasa numeric(9, 6) NOT NULL CHECK (tasa >= 0 AND tasa <= 1),
  cuenta_contable_para_venta jsonb,
  cuenta_contable_para_compras jsonb,
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Desactivado')),
  autorizacion text,
  nota_anular text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX impuestos_identificador_unico ON impuestos (tenant_id, identificador_unico);

CREATE TABLE listas_de_precio (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  activo boolean NOT NULL DEFAULT true,
  tipo boolean NOT NULL DEFAULT false,
  porcentaje numeric(9, 4) NOT NULL DEFAULT 0 CHECK (porcentaje >= 0 AND porcentaje <= 100),
  dias_disponibles smallint[] NOT NULL DEFAULT '{}',
  vigencia date,
  es_una_oferta boolean NOT NULL DEFAULT false,
  predeterminado boolean NOT NULL DEFAULT false,
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Desactivado')),
  autorizacion text,
  nota_anular text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX listas_de_precio_identificador_unico ON listas_de_precio (tenant_id, identificador_unico);
-- At most one default list per company.
CREATE UNIQUE INDEX listas_de_precio_predeterminada ON listas_de_precio (tenant_id) WHERE predeterminado;

CREATE TABLE tipos_de_retencion (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  porcentaje numeric(9, 4) NOT NULL CHECK (porcentaje >= 0 AND porcentaje <= 100),
  tipo text NOT NULL DEFAULT '',
  tipo_retencion text NOT NULL CHECK (tipo_retencion IN ('isr', 'itbis')),
  tipo_retencion_isr text NOT NULL DEFAULT '',
  cuenta_contable_para_venta jsonb,
  cuenta_contable_para_compras jsonb,
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Desactivado')),
  autorizacion text,
  nota_anular text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX tipos_de_retencion_identificador_unico ON tipos_de_retencion (tenant_id, identificador_unico);

-- Numbering ids point at the numbering table (migration 0003, applied after this one), so they carry no
-- foreign key here; the account fields are chart-account snapshots as documents carry them.
CREATE TABLE terminales (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  numeracion_facturas uuid,
  numeracion_devoluciones uuid,
  numeracion_recibo_de_caja uuid,
  almacen_por_defecto uuid,
  usuarios_viculados uuid[] NOT NULL DEFAULT '{}',
  cuenta_de_transferencias jsonb,
  cuenta_de_tarjeta_de_credito jsonb,
  cuenta_de_tarjeta_de_debitos jsonb,
  banco_inicio_de_turno jsonb,
  banco_cierre_de_turno jsonb,
  predeterminado boolean NOT NULL DEFAULT false,
  cuenta_pago_anticipos_clientes jsonb,
  caja_defectvo_id_ref text,
  cuenta_contable_banco jsonb,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, almacen_por_defecto) REFERENCES almacenes (tenant_id, id)
);
CREATE UNIQUE INDEX terminales_identificador_unico ON terminales (tenant_id, identificador_unico);
CREATE UNIQUE INDEX terminales_predeterminado ON terminales (tenant_id) WHERE predeterminado;

CREATE TABLE rutas (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  direccion text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX rutas_identificador_unico ON rutas (tenant_id, identificador_unico);

-- Plans are the operator's catalogue (tenant 2, spec 002 §6); the tenant_id column keeps invariant 1.
CREATE TABLE planes (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  descripcion text NOT NULL,
  precio numeric(14, 2) NOT NULL CHECK (precio >= 0),
  frecuencia integer NOT NULL DEFAULT 30 CHECK (frecuencia > 0),
  vigencia integer NOT NULL DEFAULT 0 CHECK (vigencia >= 0),
  cantidad_de_usuarios integer NOT NULL DEFAULT 0 CHECK (cantidad_de_usuarios >= 0),
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX planes_identificador_unico ON planes (tenant_id, identificador_unico);
