import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { productoQueries } from './queries.ts';

export type EstadoDelCodigo =
  | { estado: 'corto' }
  | { estado: 'verificando' }
  | { estado: 'libre' }
  | { estado: 'ocupado'; nombre: string; mensaje: string }
  | { estado: 'desconocido' };

/** Spec 002 §5: the message that names the article holding the code (the server's wording). */
export function mensajeDeCodigoOcupado(codigo: string, nombre: string): string {
  return `El código de barra ${codigo} ya pertenece al artículo «${nombre}».`;
}

/**
 * Live check of a barcode while it is typed (GET registro-productos/barra/{code}): codes of 3 or more
 * characters must not belong to another active product; shorter ones are stored as 0 (spec 002 §5).
 */
export function useCodigoDeBarras(codigo: string, idProducto: string | null): EstadoDelCodigo {
  const limpio = codigo.trim();
  const [esperado] = useDebouncedValue(limpio, 350);
  const consulta = useQuery({
    ...productoQueries.codigo(esperado, idProducto),
    enabled: esperado.length >= 3,
  });
  if (limpio.length < 3) {
    return { estado: 'corto' };
  }
  if (esperado !== limpio || consulta.isPending) {
    return { estado: 'verificando' };
  }
  if (consulta.error || !consulta.data) {
    return { estado: 'desconocido' };
  }
  return consulta.data.activo
    ? {
        estado: 'ocupado',
        nombre: consulta.data.nombre,
        mensaje: mensajeDeCodigoOcupado(limpio, consulta.data.nombre),
      }
    : { estado: 'libre' };
}
