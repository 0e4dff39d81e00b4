-- Company registration and plan billing (spec 002 §3 "Plan and plan status", "Company settings and
-- registration", §4, §6, §7 POST /tenant/ and GET cron-tareas/estado-de-cuenta-del-tenant;
-- docs/empresas.md). Row-level security is enabled and forced by the migration runner (db/migrate.ts).

-- The number of each new company comes from migration 0001's sequence, so two registrations at once
-- never get the same one; it continues after the companies that already exist (the first start creates
-- 1 and 2; a benchmark may have created more by hand).
SELECT setval('empresas_tenant_id_seq', greatest(2, coalesce((SELECT max(tenant_id) FROM empresas), 0)));

-- One row per registered company, kept in the operator company (tenant_id = 2): which company it is,
-- the customer (contact) that stands for it there and is invoiced the subscription, its plan and its
-- trial. The duplicate rules (one company per e-mail and per name) are unique indexes, so two
-- registrations at once cannot both pass.
CREATE TABLE empresas_registradas (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id_empresa integer NOT NULL,
  id_cliente uuid NOT NULL,
  id_plan uuid,
  nombre_compania text NOT NULL,
  nombre_contacto text NOT NULL,
  correo text NOT NULL,
  origen text NOT NULL CHECK (origen IN ('operador', 'autoregistro')),
  id_usuario_registrador uuid,
  prueba_inicio date,
  dias_de_prueba integer NOT NULL DEFAULT 0 CHECK (dias_de_prueba >= 0),
  creada_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id_empresa),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_plan) REFERENCES planes (tenant_id, id)
);
CREATE UNIQUE INDEX empresas_registradas_correo ON empresas_registradas (tenant_id, lower(correo));
CREATE UNIQUE INDEX empresas_registradas_nombre ON empresas_registradas (tenant_id, lower(nombre_compania));
CREATE UNIQUE INDEX empresas_registradas_cliente ON empresas_registradas (tenant_id, id_cliente);
