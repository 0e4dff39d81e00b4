import { Text } from '@mantine/core';
import { LIMITE_NOTAS_DE_DEBITO, type NotaDeDebito, notasDeDebitoApi, tienePermiso } from '@pos/contract';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { DestinoDeLaNotaDeDebito } from './DestinoDeLaNotaDeDebito.tsx';
import { notaDeDebitoQueries } from './queries.ts';
import { NUEVA_NOTA_DE_DEBITO, VISTA_NOTA_DE_DEBITO } from './rutas.ts';

/**
 * /notas_de_debito/lista_nota_debito: debit notes with search, period and the audit view, 14 a page
 * (spec 001 §2, §9), each with the purchase it modifies and where its total went.
 */
export default function NotasDeDebitoPage() {
  const { perfil } = usePerfil();
  return (
    <ListaDeDocumentos<NotaDeDebito>
      declaracion={{
        titulo: 'Notas de débito',
        nombre: 'nota de débito',
        plural: 'notas de débito',
        genero: 'femenino',
        clave: notaDeDebitoQueries.all(),
        listar: (filtro, signal) => api(notasDeDebitoApi.todas, { body: filtro, signal }),
        rutaNueva: NUEVA_NOTA_DE_DEBITO,
        rutaVista: VISTA_NOTA_DE_DEBITO,
        puedeCrear: !perfil || tienePermiso(perfil.privilegios, 'notasDeDebito', 'crear'),
        porPagina: LIMITE_NOTAS_DE_DEBITO,
        sinVencimiento: true,
        lado: 'compra',
        columnasPropias: {
          antesDelTotal: [
            {
              titulo: 'Compra',
              celda: (n) => (
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {n.ncfModificado || '—'}
                </Text>
              ),
            },
          ],
          despuesDelTotal: [{ titulo: 'Destino', celda: (n) => <DestinoDeLaNotaDeDebito nota={n} /> }],
        },
      }}
    />
  );
}
