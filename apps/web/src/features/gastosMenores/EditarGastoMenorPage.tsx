import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { GastoMenorFormulario } from './GastoMenorFormulario.tsx';
import { gastoMenorQueries } from './queries.ts';

/** /gasto_menor/editar_gasto_menor/:id: an Activo minor expense, its lines rewritten (spec 001 §7 PATCH). */
export default function EditarGastoMenorPage() {
  const id = useParams().id ?? '';
  const consulta = useQuery({ ...gastoMenorQueries.uno(id), enabled: id !== '' });
  const gasto = consulta.data;
  return (
    <DisenoListaModulo titulo={gasto ? `Editar gasto menor ${gasto.comprobante}` : 'Editar gasto menor'}>
      {!gasto ? (
        <CargandoOError cargando={consulta.isPending} error={consulta.error} />
      ) : gasto.estado !== 'Activo' ? (
        <Alert color="yellow">
          El gasto menor {gasto.comprobante} no está activo; solo se modifica un gasto menor activo.
        </Alert>
      ) : (
        <GastoMenorFormulario key={gasto._id} guardado={gasto} />
      )}
    </DisenoListaModulo>
  );
}
