-- Base: companies (tenants), general settings, users, sessions, login attempts.
-- Every table: tenant_id first in the primary key and in every foreign key; row-level security
-- keyed on app.tenant_id (architecture invariant 1). Policies are added by the migrator for every table.

CREATE SEQUENCE IF NOT EXISTS empresas_tenant_id_seq START WITH 3;

CREATE TABLE empresas (
  tenant_id integer NOT NULL,
  nombre text NOT NULL,
  estado_del_plan text NOT NULL DEFAULT 'Activo' CHECK (estado_del_plan IN ('Activo', 'Suspendido')),
  balance_pendiente_del_plan numeric(14, 2) NOT NULL DEFAULT 0,
  limite_cantidad_de_usuarios integer NOT NULL DEFAULT 0 CHECK (limite_cantidad_de_usuarios >= 0),
  dias_de_prueba_disponibles integer NOT NULL DEFAULT 0,
  vigencia_del_plan integer NOT NULL DEFAULT 0,
  creada_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);

CREATE TABLE configuracion_general (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  nombre text NOT NULL,
  rnc text NOT NULL DEFAULT '',
  direccion text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  correo text NOT NULL DEFAULT '',
  avatar text,
  imagen_de_portada text,
  banner_publicitario text,
  uso_codigo_de_balanza boolean NOT NULL DEFAULT false,
  color_link_catalogo text NOT NULL DEFAULT '#1c7ed6',
  habilitar_secciones boolean NOT NULL DEFAULT false,
  actualizada_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);

CREATE TABLE usuarios (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  username text NOT NULL,
  password_hash text NOT NULL,
  datos jsonb NOT NULL,
  activo boolean NOT NULL DEFAULT true,
  eliminado boolean NOT NULL DEFAULT false,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- Usernames are unique per company, case-insensitively, among users not deleted.
CREATE UNIQUE INDEX usuarios_username ON usuarios (tenant_id, lower(username)) WHERE NOT eliminado;

CREATE TABLE sesiones (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  usuario_id uuid NOT NULL,
  secreto_hash text NOT NULL,
  creada_en timestamptz NOT NULL DEFAULT now(),
  expira_en timestamptz NOT NULL,
  revocada_en timestamptz,
  direccion_ip text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, usuario_id) REFERENCES usuarios (tenant_id, id)
);
CREATE INDEX sesiones_usuario ON sesiones (tenant_id, usuario_id);

CREATE TABLE intentos_de_acceso (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  clave text NOT NULL,
  fallos integer NOT NULL DEFAULT 0,
  primer_fallo_en timestamptz NOT NULL DEFAULT now(),
  bloqueado_hasta timestamptz,
  PRIMARY KEY (tenant_id, clave)
);
