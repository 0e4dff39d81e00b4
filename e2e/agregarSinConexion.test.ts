import type { ListaDePrecio, ProductoOffline } from '@pos/contract';
import { digitoVerificadorEan13, normalizarBusqueda } from '@pos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agregarSinConexion } from '../apps/web/src/features/offline/agregarSinConexion.ts';
import { crearCatalogo } from '../apps/web/src/features/offline/productosLocales.ts';
import type { AgregadoPos } from '../apps/web/src/features/pos/borrador.ts';
import { Api } from './api.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

// Spec 000 §7: a line added offline must be the line the server would have answered. Every demo product is
// added both ways (by code, as a package, on a price list, to a partner customer, by scale label) and
// the answers compared; refusals must carry the same Spanish message.

type Agregado = AgregadoPos;

describe('agregar un producto sin conexión da la misma línea que el servidor', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let admin: Api;
  const llamar = (metodo: string, ruta: string, cuerpo?: unknown) => admin.responder(metodo, ruta, cuerpo);

  beforeAll(async () => {
    servidor = await arrancarServidor();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
  });
  afterAll(async () => {
    await servidor?.cerrar();
  });

  /** The parts of the answer the sale uses. */
  function comparable(a: Agregado) {
    return {
      _id: a._id,
      cantidad: a.cantidad,
      paquete: a.paquete,
      disponibilidad: a.disponibilidad,
      notificacionExistencia: a.notificacionExistencia,
      aviso: a.aviso,
      paqueteIncluido: a.paqueteIncluido,
      nombrePaquete: a.nombrePaquete,
      cantidadPorPaquete: a.cantidadPorPaquete,
      linea: a.linea,
      opciones: a.opciones,
    };
  }

  it('por código, paquete, lista de precio, socio y balanza, y los mismos rechazos', async () => {
    const { cuerpo: descarga } = await llamar('POST', '/registro-productos/todos-for-offline');
    const productos = (descarga.res as ProductoOffline[]).map((p) => ({
      ...p,
      busqueda: normalizarBusqueda(p.nombre),
    }));
    const catalogo = crearCatalogo(productos);
    const principal = (await llamar('GET', '/almacen/principal')).cuerpo._id as string;
    const listas = (await llamar('GET', '/listas-precio/')).cuerpo.res as (ListaDePrecio & {
      nombre: string;
    })[];
    const porMayor = listas.find((l) => l.nombre === 'Por mayor');
    expect(porMayor).toBeDefined();
    const socio = await llamar('POST', '/cliente/crear', {
      nombre: 'Socio de prueba',
      socio: true,
      descuentoParaSocios: 10,
      identificadorUnico: crypto.randomUUID(),
    });
    expect(socio.status).toBe(200);
    const idSocio = (socio.cuerpo.clientedb as { _id: string })._id;
    const { cuerpo: general } = await llamar('GET', '/general/1001');
    const { _id, smtp: _smtp, ...resto } = general;
    expect((await llamar('PUT', '/general/1001', { ...resto, usoCodigoDeBalanza: true })).status).toBe(200);

    let comparados = 0;
    let rechazos = 0;
    for (const producto of productos.filter((p) => p.idCodigoDeBarra.length >= 3)) {
      const casos = [
        { codigo: producto.idCodigoDeBarra, paquete: false, lista: undefined, socio: false },
        { codigo: producto.idCodigoDeBarra, paquete: true, lista: undefined, socio: false },
        { codigo: `3-${producto.idCodigoDeBarra}`, paquete: false, lista: porMayor, socio: false },
        { codigo: producto.idCodigoDeBarra, paquete: false, lista: undefined, socio: true },
      ];
      for (const caso of casos) {
        for (const bloqueo of [false, true]) {
          const enLinea = await llamar('POST', '/registro-productos/agregarproducto', {
            idCodigoDeBarra: caso.codigo,
            Almacen: principal,
            agregarComoPaquete: caso.paquete,
            idListaDePrecio: caso.lista?._id ?? null,
            idCliente: caso.socio ? idSocio : null,
            bloqueoPorNoExistenciaDelInventario: bloqueo,
          });
          let local: Agregado | Error;
          try {
            local = agregarSinConexion(catalogo, {
              codigo: caso.codigo,
              idAlmacen: principal,
              agregarComoPaquete: caso.paquete,
              lista: caso.lista,
              socio: caso.socio,
              bloqueoPorNoExistenciaDelInventario: bloqueo,
              usoCodigoDeBalanza: true,
            });
          } catch (error) {
            local = error as Error;
          }
          const quien = `${producto.nombre} ${JSON.stringify({ ...caso, lista: caso.lista?.nombre, bloqueo })}`;
          if (enLinea.status === 200) {
            expect(local, quien).not.toBeInstanceOf(Error);
            expect(comparable(local as Agregado), quien).toEqual(comparable(enLinea.cuerpo as Agregado));
            comparados++;
          } else {
            expect(local, quien).toBeInstanceOf(Error);
            expect((local as Error).message, quien).toBe(enLinea.cuerpo.message);
            rechazos++;
          }
        }
      }
    }
    // A scale label: the weight is the quantity of a custom line.
    const queso = productos.find((p) => p.nombre === 'Queso de freír Rica (lb)');
    expect(queso).toBeDefined();
    const doce = '200010100375';
    const etiqueta = `${doce}${digitoVerificadorEan13(doce)}`;
    const balanza = await llamar('POST', '/registro-productos/agregarproducto', {
      idCodigoDeBarra: etiqueta,
      Almacen: principal,
    });
    expect(balanza.status).toBe(200);
    const local = agregarSinConexion(catalogo, {
      codigo: etiqueta,
      idAlmacen: principal,
      socio: false,
      bloqueoPorNoExistenciaDelInventario: false,
      usoCodigoDeBalanza: true,
    });
    expect(comparable(local)).toEqual(comparable(balanza.cuerpo as Agregado));
    expect(local.linea.itemPersonalizado).toBe(true);
    // Some of each: the demo data has products with and without packages, stock and lists.
    expect(comparados).toBeGreaterThan(100);
    expect(rechazos).toBeGreaterThan(10);
  }, 120_000);
});
