import { Badge } from '@mantine/core';
import type { CabeceraDeVenta } from '@pos/contract';

/** How a document family is named in texts: «la cotización», «el conduce». */
export type Genero = 'femenino' | 'masculino';

/** The badge's text and colour of a document's lifecycle (spec 000 §4, 001 §4). */
export function estadoDelDocumento(
  documento: Pick<CabeceraDeVenta, 'estado' | 'autorizacion'>,
  genero: Genero,
): { texto: string; color: string } {
  const a = genero === 'femenino' ? 'a' : 'o';
  switch (documento.estado) {
    case 'Anulado':
      return { texto: `Anulad${a}`, color: 'red' };
    case 'Por-Anular':
      return { texto: 'Por anular', color: 'yellow' };
    default:
      return { texto: `Activ${a}`, color: 'teal' };
  }
}

/** A document's state as a badge: Activa/Activo, Por anular, Anulada/Anulado. */
export function EstadoDelDocumento({
  documento,
  genero,
}: {
  documento: Pick<CabeceraDeVenta, 'estado' | 'autorizacion'>;
  genero: Genero;
}) {
  const { texto, color } = estadoDelDocumento(documento, genero);
  return (
    <Badge color={color} variant="light" size="sm">
      {texto}
    </Badge>
  );
}
