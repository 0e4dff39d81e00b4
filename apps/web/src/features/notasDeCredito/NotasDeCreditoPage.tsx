import { Text } from '@mantine/core';
import { LIMITE_NOTAS_DE_CREDITO, type NotaDeCredito, notasDeCreditoApi, tienePermiso } from '@pos/contract';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { DestinoDeLaNota } from './etiquetas.tsx';
import { notaDeCreditoQueries } from './queries.ts';
import { NUEVA_NOTA_DE_CREDITO, VISTA_NOTA_DE_CREDITO } from './rutas.ts';

/**
 * /notas_de_credito/lista_nota_credito: credit notes with search, period and the audit view, 14 a page
 * (spec 001 §2, §9), each with the invoice it modifies and where its total went.
 */
export default function NotasDeCreditoPage() {
  const { perfil } = usePerfil();
  return (
    <ListaDeDocumentos<NotaDeCredito>
      declaracion={{
        titulo: 'Notas de crédito',
        nombre: 'nota de crédito',
        plural: 'notas de crédito',
        genero: 'femenino',
        clave: notaDeCreditoQueries.all(),
        listar: (filtro, signal) => api(notasDeCreditoApi.todas, { body: filtro, signal }),
        rutaNueva: NUEVA_NOTA_DE_CREDITO,
        rutaVista: VISTA_NOTA_DE_CREDITO,
        puedeCrear: !perfil || tienePermiso(perfil.privilegios, 'notasDeCredito', 'crear'),
        porPagina: LIMITE_NOTAS_DE_CREDITO,
        sinVencimiento: true,
        columnasPropias: {
          antesDelTotal: [
            {
              titulo: 'Factura',
              celda: (n) => (
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {n.ncfModificado || '—'}
                </Text>
              ),
            },
          ],
          despuesDelTotal: [{ titulo: 'Destino', celda: (n) => <DestinoDeLaNota nota={n} /> }],
        },
      }}
    />
  );
}
