-- Reservations of bookable services (spec 002 §2 /reservaciones/*, §3 the product's reservation fields
-- and "Reservation", §7 "Reservations"; docs/reservaciones.md). A reservation holds [inicio, fin) of one
-- service (a reservable product) for a client; fin = inicio + the service's duracionReserva when booked.
-- The service's provider (id_usuario_proveedor) is copied from the product at booking, so one provider
-- shared by several services is never booked twice either.
-- btree_gist is a trusted contrib extension (PostgreSQL 13+), also built into PGlite's contrib: it lets
-- the exclusion constraints below compare tenant_id and the ids with = next to the time ranges.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE reservaciones (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_servicio uuid NOT NULL,
  nombre_servicio text NOT NULL,
  id_usuario_proveedor uuid,
  inicio timestamptz NOT NULL,
  fin timestamptz NOT NULL,
  duracion_reserva integer NOT NULL CHECK (duracion_reserva > 0),
  nombre_cliente text NOT NULL CHECK (nombre_cliente <> ''),
  telefono_cliente text NOT NULL,
  id_cliente uuid,
  nota text NOT NULL DEFAULT '',
  estado text NOT NULL DEFAULT 'Pendiente'
    CHECK (estado IN ('Pendiente', 'Confirmada', 'Cancelada', 'Completada')),
  -- Every change of state with its reason and who made it: [{estadoAnterior, nuevoEstado, motivoCambio,
  -- fecha, usuario}], the booking itself first.
  historial jsonb NOT NULL DEFAULT '[]',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (fin > inicio),
  FOREIGN KEY (tenant_id, id_servicio) REFERENCES productos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_proveedor) REFERENCES usuarios (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  -- No two active (not Cancelada) reservations of one service share a minute, whatever the race: the
  -- database refuses the second insert (SQLSTATE 23P01) even when both checked at the same time.
  CONSTRAINT reservaciones_sin_solape_servicio EXCLUDE USING gist (
    tenant_id WITH =, id_servicio WITH =, tstzrange(inicio, fin, '[)') WITH &&
  ) WHERE (estado <> 'Cancelada'),
  -- Nor two of one provider, across the services they attend.
  CONSTRAINT reservaciones_sin_solape_proveedor EXCLUDE USING gist (
    tenant_id WITH =, id_usuario_proveedor WITH =, tstzrange(inicio, fin, '[)') WITH &&
  ) WHERE (estado <> 'Cancelada' AND id_usuario_proveedor IS NOT NULL)
);
CREATE UNIQUE INDEX reservaciones_identificador_unico ON reservaciones (tenant_id, identificador_unico);
-- The staff list by day and the day's taken times of a service.
CREATE INDEX reservaciones_inicio ON reservaciones (tenant_id, inicio);
CREATE INDEX reservaciones_servicio_inicio ON reservaciones (tenant_id, id_servicio, inicio);
