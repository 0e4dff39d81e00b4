import { Badge, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Contacto, TipoDeContacto } from '@pos/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { dinero } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { NUEVO_CLIENTE } from './ClientePage.tsx';
import { COLOR_DE_ESTADO, ESTADOS, nombreCompleto, TIPOS } from './etiquetas.ts';
import { contactoQueries, rutaQueries } from './queries.ts';

// Spec 002 §9: contacts page 25.
const POR_PAGINA = 25;

type Vista = 'activos' | 'Por-Anular' | 'Anulado';

function columnas(rutas: Map<string, string>, auditoria: boolean): Columna<Contacto>[] {
  const base: Columna<Contacto>[] = [
    {
      titulo: 'Nombre',
      celda: (c) => (
        <Text size="sm" fw={500}>
          {nombreCompleto(c)}
        </Text>
      ),
    },
    {
      titulo: 'RNC / Cédula',
      celda: (c) =>
        c.rnc ? (
          <Text size="sm" ff="monospace">
            {c.rnc}
          </Text>
        ) : (
          '—'
        ),
    },
    { titulo: 'Tipo', celda: (c) => TIPOS[c.tipoDeContacto] },
    { titulo: 'Teléfono', celda: (c) => c.telefono || c.movil || '—' },
    { titulo: 'Ruta', celda: (c) => (c.idRuta ? (rutas.get(c.idRuta) ?? '…') : '—') },
    {
      titulo: 'Límite de crédito',
      celda: (c) => (c.limiteCredito > 0 ? dinero(c.limiteCredito) : '—'),
      alinear: 'right',
    },
  ];
  if (auditoria) {
    base.push({ titulo: 'Motivo', celda: (c) => c.notaAnular || '—' });
  }
  base.push({
    titulo: 'Estado',
    celda: (c) => (
      <Badge color={COLOR_DE_ESTADO[c.estado]} variant="light" size="sm">
        {ESTADOS[c.estado]}
      </Badge>
    ),
  });
  return base;
}

/** /cliente/lista: clients and suppliers, 25 a page, with search, filters and the cancellation audit view. */
export default function ClientesPage() {
  const navegar = useNavigate();
  const [busqueda, setBusqueda] = useState('');
  const [texto] = useDebouncedValue(busqueda.trim(), 350);
  const [tipo, setTipo] = useState<TipoDeContacto | null>(null);
  const [idRuta, setIdRuta] = useState<string | null>(null);
  const [vista, setVista] = useState<Vista>('activos');
  const [pagina, setPagina] = useState(1);
  const rutas = useQuery(rutaQueries.todas());
  const consulta = useQuery(
    contactoQueries.lista({
      page: pagina,
      limit: POR_PAGINA,
      input: texto,
      tipoDeContacto: tipo ?? '',
      idRuta: idRuta ?? '',
      buscarPorEstado: vista === 'activos' ? '' : vista,
    }),
  );
  const nombresDeRuta = new Map((rutas.data ?? []).map((r) => [r._id, r.nombre]));
  const filtrando = texto !== '' || tipo !== null || idRuta !== null;
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  return (
    <DisenoListaModulo
      titulo="Clientes y proveedores"
      acciones={
        <BotonEscritura leftSection={<IconPlus size={16} />} onClick={() => navegar(NUEVO_CLIENTE)}>
          Nuevo contacto
        </BotonEscritura>
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="wrap">
            <TextInput
              placeholder="Buscar por nombre, RNC o teléfono"
              leftSection={<IconSearch size={16} />}
              value={busqueda}
              onChange={(e) => {
                setBusqueda(e.currentTarget.value);
                setPagina(1);
              }}
              w={{ base: '100%', sm: 300 }}
              aria-label="Buscar contacto"
            />
            <Select
              placeholder="Todos los tipos"
              aria-label="Tipo de contacto"
              data={[
                { value: 'cliente', label: 'Clientes' },
                { value: 'proveedor', label: 'Proveedores' },
                { value: 'ambos', label: 'Clientes y proveedores' },
              ]}
              value={tipo}
              onChange={reiniciar((v: string | null) => setTipo(v as TipoDeContacto | null))}
              clearable
              w={{ base: '100%', sm: 190 }}
            />
            <Select
              placeholder="Todas las rutas"
              aria-label="Ruta"
              data={(rutas.data ?? []).map((r) => ({ value: r._id, label: r.nombre }))}
              value={idRuta}
              onChange={reiniciar(setIdRuta)}
              clearable
              searchable
              w={{ base: '100%', sm: 190 }}
            />
          </Group>
          <SegmentedControl
            aria-label="Estado"
            size="sm"
            data={[
              { value: 'activos', label: 'Activos' },
              { value: 'Por-Anular', label: 'Por anular' },
              { value: 'Anulado', label: 'Anulados' },
            ]}
            value={vista}
            onChange={reiniciar((v: string) => setVista(v as Vista))}
          />
        </Group>
        <TablaLista
          columnas={columnas(nombresDeRuta, vista !== 'activos')}
          filas={consulta.data?.res}
          clave={(c) => c._id}
          cargando={consulta.isPending}
          error={consulta.error}
          vacio={
            filtrando
              ? 'Ningún contacto coincide con la búsqueda.'
              : vista === 'activos'
                ? 'No hay contactos.'
                : vista === 'Por-Anular'
                  ? 'No hay solicitudes de anulación pendientes.'
                  : 'No hay contactos anulados.'
          }
          total={consulta.data?.totalRows}
          pagina={pagina}
          porPagina={POR_PAGINA}
          alCambiarPagina={setPagina}
          alElegir={(c) => navegar(`/cliente/vista_cliente?id=${c._id}`)}
        />
      </Stack>
    </DisenoListaModulo>
  );
}
