import { contactos, facturas, ingresos, pedidosApi } from '@pos/contract';
import { api } from '../../api/client.ts';
import type { EnviarLote, RespuestaDeLote } from './cola.ts';

// The sync calls of spec 000 §7 for each kind of pending document.
export const enviarLote: EnviarLote = async (tipo, cuerpos): Promise<RespuestaDeLote> => {
  switch (tipo) {
    case 'pedidos': {
      const respuesta = await api(pedidosApi.sincronizar, { body: cuerpos });
      return {
        creados: respuesta.pedidosCreados.map((p) => p.identificadorUnico),
        rechazados: respuesta.rechazados,
      };
    }
    case 'facturas': {
      const respuesta = await api(facturas.sincronizar, { body: cuerpos as unknown[][] });
      return {
        creados: respuesta.facturasCreadas.map((f) => f.identificadorUnico),
        rechazados: respuesta.rechazados,
      };
    }
    case 'contactos': {
      const respuesta = await api(contactos.sincronizar, {
        body: cuerpos as { identificadorUnico: string }[],
      });
      return {
        creados: respuesta.contactoCreados.map((c) => c.identificadorUnico),
        rechazados: respuesta.rechazados,
      };
    }
    case 'ingresos': {
      const respuesta = await api(ingresos.sincronizar, { body: cuerpos });
      return {
        creados: respuesta.ingresosCreados.map((i) => i.identificadorUnico),
        rechazados: respuesta.rechazados,
      };
    }
  }
};
