-- Fiscal numbering, chart of accounts and its assignment, contacts (issue 5, part B); the DGII RNC
-- registry as global reference data in its own schema. Tenant tables: tenant_id first in every key
-- (invariant 1); the migrator adds the policies and grants for everything in `public`.

CREATE TABLE numeraciones (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  nombre_model text NOT NULL DEFAULT '',
  tipo_de_documento text NOT NULL CHECK (tipo_de_documento IN ('ventas', 'compras', 'ordenDeCompra',
    'notaDeCredito', 'notaDeDebito', 'cotizacion', 'conduce', 'recibos', 'gastoMenores', 'egresos')),
  perfiles_de_tipos text NOT NULL,
  prefijo text NOT NULL DEFAULT 'D',
  prefijo_numerico text NOT NULL DEFAULT '',
  digitos integer NOT NULL CHECK (digitos BETWEEN 1 AND 10),
  fiscal boolean NOT NULL,
  fecha_vencimiento date,
  desde bigint NOT NULL CHECK (desde >= 1),
  hasta bigint CHECK (hasta IS NULL OR hasta >= desde),
  -- The next number to issue; taken only by `UPDATE ... RETURNING` (invariant 5).
  seq bigint NOT NULL,
  predeterminado boolean NOT NULL DEFAULT false,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (seq >= desde AND (hasta IS NULL OR seq <= hasta + 1))
);
CREATE UNIQUE INDEX numeraciones_identificador_unico ON numeraciones (tenant_id, identificador_unico);
-- One default per document type.
CREATE UNIQUE INDEX numeraciones_predeterminada ON numeraciones (tenant_id, tipo_de_documento)
  WHERE predeterminado;

CREATE TABLE cuentas_contables (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text,
  id_padre uuid,
  codigo_de_cuenta text NOT NULL,
  nombre text NOT NULL,
  tipo text NOT NULL CHECK (tipo IN ('activo', 'pasivo', 'capital', 'ingresos', 'costos', 'gastos')),
  naturaleza text NOT NULL CHECK (naturaleza IN ('deudora', 'acreedora')),
  categoria text NOT NULL,
  orden integer NOT NULL DEFAULT 0,
  -- Accounts removed from the tree stay for the journal entries that point at them.
  activo boolean NOT NULL DEFAULT true,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_padre) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE UNIQUE INDEX cuentas_contables_codigo ON cuentas_contables (tenant_id, codigo_de_cuenta) WHERE activo;
CREATE UNIQUE INDEX cuentas_contables_identificador_unico ON cuentas_contables (tenant_id, identificador_unico);
CREATE INDEX cuentas_contables_padre ON cuentas_contables (tenant_id, id_padre);

-- Which account each kind of posting uses (spec 002 §2 "asignacion_cuentas_contables").
CREATE TABLE asignacion_cuentas_contables (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  clave text NOT NULL,
  id_cuenta uuid NOT NULL,
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, clave),
  FOREIGN KEY (tenant_id, id_cuenta) REFERENCES cuentas_contables (tenant_id, id)
);

CREATE TABLE contactos (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_usuario_creador uuid,
  nombre text NOT NULL,
  apellidos text NOT NULL DEFAULT '',
  avatar text,
  tipo_de_identificacion text NOT NULL DEFAULT '',
  rnc text NOT NULL DEFAULT '',
  ncf_predeterminado text NOT NULL DEFAULT '',
  tipo_de_contacto text NOT NULL DEFAULT 'cliente' CHECK (tipo_de_contacto IN ('cliente', 'proveedor', 'ambos')),
  id_lista_de_precio uuid,
  id_ruta uuid,
  limite_credito numeric(14, 2) NOT NULL DEFAULT 0 CHECK (limite_credito >= 0),
  dias_de_credito integer NOT NULL DEFAULT 0 CHECK (dias_de_credito >= 0),
  socio boolean NOT NULL DEFAULT false,
  descuento_para_socios numeric(5, 2) NOT NULL DEFAULT 0 CHECK (descuento_para_socios BETWEEN 0 AND 100),
  revendedor boolean NOT NULL DEFAULT false,
  funcion_en_la_empresa text NOT NULL DEFAULT '',
  direccion text NOT NULL DEFAULT '',
  location jsonb,
  telefono text NOT NULL DEFAULT '',
  movil text NOT NULL DEFAULT '',
  correo text NOT NULL DEFAULT '',
  nota text NOT NULL DEFAULT '',
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  activo boolean NOT NULL DEFAULT true,
  nota_anular text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  id_cuenta_por_cobrar uuid,
  id_cuenta_por_pagar uuid,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_por_cobrar) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_por_pagar) REFERENCES cuentas_contables (tenant_id, id),
  -- Routes and price lists are master data of migration 0002.
  FOREIGN KEY (tenant_id, id_ruta) REFERENCES rutas (tenant_id, id),
  FOREIGN KEY (tenant_id, id_lista_de_precio) REFERENCES listas_de_precio (tenant_id, id)
);
CREATE UNIQUE INDEX contactos_identificador_unico ON contactos (tenant_id, identificador_unico);
CREATE INDEX contactos_nombre ON contactos (tenant_id, lower(nombre));
CREATE INDEX contactos_rnc ON contactos (tenant_id, rnc) WHERE rnc <> '';

-- DGII RNC registry (fiscal-do.md §5): the same for every company, so it is the one table without
-- tenant_id. It lives outside `public` (the isolation check scans `public`) and companies only read it.
CREATE SCHEMA IF NOT EXISTS referencia;
CREATE TABLE referencia.rnc_contribuyentes (
  rnc text PRIMARY KEY,
  razon_social text NOT NULL,
  nombre_comercial text NOT NULL DEFAULT '',
  actividad_economica text NOT NULL DEFAULT '',
  calle text NOT NULL DEFAULT '',
  numero text NOT NULL DEFAULT '',
  sector text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  fecha_inicio date,
  estado text NOT NULL DEFAULT '',
  regimen_de_pagos text NOT NULL DEFAULT ''
);
-- The role is normally created by the migrator after the migrations; on a new database it does not
-- exist yet at this point.
DO $$ BEGIN
  CREATE ROLE app_empresa NOLOGIN;
EXCEPTION WHEN OTHERS THEN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_empresa') THEN RAISE; END IF;
END $$;
GRANT USAGE ON SCHEMA referencia TO app_empresa;
GRANT SELECT ON referencia.rnc_contribuyentes TO app_empresa;
