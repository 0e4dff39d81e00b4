import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { facturaQueries } from '../facturas/queries.ts';
import { VISTA_FACTURA } from '../facturas/rutas.ts';

/**
 * The number of the invoice a post-invoice conduce delivers, read from the invoice (the conduce keeps
 * only its id); a link to the invoice's view when `enlace`.
 */
export function NumeroDeFactura({ idFactura, enlace = false }: { idFactura: string; enlace?: boolean }) {
  const consulta = useQuery({ ...facturaQueries.una(idFactura), staleTime: 5 * 60_000 });
  const numero = consulta.data?.FacturaDb.comprobante ?? (consulta.isError ? 'Factura' : '…');
  if (!enlace) {
    return (
      <Text size="sm" ff="monospace">
        {numero}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={`${VISTA_FACTURA}?id=${idFactura}`}
      size="sm"
      ff="monospace"
      onClick={(e) => e.stopPropagation()}
    >
      {numero}
    </Anchor>
  );
}
