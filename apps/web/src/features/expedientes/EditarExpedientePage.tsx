import { Alert, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { ExpedienteFormulario } from './ExpedienteFormulario.tsx';
import { expedienteQueries } from './queries.ts';

/** /expediente/editar_expediente/:id: an Activo case file, changed in place (PUT /expediente/{id}). */
export default function EditarExpedientePage() {
  const id = useParams().id ?? '';
  const consulta = useQuery({ ...expedienteQueries.uno(id), enabled: id !== '' });
  const detalle = consulta.data;
  const c = detalle?.expedienteCabecera;
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Title order={2}>{c ? `Editar expediente ${c.comprobante}` : 'Editar expediente'}</Title>
      {!detalle || !c ? (
        <CargandoOError cargando={consulta.isPending} error={consulta.error} />
      ) : c.estado !== 'Activo' ? (
        <Alert color="yellow">
          El expediente {c.comprobante} no está activo; solo se modifica un expediente activo.
        </Alert>
      ) : (
        <ExpedienteFormulario key={c._id} guardado={detalle} />
      )}
    </Stack>
  );
}
