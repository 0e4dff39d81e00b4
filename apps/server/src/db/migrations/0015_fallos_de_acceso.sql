-- Failed sign-ins per (company, username, address): the progressive wait of docs/api.md «Fuerza bruta».
-- A wrong password makes only that address wait for that username, so nobody can lock a user out
-- from everywhere (the old per-username lock let anyone block every company's `admin`).
CREATE TABLE fallos_de_acceso (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  usuario text NOT NULL,
  ip text NOT NULL,
  fallos integer NOT NULL DEFAULT 0,
  ultimo_fallo_en timestamptz,
  espera_hasta timestamptz,
  PRIMARY KEY (tenant_id, usuario, ip)
);
-- intentos_de_acceso keeps only the per-address flood guard; its old per-username rows are ignored.

