import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { MENSAJE_NOTA_DE_DESACTIVACION, tienePermiso } from '@pos/contract';
import { IconBan, IconPencil, IconPlus, IconRestore, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { BotonEscritura, useModoLectura } from '../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { type DefinicionDeMaestro, type EstadoDeFila, mensajeDe, tieneEstado } from './definicion.ts';
import { maestroQueries, porPaginaDe, useCambiarEstado, useEliminarMaestro } from './queries.ts';
import { rutaDeEdicion } from './rutas.ts';

/** The deactivation dialog's content: the note is required (spec 002 §4). */
function NotaDeDesactivacion({
  alConfirmar,
  alCerrar,
}: {
  alConfirmar: (nota: string) => Promise<boolean>;
  alCerrar: () => void;
}) {
  const [nota, setNota] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  async function confirmar() {
    if (nota.trim() === '') {
      setError(MENSAJE_NOTA_DE_DESACTIVACION);
      return;
    }
    setEnviando(true);
    const listo = await alConfirmar(nota.trim());
    setEnviando(false);
    if (listo) {
      alCerrar();
    }
  }
  return (
    <Stack gap="sm">
      <Text size="sm">Deja de ofrecerse en los selectores hasta que se reactive.</Text>
      <Textarea
        label="Motivo de la desactivación"
        withAsterisk
        rows={3}
        maxLength={500}
        value={nota}
        error={error}
        data-autofocus
        onChange={(e) => {
          setNota(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={alCerrar}>
          Cancelar
        </Button>
        <Button color="orange" loading={enviando} onClick={() => void confirmar()}>
          Desactivar
        </Button>
      </Group>
    </Stack>
  );
}

function EstadoBadge({ fila }: { fila: EstadoDeFila }) {
  const activo = fila.estado !== 'Desactivado';
  const badge = (
    <Badge color={activo ? 'green' : 'gray'} variant="light">
      {activo ? 'Activo' : 'Desactivado'}
    </Badge>
  );
  return !activo && fila.notaAnular ? (
    <Tooltip label={`Motivo: ${fila.notaAnular}`} multiline maw={280}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** The list screen of any master-data family: search, paging (10 or the family's), state, deactivation and deletion. */
export function ListaDeMaestro<F extends { _id: string }, V extends Record<string, unknown>>({
  definicion,
}: {
  definicion: DefinicionDeMaestro<F, V>;
}) {
  const { rutas } = definicion;
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const [busqueda, setBusqueda] = useState('');
  const [buscada] = useDebouncedValue(busqueda.trim(), 300);
  const [pagina, setPagina] = useState(1);
  const porPagina = porPaginaDe(definicion);
  const consulta = useQuery(maestroQueries(definicion).pagina(pagina, buscada));
  const cambiarEstado = useCambiarEstado(definicion);
  const eliminar = useEliminarMaestro(definicion);
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, rutas.modulo, 'crear');
  const puedeModificar = !perfil || tienePermiso(perfil.privilegios, rutas.modulo, 'modificar');

  const filas = consulta.data?.res;
  const total = consulta.data?.totalRows ?? 0;
  // After deleting the last row of a page, show the page before it.
  useEffect(() => {
    if (filas?.length === 0 && pagina > 1) {
      setPagina(Math.max(1, Math.ceil(total / porPagina)));
    }
  }, [filas, pagina, total, porPagina]);

  const editar = (fila: F) => navegar(rutaDeEdicion(rutas, fila._id));

  function desactivar(fila: F) {
    const id = modals.open({
      title: `Desactivar «${definicion.nombre(fila)}»`,
      centered: true,
      children: (
        <NotaDeDesactivacion
          alCerrar={() => modals.close(id)}
          alConfirmar={async (nota) => {
            try {
              await cambiarEstado.mutateAsync({ id: fila._id, nota });
              avisarGuardado(mensajeDe(definicion, 'desactivad'));
              return true;
            } catch (error) {
              mostrarErrorDeGuardado(error, undefined, 'No se desactivó');
              return false;
            }
          }}
        />
      ),
    });
  }

  function reactivar(fila: F) {
    modals.openConfirmModal({
      title: `Reactivar «${definicion.nombre(fila)}»`,
      centered: true,
      children: <Text size="sm">Vuelve a ofrecerse en los selectores de los documentos.</Text>,
      labels: { confirm: 'Reactivar', cancel: 'Cancelar' },
      onConfirm: async () => {
        try {
          await cambiarEstado.mutateAsync({ id: fila._id, nota: null });
          avisarGuardado(mensajeDe(definicion, 'reactivad'));
        } catch (error) {
          mostrarErrorDeGuardado(error, undefined, 'No se reactivó');
        }
      },
    });
  }

  function confirmarEliminar(fila: F) {
    modals.openConfirmModal({
      title: `Eliminar «${definicion.nombre(fila)}»`,
      centered: true,
      children: (
        <Text size="sm">
          {definicion.desactivable
            ? 'Se borra para siempre. Si solo quieres dejar de usarlo, desactívalo.'
            : 'Se borra para siempre.'}
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const respuesta = await eliminar.mutateAsync(fila._id);
          avisarGuardado(respuesta.message);
        } catch (error) {
          // Spec 002 §8: a blocked delete shows the server's message (linked products, orders, invoices).
          mostrarErrorDeGuardado(error, undefined, 'No se eliminó');
        }
      },
    });
  }

  const escribir = (accion: () => void) => () => (soloLectura ? avisar() : accion());

  const columnas: Columna<F>[] = [...definicion.columnas];
  if (definicion.desactivable) {
    columnas.push({
      titulo: 'Estado',
      celda: (fila) => (tieneEstado(fila) ? <EstadoBadge fila={fila} /> : null),
    });
  }
  columnas.push({
    titulo: 'Acciones',
    alinear: 'right',
    ancho: 120,
    celda: (fila) => {
      const nombre = definicion.nombre(fila);
      const desactivado = tieneEstado(fila) && fila.estado === 'Desactivado';
      return (
        // The row opens the item; clicks on its actions (and their dialogs) stay here.
        <Box onClick={(e) => e.stopPropagation()}>
          <Group gap={2} justify="flex-end" wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Editar «${nombre}»`}
                onClick={() => editar(fila)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            {puedeModificar && definicion.desactivable && (
              <Tooltip label={desactivado ? 'Reactivar' : 'Desactivar'}>
                <ActionIcon
                  variant="subtle"
                  color={desactivado ? 'green' : 'orange'}
                  aria-label={`${desactivado ? 'Reactivar' : 'Desactivar'} «${nombre}»`}
                  onClick={escribir(() => (desactivado ? reactivar(fila) : desactivar(fila)))}
                >
                  {desactivado ? <IconRestore size={16} /> : <IconBan size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
            {puedeModificar && (
              <Tooltip label="Eliminar">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Eliminar «${nombre}»`}
                  onClick={escribir(() => confirmarEliminar(fila))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Box>
      );
    },
  });

  return (
    <DisenoListaModulo
      titulo={rutas.titulo}
      acciones={
        puedeCrear && (
          <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(rutas.nuevo)}>
            {rutas.tituloNuevo}
          </BotonEscritura>
        )
      }
    >
      <Group mb="sm">
        <TextInput
          placeholder={definicion.buscarPor ?? 'Buscar por nombre'}
          leftSection={<IconSearch size={16} />}
          value={busqueda}
          onChange={(e) => {
            setBusqueda(e.currentTarget.value);
            setPagina(1);
          }}
          w={{ base: '100%', sm: 320 }}
          aria-label={`Buscar en ${rutas.titulo.toLowerCase()}`}
        />
      </Group>
      <TablaLista
        columnas={columnas}
        filas={filas}
        clave={(fila) => fila._id}
        cargando={consulta.isPending}
        error={consulta.error}
        vacio={buscada ? 'Nada coincide con la búsqueda.' : `Todavía no hay ${rutas.titulo.toLowerCase()}.`}
        total={total}
        pagina={pagina}
        porPagina={porPagina}
        alCambiarPagina={setPagina}
        alElegir={editar}
        sinSalto
      />
    </DisenoListaModulo>
  );
}
