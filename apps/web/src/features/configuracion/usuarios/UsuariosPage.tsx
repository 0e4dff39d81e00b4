import { Badge, Group, TextInput } from '@mantine/core';
import type { Usuario } from '@pos/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DisenoListaModulo } from '../../../layouts/DisenoListaModulo.tsx';
import { fechaHora, porcentaje } from '../../../ui/formato.ts';
import { BotonEscritura } from '../../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../../ui/TablaLista.tsx';
import { usuarioQueries } from './queries.ts';

// Spec 002 §9: settings lists show 10 per page.
const POR_PAGINA = 10;

const COLUMNAS: Columna<Usuario>[] = [
  { titulo: 'Usuario', celda: (u) => u.username },
  { titulo: 'Perfil', celda: (u) => u.perfilSeleccionado || '—' },
  { titulo: 'Descuento máx.', celda: (u) => porcentaje(u.limiteDescuento), alinear: 'right' },
  {
    titulo: 'Anula sin aprobación',
    celda: (u) => (u.anularYEliminarDocumentos ? 'Sí' : 'No'),
    alinear: 'center',
  },
  {
    titulo: 'Estado',
    celda: (u) => (
      <Badge color={u.activo ? 'green' : 'gray'} variant="light">
        {u.activo ? 'Activo' : 'Inactivo'}
      </Badge>
    ),
  },
  { titulo: 'Actualizado', celda: (u) => fechaHora(u.actualizadoEn) },
];

/** /configuraciones/usuario/lista_usuarios. */
export default function UsuariosPage() {
  const navegar = useNavigate();
  const consulta = useQuery(usuarioQueries.lista());
  const [busqueda, setBusqueda] = useState('');
  const [pagina, setPagina] = useState(1);
  const filtrados = (consulta.data ?? []).filter((u) =>
    u.username.toLowerCase().includes(busqueda.trim().toLowerCase()),
  );
  const visibles = filtrados.slice((pagina - 1) * POR_PAGINA, pagina * POR_PAGINA);
  return (
    <DisenoListaModulo
      titulo="Usuarios"
      acciones={
        <BotonEscritura
          leftSection={<IconPlus size={16} />}
          onClick={() => navegar('/configuraciones/usuario/nuevo_usuario')}
        >
          Nuevo usuario
        </BotonEscritura>
      }
    >
      <Group mb="sm">
        <TextInput
          placeholder="Buscar por nombre de usuario"
          leftSection={<IconSearch size={16} />}
          value={busqueda}
          onChange={(e) => {
            setBusqueda(e.currentTarget.value);
            setPagina(1);
          }}
          w={320}
          aria-label="Buscar usuario"
        />
      </Group>
      <TablaLista
        columnas={COLUMNAS}
        filas={consulta.isPending ? undefined : visibles}
        clave={(u) => u._id}
        cargando={consulta.isPending}
        error={consulta.error}
        vacio={busqueda ? 'Ningún usuario coincide con la búsqueda.' : 'No hay usuarios.'}
        total={filtrados.length}
        pagina={pagina}
        porPagina={POR_PAGINA}
        alCambiarPagina={setPagina}
        alElegir={(u) => navegar(`/configuraciones/usuario/editar_usuario?id=${u._id}`)}
      />
    </DisenoListaModulo>
  );
}
