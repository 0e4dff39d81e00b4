import { randomUUID } from 'node:crypto';
import {
  MENSAJE_HUECO_OCUPADO,
  MENSAJE_RESERVACION_EN_EL_PASADO,
  MENSAJE_SERVICIO_NO_RESERVABLE,
} from '@pos/contract';
import { diaDeLaSemana, fechaYHoraEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { MENSAJE_PLAN_SUSPENDIDO } from '../empresas/service.ts';

type Json = Record<string, unknown>;

// Reservations (spec 002 §2, §3, §7 "Reservations" and the reservable-product calls, §8; spec 000 §6;
// docs/reservaciones.md): the public booking calls, the staff calls, and no double booking.

/** The day `dias` after today in Santo Domingo. */
function diaDesdeHoy(dias: number): string {
  const hoy = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
  hoy.setUTCDate(hoy.getUTCDate() + dias);
  return hoy.toISOString().slice(0, 10);
}

/** The first day named `nombre` from `desde` days ahead on (negative: in the past, going back). */
function proximo(nombre: string, desde: number): string {
  const paso = desde < 0 ? -1 : 1;
  for (let i = desde; Math.abs(i) < Math.abs(desde) + 8; i += paso) {
    if (diaDeLaSemana(diaDesdeHoy(i)) === nombre) {
      return diaDesdeHoy(i);
    }
  }
  throw new Error('sin día');
}

describe.each(MOTORES)('reservaciones (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let servicio: string;
  let direccion = 0;
  const lunes = proximo('Lunes', 7);

  // Each booking from its own address: the public page's per-address limit is tested on its own.
  function reservar(cuerpo: Json, opciones: { tenant?: number; ip?: string; token?: string } = {}) {
    direccion += 1;
    return e.app.inject({
      method: 'POST',
      url: '/api/reservaciones/',
      headers: {
        tenantid: String(opciones.tenant ?? 1),
        ...(opciones.token ? { authorization: `Bearer ${opciones.token}` } : {}),
      },
      remoteAddress: opciones.ip ?? `10.9.${direccion >> 8}.${direccion & 255}`,
      payload: {
        idServicio: servicio,
        fecha: lunes,
        horaDeInicio: '09:00',
        nombreCliente: 'Ana Pérez',
        telefonoCliente: '809-555-0100',
        identificadorUnico: randomUUID(),
        ...cuerpo,
      },
    });
  }

  function publica(url: string, body: Json, tenant = 1) {
    return e.api({ method: 'POST', url, body, tenant });
  }

  function cambiarEstado(id: string, body: Json, token: string | null = admin, tenant = 1) {
    return e.api({
      method: 'POST',
      url: `/api/reservaciones/cambiar-estado/${id}`,
      body,
      tenant,
      ...(token !== null ? { token } : {}),
    });
  }

  function lista(body: Json, token: string | null = admin, tenant = 1) {
    return e.api({
      method: 'POST',
      url: '/api/reservaciones/reservaciones',
      body,
      tenant,
      ...(token !== null ? { token } : {}),
    });
  }

  async function crearServicio(campos: Json, token = admin, tenant = 1): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token,
      tenant,
      body: [
        {
          nombre: `Servicio ${randomUUID().slice(0, 8)}`,
          tipo: 'servicio',
          productoInventariable: false,
          precioDeVenta: 500,
          reservable: true,
          ...campos,
        },
        [],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ producto: { _id: string } }>().producto._id;
  }

  async function huecos(fecha: string, id = servicio) {
    const r = await publica('/api/reservaciones/consultar-disponibilidad', { idServicio: id, fecha });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ abierto: boolean; huecos: { horaDeInicio: string; libre: boolean }[] }>();
  }

  const creadas = (respuestas: LightMyRequestResponse[]) => respuestas.filter((r) => r.statusCode === 200);

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login(1);
    // Mondays 09:00–12:00 in 15-minute slots; the rest of the week the default (Monday to Friday).
    servicio = await crearServicio({
      duracionReserva: 15,
      horarioDeTrabajo: [{ dia: 'Lunes', horaDeInicio: '09:00', horaDeCierre: '12:00', estado: true }],
    });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('la demo tiene un servicio reservable con una reservación confirmada; la lista pública no enseña costos', async () => {
    const r = await publica('/api/registro-productos/servcios-reservables/', { input: 'Corte de cabello' });
    expect(r.statusCode, r.body).toBe(200);
    const [corte] = r.json<{ res: Json[] }>().res;
    expect(corte).toMatchObject({ nombre: 'Corte de cabello', duracionReserva: 30, tipoDeReserva: 'cita' });
    expect(Object.keys(corte ?? {})).not.toContain('costo');
    const reservas = (await lista({ idServicio: corte?._id })).json<{ res: Json[] }>().res;
    expect(reservas).toEqual([
      expect.objectContaining({
        nombreCliente: 'María Rodríguez',
        horaDeInicio: '10:00',
        estado: 'Confirmada',
      }),
    ]);
  });

  it('20 solicitudes a la vez por el mismo hueco: exactamente una reserva, 19 rechazadas con el mensaje', async () => {
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, () => reservar({ horaDeInicio: '09:15' })),
    );
    expect(creadas(respuestas)).toHaveLength(1);
    const rechazos = respuestas.filter((r) => r.statusCode !== 200);
    expect(rechazos.map((r) => [r.statusCode, r.json().message])).toEqual(
      Array.from({ length: 19 }, () => [409, MENSAJE_HUECO_OCUPADO]),
    );
    const [n] = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from reservaciones where tenant_id = 1 and id_servicio = ${servicio}
          and inicio = ${`${lunes}T09:15:00-04:00`}::timestamptz`,
    );
    expect(n?.n).toBe(1);
  });

  it('huecos solapados en parte, a la vez: solo una de las que se pisan queda', async () => {
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reservar({ horaDeInicio: i % 2 === 0 ? '10:00' : '10:07' })),
    );
    expect(creadas(respuestas)).toHaveLength(1);
    expect(respuestas.filter((r) => r.statusCode === 409)).toHaveLength(19);
    // Back to back is not an overlap: 10:15 was free whichever of the two won... unless 10:07 did.
    const ganadora = creadas(respuestas)[0]?.json().reservacion as {
      horaDeInicio: string;
      horaDeCierre: string;
    };
    const siguiente = await reservar({ horaDeInicio: ganadora.horaDeCierre });
    expect(siguiente.statusCode, siguiente.body).toBe(200);
    const conflicto = await reservar({ horaDeInicio: '10:10' });
    expect([conflicto.statusCode, conflicto.json().message]).toEqual([409, MENSAJE_HUECO_OCUPADO]);
  });

  it('la disponibilidad marca ocupados los huecos tomados y no ofrece los que pasaron', async () => {
    const dia = await huecos(lunes);
    expect(dia.abierto).toBe(true);
    expect(dia.huecos).toHaveLength(12);
    expect(dia.huecos.find((h) => h.horaDeInicio === '09:15')?.libre).toBe(false);
    expect(dia.huecos.find((h) => h.horaDeInicio === '09:00')?.libre).toBe(true);
    expect(dia.huecos.find((h) => h.horaDeInicio === '10:00')?.libre).toBe(false);
    expect((await huecos(proximo('Sábado', 1))).huecos).toEqual([]);
    expect((await huecos(proximo('Lunes', -1))).huecos).toEqual([]);
    const rangos = await publica('/api/registro-productos/obtener-rangos-ocupados', {
      idProducto: servicio,
      fecha: lunes,
    });
    expect(rangos.statusCode, rangos.body).toBe(200);
    expect(rangos.json().rangos[0]).toMatchObject({ horaDeInicio: '09:15', horaDeCierre: '09:30' });
  });

  it('fuera de horario, día sin servicio o en el pasado: 400 con el motivo', async () => {
    const temprano = await reservar({ horaDeInicio: '08:45' });
    expect(temprano.statusCode).toBe(400);
    expect(temprano.json().message).toMatch(/fuera del horario de trabajo del servicio \(de 09:00 a 12:00/);
    expect(temprano.json().errores).toEqual([expect.objectContaining({ campo: 'horaDeInicio' })]);
    // 11:50 + 15 minutes ends after closing.
    expect((await reservar({ horaDeInicio: '11:50' })).statusCode).toBe(400);
    const sabado = await reservar({ fecha: proximo('Sábado', 1), horaDeInicio: '09:00' });
    expect([sabado.statusCode, sabado.json().message]).toEqual([
      400,
      'El servicio no atiende ese día; elija otro día.',
    ]);
    const pasado = await reservar({ fecha: proximo('Lunes', -1), horaDeInicio: '09:30' });
    expect([pasado.statusCode, pasado.json().message]).toEqual([400, MENSAJE_RESERVACION_EN_EL_PASADO]);
    const lejos = await reservar({ fecha: diaDesdeHoy(400) });
    expect(lejos.statusCode).toBe(400);
    const malo = await reservar({ telefonoCliente: 'abc', nombreCliente: '' });
    expect(malo.statusCode).toBe(400);
    expect(new Set(malo.json().errores.map((x: { campo: string }) => x.campo))).toEqual(
      new Set(['nombreCliente', 'telefonoCliente']),
    );
    const otro = await reservar({ idServicio: randomUUID() });
    expect([otro.statusCode, otro.json().message]).toEqual([404, MENSAJE_SERVICIO_NO_RESERVABLE]);
  });

  it('el mismo identificadorUnico no duplica, tampoco enviado a la vez', async () => {
    const identificadorUnico = randomUUID();
    const [a, b] = await Promise.all([
      reservar({ horaDeInicio: '11:00', identificadorUnico }),
      reservar({ horaDeInicio: '11:00', identificadorUnico }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json().reservacion._id).toBe(b?.json().reservacion._id);
    expect([a?.json().solicitudDuplicada, b?.json().solicitudDuplicada].sort()).toEqual([false, true]);
    const otra = await reservar({ horaDeInicio: '11:00', identificadorUnico });
    expect(otra.json()).toMatchObject({
      solicitudDuplicada: true,
      reservacion: { _id: a?.json().reservacion._id },
    });
    const [n] = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from reservaciones where identificador_unico = ${identificadorUnico}`,
    );
    expect(n?.n).toBe(1);
  });

  it('cambiar de estado guarda el motivo; cancelar libera el hueco; las transiciones inválidas se rechazan', async () => {
    const creada = await reservar({ horaDeInicio: '11:30', telefonoCliente: '(809) 555-0199' });
    const id = creada.json().reservacion._id as string;
    expect((await reservar({ horaDeInicio: '11:30' })).statusCode).toBe(409);

    const sinMotivo = await cambiarEstado(id, { nuevoEstado: 'Confirmada', motivoCambio: '  ' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().errores[0].campo).toBe('motivoCambio');
    const confirmada = await cambiarEstado(id, {
      nuevoEstado: 'Confirmada',
      motivoCambio: 'Llamó para confirmar',
    });
    expect(confirmada.statusCode, confirmada.body).toBe(200);
    expect(confirmada.json().estado).toBe('Confirmada');
    const atras = await cambiarEstado(id, { nuevoEstado: 'Pendiente', motivoCambio: 'Error' });
    expect([atras.statusCode, atras.json().message]).toEqual([
      409,
      'Una reservación Confirmada solo puede pasar a Completada o Cancelada.',
    ]);
    const cancelada = await cambiarEstado(id, {
      nuevoEstado: 'Cancelada',
      motivoCambio: 'El cliente no puede venir',
    });
    expect(
      cancelada
        .json()
        .historial.map((h: Json) => [h.estadoAnterior, h.nuevoEstado, h.motivoCambio, h.usuario]),
    ).toEqual([
      [null, 'Pendiente', 'Reservación creada', 'Página de reservaciones'],
      ['Pendiente', 'Confirmada', 'Llamó para confirmar', 'admin'],
      ['Confirmada', 'Cancelada', 'El cliente no puede venir', 'admin'],
    ]);
    const otraVez = await cambiarEstado(id, { nuevoEstado: 'Confirmada', motivoCambio: 'Reactivar' });
    expect([otraVez.statusCode, otraVez.json().message]).toEqual([
      409,
      'La reservación está Cancelada y ya no cambia de estado.',
    ]);
    expect((await huecos(lunes)).huecos.find((h) => h.horaDeInicio === '11:30')?.libre).toBe(true);
    const nueva = await reservar({ horaDeInicio: '11:30' });
    expect(nueva.statusCode, nueva.body).toBe(200);
    expect(
      (await cambiarEstado(randomUUID(), { nuevoEstado: 'Cancelada', motivoCambio: 'x' })).statusCode,
    ).toBe(404);
  });

  it('reprogramar: a un hueco libre (también pisando el suyo), nunca a uno tomado; la historia dice de cuándo a cuándo', async () => {
    // A service of its own, 30 minutes: Mondays 09:00–12:00, the rest of the week the default.
    const propio = await crearServicio({
      duracionReserva: 30,
      horarioDeTrabajo: [{ dia: 'Lunes', horaDeInicio: '09:00', horaDeCierre: '12:00', estado: true }],
    });
    const reprogramar = (id: string, body: Json, token: string | null = admin) =>
      e.api({
        method: 'POST',
        url: `/api/reservaciones/reprogramar/${id}`,
        body: { motivoCambio: 'El cliente llega tarde', fecha: lunes, ...body },
        tenant: 1,
        ...(token !== null ? { token } : {}),
      });
    const a = (await reservar({ idServicio: propio, horaDeInicio: '09:00' })).json().reservacion
      ._id as string;
    const b = (await reservar({ idServicio: propio, horaDeInicio: '10:00' })).json().reservacion
      ._id as string;

    for (const hora of ['10:00', '10:15', '09:45']) {
      const tomada = await reprogramar(a, { horaDeInicio: hora });
      expect([tomada.statusCode, tomada.json().message], hora).toEqual([409, MENSAJE_HUECO_OCUPADO]);
    }
    const movida = await reprogramar(a, { horaDeInicio: '09:15' });
    expect(movida.statusCode, movida.body).toBe(200);
    expect(movida.json()).toMatchObject({
      horaDeInicio: '09:15',
      horaDeCierre: '09:45',
      estado: 'Pendiente',
    });
    const ultima = movida.json().historial.at(-1);
    expect(ultima).toMatchObject({ estadoAnterior: 'Pendiente', nuevoEstado: 'Pendiente', usuario: 'admin' });
    expect(ultima.motivoCambio).toMatch(
      /^Reprogramada del \d{2}\/\d{2}\/\d{4} 09:00 al \d{2}\/\d{2}\/\d{4} 09:15: El cliente llega tarde$/,
    );
    // The same request again changes nothing: no second entry.
    const repetida = await reprogramar(a, { horaDeInicio: '09:15' });
    expect(repetida.json().historial).toHaveLength(movida.json().historial.length);

    // Moving B frees its old time for the next visitor.
    expect((await reprogramar(b, { horaDeInicio: '11:00' })).statusCode).toBe(200);
    const libres = (await huecos(lunes, propio)).huecos;
    expect(libres.find((h) => h.horaDeInicio === '10:00')?.libre).toBe(true);
    expect(libres.find((h) => h.horaDeInicio === '11:00')?.libre).toBe(false);

    // The rules of booking: hours, the past, a reason; a cancelled booking stays where it was.
    const fuera = await reprogramar(a, { horaDeInicio: '11:45' });
    expect([fuera.statusCode, fuera.json().errores?.[0]?.campo]).toEqual([400, 'horaDeInicio']);
    const pasada = await reprogramar(a, { fecha: proximo('Lunes', -1), horaDeInicio: '09:30' });
    expect([pasada.statusCode, pasada.json().message]).toEqual([400, MENSAJE_RESERVACION_EN_EL_PASADO]);
    const sinMotivo = await reprogramar(a, { horaDeInicio: '09:30', motivoCambio: ' ' });
    expect([sinMotivo.statusCode, sinMotivo.json().errores?.[0]?.campo]).toEqual([400, 'motivoCambio']);
    await cambiarEstado(b, { nuevoEstado: 'Cancelada', motivoCambio: 'No viene' });
    const cancelada = await reprogramar(b, { horaDeInicio: '10:30' });
    expect([cancelada.statusCode, cancelada.json().message]).toEqual([
      409,
      'La reservación está Cancelada: solo se reprograma una reservación Pendiente o Confirmada.',
    ]);
    expect((await reprogramar(randomUUID(), { horaDeInicio: '10:30' })).statusCode).toBe(404);
    expect((await reprogramar(a, { horaDeInicio: '10:30' }, null)).statusCode).toBe(401);
  });

  it('cinco reservaciones movidas a la vez al mismo hueco: una lo toma, cuatro reciben el mensaje', async () => {
    const propio = await crearServicio({ duracionReserva: 30 });
    const martes = proximo('Martes', 7);
    const ids: string[] = [];
    for (const hora of ['08:00', '09:00', '10:00', '11:00', '12:00']) {
      const r = await reservar({ idServicio: propio, fecha: martes, horaDeInicio: hora });
      expect(r.statusCode, r.body).toBe(200);
      ids.push(r.json().reservacion._id);
    }
    const respuestas = await Promise.all(
      ids.map((id) =>
        e.api({
          method: 'POST',
          url: `/api/reservaciones/reprogramar/${id}`,
          body: { fecha: martes, horaDeInicio: '15:00', motivoCambio: 'Cambio de agenda' },
          tenant: 1,
          token: admin,
        }),
      ),
    );
    expect(creadas(respuestas)).toHaveLength(1);
    for (const r of respuestas.filter((x) => x.statusCode !== 200)) {
      expect([r.statusCode, r.json().message]).toEqual([409, MENSAJE_HUECO_OCUPADO]);
    }
    const delDia = (await lista({ fecha: martes, idServicio: propio })).json<{ res: Json[] }>().res;
    expect(delDia.filter((x) => x.horaDeInicio === '15:00')).toHaveLength(1);
  });

  it('la lista por día y estado; el teléfono enlaza el contacto que ya existe', async () => {
    const contacto = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { nombre: 'Cliente con cita', telefono: '809 555 7777', identificadorUnico: randomUUID() },
    });
    expect(contacto.statusCode, contacto.body).toBe(200);
    const idContacto = contacto.json().clientedb?._id ?? contacto.json()._id;
    const creada = await reservar({ horaDeInicio: '11:45', telefonoCliente: '809-555-7777' });
    expect(creada.statusCode, creada.body).toBe(200);
    const delDia = (await lista({ fecha: lunes, estado: 'Pendiente' })).json<{
      res: Json[];
      totalRows: number;
    }>();
    expect(delDia.res.every((r) => r.fecha === lunes && r.estado === 'Pendiente')).toBe(true);
    expect(delDia.res.map((r) => r.horaDeInicio)).toEqual([...delDia.res.map((r) => r.horaDeInicio)].sort());
    expect(delDia.res.find((r) => r.horaDeInicio === '11:45')).toMatchObject({
      idCliente: idContacto,
      nombreCliente: 'Ana Pérez',
    });
    const canceladas = (await lista({ fecha: lunes, estado: 'Cancelada', idServicio: servicio })).json<{
      res: Json[];
    }>().res;
    expect(canceladas.map((r) => r.horaDeInicio)).toEqual(['11:30']);
    const porTelefono = (await lista({ fecha: lunes, input: '7777' })).json<{ res: Json[] }>().res;
    expect(porTelefono).toHaveLength(1);
  });

  it('un proveedor no atiende dos servicios a la misma hora', async () => {
    const perfil = (await e.api({ method: 'GET', url: '/api/profile', token: admin })).json();
    const idProveedor = perfil._id as string;
    const uno = await crearServicio({ idUsuarioProveedor: idProveedor });
    const dos = await crearServicio({ idUsuarioProveedor: idProveedor });
    const martes = proximo('Martes', 7);
    const respuestas = await Promise.all([
      ...Array.from({ length: 5 }, () => reservar({ idServicio: uno, fecha: martes, horaDeInicio: '14:00' })),
      ...Array.from({ length: 5 }, () => reservar({ idServicio: dos, fecha: martes, horaDeInicio: '14:05' })),
    ]);
    expect(creadas(respuestas)).toHaveLength(1);
    expect(respuestas.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(
      Array.from({ length: 9 }, () => MENSAJE_HUECO_OCUPADO),
    );
  });

  it('agregarServicioReservacion hace reservable un producto con su horario', async () => {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        { nombre: `Masaje ${randomUUID().slice(0, 6)}`, tipo: 'servicio', productoInventariable: false },
        [],
        randomUUID(),
      ],
    });
    const id = r.json().producto._id as string;
    expect((await huecos(lunes, id).catch(() => null)) ?? null).toBeNull();
    const agregado = await e.api({
      method: 'POST',
      url: '/api/registro-productos/agregarServicioReservacion',
      token: admin,
      body: {
        _id: id,
        duracionReserva: 60,
        horarioDeTrabajo: [{ dia: 'Lunes', horaDeInicio: '14:00', horaDeCierre: '16:00', estado: true }],
      },
    });
    expect(agregado.statusCode, agregado.body).toBe(200);
    expect(agregado.json()).toMatchObject({ _id: id, duracionReserva: 60, tipoDeReserva: 'cita' });
    expect((await huecos(lunes, id)).huecos.map((h) => h.horaDeInicio)).toEqual(['14:00', '15:00']);
    const malo = await e.api({
      method: 'POST',
      url: '/api/registro-productos/agregarServicioReservacion',
      token: admin,
      body: { _id: id, idUsuarioProveedor: randomUUID() },
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().errores[0].campo).toBe('idUsuarioProveedor');
  });

  it('sin sesión no se cambia el estado ni se ve la lista; sin el privilegio tampoco', async () => {
    const [una] = (await lista({ fecha: lunes })).json<{ res: { _id: string }[] }>().res;
    expect(
      (await cambiarEstado(una?._id ?? '', { nuevoEstado: 'Cancelada', motivoCambio: 'x' }, null)).statusCode,
    ).toBe(401);
    expect((await lista({}, null)).statusCode).toBe(401);
    const creado = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: `cajera${randomUUID().slice(0, 6)}`, password: 'clave-de-prueba-1', privilegios: {} },
    });
    expect(creado.statusCode, creado.body).toBe(200);
    const cajera = await e.login(1, creado.json().username, 'clave-de-prueba-1');
    expect((await lista({}, cajera)).statusCode).toBe(403);
    expect(
      (await cambiarEstado(una?._id ?? '', { nuevoEstado: 'Cancelada', motivoCambio: 'x' }, cajera))
        .statusCode,
    ).toBe(403);
    const conPuntoDeVenta = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: `cajero${randomUUID().slice(0, 6)}`,
        password: 'clave-de-prueba-1',
        privilegios: { puntoDeVentas: { acceso: true, ver: true } },
      },
    });
    const cajero = await e.login(1, conPuntoDeVenta.json().username, 'clave-de-prueba-1');
    expect((await lista({ fecha: lunes }, cajero)).statusCode).toBe(200);
  });

  it('aislamiento entre empresas', async () => {
    const operador = await e.login(2);
    const [una] = (await lista({ fecha: lunes })).json<{ res: { _id: string }[] }>().res;
    expect(una).toBeDefined();
    expect((await lista({ fecha: lunes }, operador, 2)).json().res).toEqual([]);
    expect(
      (await cambiarEstado(una?._id ?? '', { nuevoEstado: 'Cancelada', motivoCambio: 'x' }, operador, 2))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await publica(
          '/api/reservaciones/consultar-disponibilidad',
          { idServicio: servicio, fecha: lunes },
          2,
        )
      ).statusCode,
    ).toBe(404);
    expect((await reservar({ horaDeInicio: '09:00' }, { tenant: 2 })).statusCode).toBe(404);
    expect(
      (await publica('/api/registro-productos/servcios-reservables/', {}, 2))
        .json()
        .res.map((s: Json) => s._id),
    ).not.toContain(servicio);
    // A session of company 2 sent to company 1's public page is never read: the header decides.
    const conOtroPortador = await reservar(
      { horaDeInicio: '09:00', nombreCliente: 'Visitante' },
      { token: operador },
    );
    expect(conOtroPortador.statusCode, conOtroPortador.body).toBe(200);
  });

  it('la página pública limita las reservas por dirección (429) y el plan suspendido no acepta reservas', async () => {
    const ip = '10.200.0.1';
    const codigos: number[] = [];
    for (let i = 0; i < 11; i++) {
      codigos.push(
        (await reservar({ fecha: proximo('Miércoles', 7), horaDeInicio: '13:00' }, { ip })).statusCode,
      );
    }
    expect(codigos[0]).toBe(200);
    expect(codigos.slice(1, 10).every((c) => c === 409)).toBe(true);
    expect(codigos[10]).toBe(429);
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`update empresas set estado_del_plan = 'Suspendido' where tenant_id = 1`),
    );
    try {
      const r = await reservar({ fecha: proximo('Miércoles', 7), horaDeInicio: '14:00' });
      expect([r.statusCode, r.json().message]).toEqual([403, MENSAJE_PLAN_SUSPENDIDO]);
      expect((await huecos(lunes)).abierto).toBe(true);
    } finally {
      await e.db.enEmpresa(1, (tx) =>
        tx.execute(sql`update empresas set estado_del_plan = 'Activo' where tenant_id = 1`),
      );
    }
  });
});
