import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { type CualquierReporte, type FiltroDisponible, METODOS_DE_PAGO_FACTURA } from '@pos/contract';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SelectorDeCentroDeCosto } from '../../features/centrosDeCosto/SelectorDeCentroDeCosto.tsx';
import { seleccionQueries } from '../../features/inventario/queries.ts';
import { opcionesQueries } from '../../features/maestros/queries.ts';
import { turnoQueries } from '../../features/turnos/queries.ts';
import { type ClienteElegido, SelectorDeCliente } from '../documento/SelectorDeCliente.tsx';
import type { Periodo } from '../periodo.ts';
import { SelectorDePeriodo } from '../SelectorDePeriodo.tsx';

/** What the user chose on a report's screen (the filters and the report's own choices). */
export type EleccionDeReporte = {
  periodo: Periodo;
  cliente: ClienteElegido | null;
  proveedor: ClienteElegido | null;
  idUsuario: string | null;
  idTerminal: string | null;
  idAlmacen: string | null;
  idCentroDeCosto: string | null;
  idCategoria: string | null;
  estado: 'Activo' | 'Por-Anular' | 'Anulado' | null;
  metodoDePago: string | null;
  busqueda: string;
  /** The declaration's `selecciones`, by field; the value is the option's index. */
  selecciones: Record<string, number>;
};

export function eleccionInicial(declaracion: CualquierReporte): EleccionDeReporte {
  return {
    periodo: { tipo: 'preset', preset: (declaracion.periodoInicial ?? 4) as 4 },
    cliente: null,
    proveedor: null,
    idUsuario: null,
    idTerminal: null,
    idAlmacen: null,
    idCentroDeCosto: null,
    idCategoria: null,
    estado: null,
    metodoDePago: null,
    busqueda: '',
    selecciones: Object.fromEntries((declaracion.selecciones ?? []).map((s) => [s.campo, 0])),
  };
}

const ANCHO = { base: '100%', sm: 210 } as const;

type Props = {
  declaracion: CualquierReporte;
  eleccion: EleccionDeReporte;
  alCambiar: (cambio: Partial<EleccionDeReporte>) => void;
};

/** The filters a report declares (contract `filtros`), then its own choices (`selecciones`). */
export function FiltrosDeReporte({ declaracion, eleccion, alCambiar }: Props) {
  const hay = (f: FiltroDisponible) => declaracion.filtros.includes(f);
  const almacenes = useQuery({ ...seleccionQueries.almacenes(), enabled: hay('almacen') });
  const categorias = useQuery({ ...seleccionQueries.categorias(), enabled: hay('categoria') });
  const usuarios = useQuery({ ...opcionesQueries.usuarios(), enabled: hay('usuario') });
  const terminales = useQuery({ ...turnoQueries.terminales(), enabled: hay('terminal') });
  return (
    <Group gap="sm" wrap="wrap" align="flex-start">
      {hay('periodo') && (
        <SelectorDePeriodo valor={eleccion.periodo} alCambiar={(periodo) => alCambiar({ periodo })} />
      )}
      {hay('cliente') && (
        <div style={{ minWidth: 240 }}>
          <SelectorDeCliente
            valor={eleccion.cliente}
            alCambiar={(cliente) => alCambiar({ cliente })}
            placeholder="Todos los clientes"
          />
        </div>
      )}
      {hay('proveedor') && (
        <div style={{ minWidth: 240 }}>
          <SelectorDeCliente
            proveedor
            valor={eleccion.proveedor}
            alCambiar={(proveedor) => alCambiar({ proveedor })}
            placeholder="Todos los proveedores"
          />
        </div>
      )}
      {hay('usuario') && (
        <Select
          aria-label="Usuario"
          placeholder="Todos los usuarios"
          data={usuarios.data ?? []}
          value={eleccion.idUsuario}
          onChange={(idUsuario) => alCambiar({ idUsuario })}
          clearable
          searchable
          w={ANCHO}
        />
      )}
      {hay('terminal') && (
        <Select
          aria-label="Terminal"
          placeholder="Todas las terminales"
          data={(terminales.data ?? []).map((t) => ({ value: t._id, label: t.nombre }))}
          value={eleccion.idTerminal}
          onChange={(idTerminal) => alCambiar({ idTerminal })}
          clearable
          searchable
          w={ANCHO}
        />
      )}
      {hay('almacen') && (
        <Select
          aria-label="Almacén"
          placeholder="Todos los almacenes"
          data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
          value={eleccion.idAlmacen}
          onChange={(idAlmacen) => alCambiar({ idAlmacen })}
          clearable
          searchable
          w={ANCHO}
        />
      )}
      {hay('centroDeCosto') && (
        <SelectorDeCentroDeCosto
          label={undefined}
          aria-label="Centro de costo"
          placeholder="Todos los centros de costo"
          value={eleccion.idCentroDeCosto}
          onChange={(idCentroDeCosto) => alCambiar({ idCentroDeCosto })}
          w={ANCHO}
        />
      )}
      {hay('categoria') && (
        <Select
          aria-label="Categoría"
          placeholder="Todas las categorías"
          data={(categorias.data ?? []).map((c) => ({ value: c._id, label: c.nombre }))}
          value={eleccion.idCategoria}
          onChange={(idCategoria) => alCambiar({ idCategoria })}
          clearable
          searchable
          w={ANCHO}
        />
      )}
      {hay('estado') && (
        <Select
          aria-label="Estado"
          placeholder="Todos los estados"
          data={[
            { value: 'Activo', label: 'Activo' },
            { value: 'Por-Anular', label: 'Por anular' },
            { value: 'Anulado', label: 'Anulado' },
          ]}
          value={eleccion.estado}
          onChange={(estado) => alCambiar({ estado: estado as EleccionDeReporte['estado'] })}
          clearable
          w={{ base: '100%', sm: 170 }}
        />
      )}
      {hay('metodoDePago') && (
        <Select
          aria-label="Método de pago"
          placeholder="Todos los métodos de pago"
          data={METODOS_DE_PAGO_FACTURA.map((m) => ({ value: m, label: m.replace('-', ' de ') }))}
          value={eleccion.metodoDePago}
          onChange={(metodoDePago) => alCambiar({ metodoDePago })}
          clearable
          w={ANCHO}
        />
      )}
      {hay('texto') && (
        <TextInput
          aria-label="Buscar"
          placeholder="Buscar"
          leftSection={<IconSearch size={16} />}
          value={eleccion.busqueda}
          onChange={(e) => alCambiar({ busqueda: e.currentTarget.value })}
          w={{ base: '100%', sm: 230 }}
        />
      )}
      {(declaracion.selecciones ?? []).map((s) => (
        <SegmentedControl
          key={s.campo}
          aria-label={s.titulo}
          data={s.opciones.map((o, i) => ({ value: String(i), label: o.titulo }))}
          value={String(eleccion.selecciones[s.campo] ?? 0)}
          onChange={(v) => alCambiar({ selecciones: { ...eleccion.selecciones, [s.campo]: Number(v) } })}
        />
      ))}
    </Group>
  );
}
