import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('datos de una imagen de prueba'),
]);

function formulario(campo: string, nombre: string, tipo: string, contenido: Buffer) {
  const frontera = '----prueba-frontera';
  const cuerpo = Buffer.concat([
    Buffer.from(
      `--${frontera}\r\nContent-Disposition: form-data; name="${campo}"; filename="${nombre}"\r\nContent-Type: ${tipo}\r\n\r\n`,
    ),
    contenido,
    Buffer.from(`\r\n--${frontera}--\r\n`),
  ]);
  return { cuerpo, tipo: `multipart/form-data; boundary=${frontera}` };
}

describe.each(MOTORES)('imágenes (%s)', (motor) => {
  let e: Entorno;
  let app: FastifyInstance;
  let carpeta: string;
  let admin: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    carpeta = mkdtempSync(join(tmpdir(), 'archivos-'));
    app = await buildApp({ db: e.db, archivosDir: carpeta });
    admin = await e.login();
  });
  afterAll(async () => {
    await app?.close();
    await e?.cerrar();
    rmSync(carpeta, { recursive: true, force: true });
  });

  function subir(contenido: Buffer, opciones: { token?: string; campo?: string; tipo?: string } = {}) {
    const { cuerpo, tipo } = formulario(
      opciones.campo ?? 'avatar',
      'logo.png',
      opciones.tipo ?? 'image/png',
      contenido,
    );
    const headers: Record<string, string> = { tenantId: '1', 'content-type': tipo };
    if (opciones.token ?? admin) {
      headers.authorization = `Bearer ${opciones.token ?? admin}`;
    }
    return app.inject({ method: 'POST', url: '/api/cliente/upload', headers, payload: cuerpo });
  }

  it('sube una imagen, la sirve sin encabezado tenantId y la elimina', async () => {
    const r = await subir(PNG);
    expect(r.statusCode).toBe(200);
    const { nombre } = r.json();
    expect(nombre).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(readFileSync(join(carpeta, 'tenant_1', nombre))).toEqual(PNG);

    const imagen = await app.inject({ method: 'GET', url: `/api/archivos/tenant_1/${nombre}` });
    expect(imagen.statusCode).toBe(200);
    expect(imagen.headers['content-type']).toBe('image/png');
    expect(imagen.headers['x-content-type-options']).toBe('nosniff');
    expect(imagen.rawPayload).toEqual(PNG);

    const otraEmpresa = await app.inject({
      method: 'GET',
      url: `/api/archivos/tenant_1/${nombre}`,
      headers: { tenantId: '2' },
    });
    expect(otraEmpresa.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/archivos/tenant_2/${nombre}` })).statusCode).toBe(
      404,
    );

    const borrar = await app.inject({
      method: 'POST',
      url: `/api/cliente/crearte/${nombre}`,
      headers: { tenantId: '1', authorization: `Bearer ${admin}` },
    });
    expect(borrar.json()).toEqual({ message: 'Imagen eliminada.' });
    expect(existsSync(join(carpeta, 'tenant_1', nombre))).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/archivos/tenant_1/${nombre}` })).statusCode).toBe(
      404,
    );
  });

  it('rechaza lo que no es imagen, lo demasiado grande, sin sesión y fuera de su carpeta', async () => {
    const texto = await subir(Buffer.from('<svg onload="alert(1)"></svg>'), { tipo: 'image/svg+xml' });
    expect(texto.statusCode).toBe(400);
    expect(texto.json().message).toBe('Solo se admiten imágenes PNG, JPG, GIF o WEBP.');
    const grande = await subir(Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
    expect(grande.statusCode).toBe(413);
    expect(grande.json().message).toBe('La imagen no puede pasar de 5 MB.');
    const otroCampo = await subir(PNG, { campo: 'archivo' });
    expect(otroCampo.statusCode).toBe(400);
    expect(otroCampo.json().errores).toContainEqual({
      campo: 'avatar',
      mensaje: 'Debes adjuntar la imagen en el campo avatar',
    });
    const sinSesion = await app.inject({
      method: 'POST',
      url: '/api/cliente/upload',
      headers: { tenantId: '1', 'content-type': formulario('avatar', 'a.png', 'image/png', PNG).tipo },
      payload: formulario('avatar', 'a.png', 'image/png', PNG).cuerpo,
    });
    expect(sinSesion.statusCode).toBe(401);

    for (const url of [
      '/api/archivos/tenant_1/..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/archivos/tenant_1/%2E%2E%2Fsecreto.png',
      '/api/archivos/tenant_0/x.png',
    ]) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('El nombre del archivo no es válido.');
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/archivos/tenant_1/../../etc/passwd' })).statusCode,
    ).toBe(404);
    const borrarFuera = await app.inject({
      method: 'POST',
      url: '/api/cliente/crearte/..%2Fx.png',
      headers: { tenantId: '1', authorization: `Bearer ${admin}` },
    });
    expect(borrarFuera.statusCode).toBe(400);
    // Other API routes stay JSON-only.
    const multipartEnOtra = await app.inject({
      method: 'POST',
      url: '/api/cliente/crear',
      headers: {
        tenantId: '1',
        authorization: `Bearer ${admin}`,
        'content-type': formulario('avatar', 'a.png', 'image/png', PNG).tipo,
      },
      payload: formulario('avatar', 'a.png', 'image/png', PNG).cuerpo,
    });
    expect(multipartEnOtra.statusCode).toBe(400);
  });
});
