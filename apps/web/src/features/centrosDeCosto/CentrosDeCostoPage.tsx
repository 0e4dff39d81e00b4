import { ActionIcon, Box, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { type CentroDeCosto, tienePermiso } from '@pos/contract';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { BotonEscritura, useModoLectura } from '../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { centrosDeCostoQueries, POR_PAGINA, useEliminarCentroDeCosto } from './queries.ts';
import { NUEVO_CENTRO_DE_COSTO, rutaDeEdicionDeCentro } from './rutas.ts';

/** /contabilidad/centro-de-costo/lista_centro_de_costo: search, 25 per page (spec 002 §9), edit and delete. */
export default function CentrosDeCostoPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const [busqueda, setBusqueda] = useState('');
  const [buscada] = useDebouncedValue(busqueda.trim(), 300);
  const [pagina, setPagina] = useState(1);
  const consulta = useQuery(centrosDeCostoQueries.pagina(pagina, buscada));
  const eliminar = useEliminarCentroDeCosto();
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'centroDeCosto', 'crear');
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, 'centroDeCosto', 'modificar');

  const filas = consulta.data?.res;
  const total = consulta.data?.totalRows ?? 0;
  // After deleting the last row of a page, show the page before it.
  useEffect(() => {
    if (filas?.length === 0 && pagina > 1) {
      setPagina(Math.max(1, Math.ceil(total / POR_PAGINA)));
    }
  }, [filas, pagina, total]);

  const editar = (fila: CentroDeCosto) => navegar(rutaDeEdicionDeCentro(fila._id));

  function confirmarEliminar(fila: CentroDeCosto) {
    modals.openConfirmModal({
      title: `Eliminar «${fila.nombre}»`,
      centered: true,
      children: (
        <Text size="sm">
          Se borra para siempre. Un centro de costo usado en asientos contables no se puede eliminar.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          avisarGuardado((await eliminar.mutateAsync(fila._id)).message);
        } catch (error) {
          // Spec 002 §8: delete failures of cost centres show the server's message.
          mostrarErrorDeGuardado(error, undefined, 'No se eliminó');
        }
      },
    });
  }

  const columnas: Columna<CentroDeCosto>[] = [
    {
      titulo: 'Nombre',
      celda: (fila) => (
        <Text size="sm" fw={500}>
          {fila.nombre}
        </Text>
      ),
    },
    {
      titulo: 'Descripción',
      celda: (fila) => (
        <Text size="sm" c={fila.descripcion ? undefined : 'dimmed'} truncate maw={520}>
          {fila.descripcion || '—'}
        </Text>
      ),
    },
    {
      titulo: 'Acciones',
      alinear: 'right',
      ancho: 100,
      celda: (fila) => (
        // The row opens the centre; clicks on its actions (and their dialogs) stay here.
        <Box onClick={(e) => e.stopPropagation()}>
          <Group gap={2} justify="flex-end" wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Editar «${fila.nombre}»`}
                onClick={() => editar(fila)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            {puedeModificar && (
              <Tooltip label="Eliminar">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Eliminar «${fila.nombre}»`}
                  onClick={() => (soloLectura ? avisar() : confirmarEliminar(fila))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Box>
      ),
    },
  ];

  return (
    <DisenoListaModulo
      titulo="Centros de costo"
      acciones={
        puedeCrear && (
          <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_CENTRO_DE_COSTO)}>
            Nuevo centro de costo
          </BotonEscritura>
        )
      }
    >
      <Group mb="sm">
        <TextInput
          placeholder="Buscar por nombre"
          leftSection={<IconSearch size={16} />}
          value={busqueda}
          onChange={(e) => {
            setBusqueda(e.currentTarget.value);
            setPagina(1);
          }}
          w={{ base: '100%', sm: 320 }}
          aria-label="Buscar en centros de costo"
        />
      </Group>
      <TablaLista
        columnas={columnas}
        filas={filas}
        clave={(fila) => fila._id}
        cargando={consulta.isPending}
        error={consulta.error}
        vacio={buscada ? 'Nada coincide con la búsqueda.' : 'Todavía no hay centros de costo.'}
        total={total}
        pagina={pagina}
        porPagina={POR_PAGINA}
        alCambiarPagina={setPagina}
        alElegir={editar}
      />
    </DisenoListaModulo>
  );
}
