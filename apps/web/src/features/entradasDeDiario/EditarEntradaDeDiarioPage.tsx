import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { FormularioEntradaDeDiario } from './FormularioEntradaDeDiario.tsx';
import { entradaDeDiarioQueries } from './queries.ts';

/**
 * /contabilidad/entrada-de-diario/editar/:id: an Activo entry; saving reverses its posting and posts it
 * again under the same number (spec 002 §7 PATCH). A cancelled entry is reversed, never edited.
 */
export default function EditarEntradaDeDiarioPage() {
  const id = useParams().id ?? '';
  const consulta = useQuery({ ...entradaDeDiarioQueries.una(id), enabled: id !== '' });
  const entrada = consulta.data;
  return (
    <DisenoListaModulo
      titulo={entrada ? `Editar entrada de diario ${entrada.comprobante}` : 'Editar entrada de diario'}
    >
      {!entrada ? (
        <CargandoOError cargando={consulta.isPending} error={consulta.error} />
      ) : entrada.estado !== 'Activo' ? (
        <Alert color="yellow">
          La entrada de diario {entrada.comprobante} no está activa; solo se modifica una entrada activa.
        </Alert>
      ) : (
        <FormularioEntradaDeDiario key={entrada._id} guardada={entrada} />
      )}
    </DisenoListaModulo>
  );
}
