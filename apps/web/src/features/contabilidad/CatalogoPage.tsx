import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { CrearCuentaContable, type NodoCuenta } from '@pos/contract';
import {
  IconChevronDown,
  IconChevronRight,
  IconDeviceFloppy,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { Cargando } from '../../ui/Cargando.tsx';
import { revisarDuplicado } from '../../ui/duplicidad.tsx';
import { avisarGuardado, mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { largoMaximo } from '../../ui/esquemas.ts';
import { nuevoIdentificador } from '../../ui/formularios.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { cambiarNodo, filtrarArbol, idsConHijas } from './arbol.ts';
import { NATURALEZAS, TIPOS_DE_CUENTA } from './etiquetas.ts';
import { contabilidadQueries, useCrearCuenta, useGuardarCatalogo } from './queries.ts';

type Acciones = {
  abiertos: Set<string>;
  alternar: (id: string) => void;
  editando: string | null;
  setEditando: (id: string | null) => void;
  renombrar: (id: string, nombre: string) => void;
  agregar: (padre: NodoCuenta) => void;
  quitar: (nodo: NodoCuenta) => void;
  buscando: boolean;
};

function Fila({ nodo, nivel, a }: { nodo: NodoCuenta; nivel: number; a: Acciones }) {
  const tieneHijas = nodo.children.length > 0;
  const abierto = a.buscando || a.abiertos.has(nodo.id);
  const [nombre, setNombre] = useState(nodo.nombre);
  const tipo = TIPOS_DE_CUENTA[nodo.tipo];
  const editar = a.editando === nodo.id;
  useEffect(() => {
    if (editar) {
      setNombre(nodo.nombre);
    }
  }, [editar, nodo.nombre]);
  function terminar(guardar: boolean) {
    if (guardar && nombre.trim() !== '' && nombre.trim() !== nodo.nombre) {
      a.renombrar(nodo.id, nombre.trim());
    } else {
      setNombre(nodo.nombre);
    }
    a.setEditando(null);
  }
  return (
    <>
      <Group
        role="treeitem"
        aria-expanded={tieneHijas ? abierto : undefined}
        aria-level={nivel + 1}
        aria-label={`${nodo.codigoDeCuenta} ${nodo.nombre}`}
        gap={6}
        wrap="nowrap"
        py={4}
        px="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Text size="sm" ff="monospace" c="dimmed" w={{ base: 64, sm: 88 }} style={{ flexShrink: 0 }}>
          {nodo.codigoDeCuenta}
        </Text>
        <Box w={22} ml={nivel * 18} style={{ flexShrink: 0 }}>
          {tieneHijas && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={abierto ? `Contraer ${nodo.nombre}` : `Expandir ${nodo.nombre}`}
              onClick={() => a.alternar(nodo.id)}
            >
              {abierto ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          )}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {editar ? (
            <CampoDeTexto
              size="xs"
              value={nombre}
              max={largoMaximo(CrearCuentaContable, 'nombre')}
              aria-label={`Nombre de la cuenta ${nodo.codigoDeCuenta}`}
              onChange={(e) => setNombre(e.currentTarget.value)}
              onBlur={() => terminar(true)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  terminar(true);
                } else if (e.key === 'Escape') {
                  terminar(false);
                }
              }}
              autoFocus
            />
          ) : (
            <UnstyledButton onClick={() => tieneHijas && a.alternar(nodo.id)} style={{ maxWidth: '100%' }}>
              <Text size="sm" fw={tieneHijas ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                {nodo.nombre}
              </Text>
            </UnstyledButton>
          )}
        </Box>
        <Badge visibleFrom="sm" color={tipo.color} variant="light" size="sm" w={84}>
          {tipo.nombre}
        </Badge>
        <Text visibleFrom="sm" size="xs" c="dimmed" w={80}>
          {NATURALEZAS[nodo.naturaleza]}
        </Text>
        <Text visibleFrom="md" size="xs" c="dimmed" w={64}>
          {tieneHijas ? 'Grupo' : 'Detalle'}
        </Text>
        <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Tooltip label="Renombrar" withArrow>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Renombrar ${nodo.nombre}`}
              onClick={() => a.setEditando(nodo.id)}
            >
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Agregar subcuenta" withArrow>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Agregar subcuenta a ${nodo.nombre}`}
              onClick={() => a.agregar(nodo)}
            >
              <IconPlus size={14} />
            </ActionIcon>
          </Tooltip>
          {tieneHijas || nivel === 0 ? (
            <Box w={22} />
          ) : (
            <Tooltip label="Quitar" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Quitar ${nodo.nombre}`}
                onClick={() => a.quitar(nodo)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {tieneHijas &&
        abierto &&
        nodo.children.map((hija) => <Fila key={hija.id} nodo={hija} nivel={nivel + 1} a={a} />)}
    </>
  );
}

/** /contabilidad/catalogo_de_cuentas: the chart of accounts as an expandable, editable tree. */
export default function CatalogoPage() {
  const queryClient = useQueryClient();
  const consulta = useQuery(contabilidadQueries.catalogo());
  const guardar = useGuardarCatalogo();
  const crearCuenta = useCrearCuenta();
  const [arbol, setArbol] = useState<NodoCuenta[] | null>(null);
  const [cambios, setCambios] = useState(0);
  const [abiertos, setAbiertos] = useState<Set<string>>(new Set());
  const [editando, setEditando] = useState<string | null>(null);
  const [busqueda, setBusqueda] = useState('');
  const [padre, setPadre] = useState<NodoCuenta | null>(null);
  const [modal, { open: abrirModal, close: cerrarModal }] = useDisclosure(false);
  const [nueva, setNueva] = useState({ nombre: '', codigo: '', identificadorUnico: nuevoIdentificador() });
  const [errorNueva, setErrorNueva] = useState<string | null>(null);

  const datos = consulta.data;
  useEffect(() => {
    if (datos && arbol === null) {
      setArbol(datos.treeData);
      // The five or six top groups open at first.
      setAbiertos(new Set(datos.treeData.map((n) => n.id)));
    }
  }, [datos, arbol]);

  if (consulta.isPending || (datos && arbol === null)) {
    return <Cargando />;
  }
  if (consulta.error || !datos || !arbol) {
    return (
      <Text c="red" role="alert">
        {consulta.error?.message ?? 'No se pudo cargar el catálogo.'}
      </Text>
    );
  }

  const cambiar = (fn: (a: NodoCuenta[]) => NodoCuenta[]) => {
    setArbol((actual) => fn(actual ?? []));
    setCambios((n) => n + 1);
  };

  const acciones: Acciones = {
    abiertos,
    alternar: (id) =>
      setAbiertos((actual) => {
        const siguiente = new Set(actual);
        if (!siguiente.delete(id)) {
          siguiente.add(id);
        }
        return siguiente;
      }),
    editando,
    setEditando,
    renombrar: (id, nombre) => cambiar((a) => cambiarNodo(a, id, (n) => ({ ...n, nombre }))),
    agregar: (nodo) => {
      setPadre(nodo);
      setNueva({ nombre: '', codigo: '', identificadorUnico: nuevoIdentificador() });
      setErrorNueva(null);
      abrirModal();
    },
    quitar: (nodo) =>
      modals.openConfirmModal({
        title: 'Quitar cuenta',
        centered: true,
        children: (
          <Text size="sm">
            ¿Quitar la cuenta {nodo.codigoDeCuenta} «{nodo.nombre}»? Se quita al guardar el catálogo; una
            cuenta en uso no se puede quitar.
          </Text>
        ),
        labels: { confirm: 'Quitar', cancel: 'Cancelar' },
        confirmProps: { color: 'red' },
        onConfirm: () => cambiar((a) => cambiarNodo(a, nodo.id, () => null)),
      }),
    buscando: busqueda.trim() !== '',
  };

  async function guardarArbol() {
    if (!datos || !arbol) {
      return;
    }
    try {
      const guardado = await guardar.mutateAsync({ id: datos._id, treeData: arbol });
      setArbol(guardado.treeData);
      setCambios(0);
      avisarGuardado('Catálogo de cuentas guardado.');
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se actualizó el catálogo');
    }
  }

  async function crear() {
    if (!padre) {
      return;
    }
    if (nueva.nombre.trim() === '') {
      setErrorNueva('Debes poner el nombre de la cuenta');
      return;
    }
    try {
      const r = await crearCuenta.mutateAsync({
        identificadorUnico: nueva.identificadorUnico,
        idPadre: padre.id,
        nombre: nueva.nombre.trim(),
        ...(nueva.codigo.trim() ? { codigoDeCuenta: nueva.codigo.trim() } : {}),
      });
      if (!revisarDuplicado(r)) {
        avisarGuardado(`Cuenta ${r.cuenta.codigoDeCuenta} «${r.cuenta.nombre}» creada.`);
        // Created on the server already: add it to the tree being edited without losing other changes.
        setArbol((a) =>
          cambiarNodo(a ?? [], padre.id, (n) => ({ ...n, children: [...n.children, r.cuenta] })),
        );
        setAbiertos((actual) => new Set(actual).add(padre.id));
        queryClient.setQueryData(contabilidadQueries.catalogo().queryKey, (previo) =>
          previo
            ? {
                ...previo,
                treeData: cambiarNodo(previo.treeData, padre.id, (n) => ({
                  ...n,
                  children: [...n.children, r.cuenta],
                })),
              }
            : previo,
        );
        void queryClient.invalidateQueries({ queryKey: contabilidadQueries.asignacion().queryKey });
      }
      cerrarModal();
    } catch (error) {
      setErrorNueva(error instanceof Error ? error.message : 'No se creó la cuenta.');
    }
  }

  const visibles = filtrarArbol(arbol, busqueda);
  return (
    <DisenoListaModulo
      titulo="Catálogo de cuentas"
      acciones={
        <>
          {cambios > 0 && (
            <Button
              variant="default"
              onClick={() => {
                setArbol(datos.treeData);
                setCambios(0);
              }}
            >
              Descartar cambios
            </Button>
          )}
          <BotonEscritura
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={cambios === 0}
            loading={guardar.isPending}
            onClick={() => void guardarArbol()}
          >
            Guardar catálogo
          </BotonEscritura>
        </>
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <TextInput
            placeholder="Buscar por código o nombre"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(e) => setBusqueda(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
            aria-label="Buscar cuenta"
          />
          <Group gap="xs">
            <Button variant="subtle" size="xs" onClick={() => setAbiertos(new Set(idsConHijas(arbol)))}>
              Expandir todo
            </Button>
            <Button variant="subtle" size="xs" onClick={() => setAbiertos(new Set())}>
              Contraer todo
            </Button>
          </Group>
        </Group>
        {cambios > 0 && (
          <Alert color="blue" variant="light" p="xs">
            <Text size="sm">Hay cambios sin guardar en el catálogo.</Text>
          </Alert>
        )}
        <Group
          gap={6}
          wrap="nowrap"
          px="xs"
          py={4}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          aria-hidden
        >
          <Text size="xs" fw={700} c="dimmed" w={{ base: 64, sm: 88 }}>
            Código
          </Text>
          <Box w={22} />
          <Text size="xs" fw={700} c="dimmed" style={{ flex: 1 }}>
            Cuenta
          </Text>
          <Text visibleFrom="sm" size="xs" fw={700} c="dimmed" w={84}>
            Tipo
          </Text>
          <Text visibleFrom="sm" size="xs" fw={700} c="dimmed" w={80}>
            Naturaleza
          </Text>
          <Text visibleFrom="md" size="xs" fw={700} c="dimmed" w={64}>
            Nivel
          </Text>
          <Box w={74} />
        </Group>
        <Box role="tree" aria-label="Catálogo de cuentas">
          {visibles.map((nodo) => (
            <Fila key={nodo.id} nodo={nodo} nivel={0} a={acciones} />
          ))}
          {visibles.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              Ninguna cuenta coincide con la búsqueda.
            </Text>
          )}
        </Box>
      </Stack>
      <Modal opened={modal} onClose={cerrarModal} title="Nueva subcuenta" centered size="sm">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Bajo {padre?.codigoDeCuenta} «{padre?.nombre}»; toma su tipo y naturaleza.
          </Text>
          <CampoDeTexto
            label="Nombre"
            withAsterisk
            data-autofocus
            max={largoMaximo(CrearCuentaContable, 'nombre')}
            value={nueva.nombre}
            onChange={(e) => setNueva({ ...nueva, nombre: e.currentTarget.value })}
            error={errorNueva}
          />
          <CampoDeTexto
            label="Código"
            description="Vacío: el siguiente libre"
            max={largoMaximo(CrearCuentaContable, 'codigoDeCuenta')}
            placeholder={`${padre?.codigoDeCuenta ?? ''}.…`}
            value={nueva.codigo}
            onChange={(e) => setNueva({ ...nueva, codigo: e.currentTarget.value })}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={cerrarModal}>
              Cancelar
            </Button>
            <BotonEscritura loading={crearCuenta.isPending} onClick={() => void crear()}>
              Crear cuenta
            </BotonEscritura>
          </Group>
        </Stack>
      </Modal>
    </DisenoListaModulo>
  );
}
