import {
  Center,
  Checkbox,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { CabeceraDeVenta, FiltroDeDocumentos } from '@pos/contract';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../BuscadorDeLista.tsx';
import { dinero, fecha } from '../formato.ts';
import { BotonEscritura } from '../ModoLectura.tsx';
import { filtroDePeriodo, type Periodo } from '../periodo.ts';
import { SelectorDePeriodo } from '../SelectorDePeriodo.tsx';
import { type Columna, EstadoDeLista, TablaLista } from '../TablaLista.tsx';
import { EstadoDelDocumento, type Genero } from './EstadoDelDocumento.tsx';
import { type Lado, TEXTOS_DEL_LADO } from './lado.ts';

/** Spec 001 §9: document lists show 25 rows a page. */
export const DOCUMENTOS_POR_PAGINA = 25;

type Vista = 'activos' | 'auditoria';

/**
 * What the kit reads of a listed document. A family whose number or total are not `comprobante` and
 * `totalGral` (an invoice: NCF or internal number, `total`) says how to read them in its declaration.
 */
export type DocumentoListado = Pick<
  CabeceraDeVenta,
  | '_id'
  | 'fechaEmision'
  | 'hora'
  | 'nombre'
  | 'nombreOpcional'
  | 'rnc'
  | 'numeracionNombre'
  | 'estado'
  | 'autorizacion'
  | 'creadaPor'
> & { vencimiento: string | null };

type Lectores<T> = { numero: (d: T) => string; total: (d: T) => number };

/** What a family declares for its list. */
export type DeclaracionDeLista<T extends DocumentoListado> = DeclaracionBase<T> &
  (T extends Pick<CabeceraDeVenta, 'comprobante' | 'totalGral'> ? Partial<Lectores<T>> : Lectores<T>);

type DeclaracionBase<T extends DocumentoListado> = {
  titulo: string;
  /** Singular and plural, lower case: «cotización», «cotizaciones». */
  nombre: string;
  plural: string;
  genero: Genero;
  /** The family's query key (its mutations invalidate it) and its list call (POST …/todas). */
  clave: readonly unknown[];
  listar: (
    filtro: z.input<typeof FiltroDeDocumentos>,
    signal: AbortSignal,
  ) => Promise<{ res: T[]; totalRows: number; totalGeneral?: number }>;
  rutaNueva: string;
  rutaVista: string;
  puedeCrear: boolean;
  /** The «Nuevo …» button's own step instead of opening `rutaNueva` (a conduce asks its kind first). */
  alCrear?: () => void;
  /** The family's own columns, placed around the total (a conduce's kind, invoice and withdrawn total). */
  columnasPropias?: { antesDelTotal?: Columna<T>[]; despuesDelTotal?: Columna<T>[] };
  /** Hides the «Vence» column of families without a due date. */
  sinVencimiento?: boolean;
  /** Rows a page when the family's is not the default 25 (credit notes: 14, spec 001 §9). */
  porPagina?: number;
  /**
   * Rows the user can tick (a checkbox column on a computer) and what to do with the ticked ones
   * (quotations billed together, spec 001 §2); `puedeElegir` says which rows take a checkbox.
   */
  seleccion?: {
    puedeElegir: (d: T) => boolean;
    acciones: (elegidos: T[], limpiar: () => void) => ReactNode;
  };
  /** The small text under the number (default: the numbering's name). */
  detalleDelNumero?: (d: T) => ReactNode;
  /** The family's own badge instead of the lifecycle one (an invoice's collection status, spec 001 §4). */
  insignia?: (d: T) => ReactNode;
  /** 'compra' for a purchasing document: the contact column is «Proveedor» (default 'venta'). */
  lado?: Lado;
  /** The search box's hint (default the side's: «Buscar por número, cliente o RNC»). */
  placeholderBusqueda?: string;
  /**
   * The family's own filter beside the period, hidden in the audit view (an invoice's collection
   * status): its control (`reiniciar` wraps a setter so a change goes back to page 1), the values its
   * `listar` adds to the call (they key the cache), and whether it narrows the list now.
   */
  filtroPropio?: {
    control: (reiniciar: <V>(fn: (v: V) => void) => (v: V) => void) => ReactNode;
    valores: (auditoria: boolean) => Record<string, unknown>;
    activo: boolean;
  };
  /** A phone card's extras: after the date (an invoice's payment method) and under the badge (what is owed). */
  tarjeta?: { detalle?: (d: T) => string; pie?: (d: T) => ReactNode };
};

/** How the kit shows a row: the family's readers or the sales header's fields. */
type Mostrar<T> = Lectores<T> & { insignia: (d: T) => ReactNode };

function mostrar<T extends DocumentoListado>(declaracion: DeclaracionDeLista<T>, genero: Genero): Mostrar<T> {
  // Without readers T is a sales header (the declaration's type demands them otherwise).
  const cabecera = (d: T) => d as unknown as CabeceraDeVenta;
  return {
    numero: declaracion.numero ?? ((d) => cabecera(d).comprobante),
    total: declaracion.total ?? ((d) => cabecera(d).totalGral),
    insignia: declaracion.insignia ?? ((d) => <EstadoDelDocumento documento={d} genero={genero} />),
  };
}

function mayuscula(texto: string): string {
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

function cliente(d: DocumentoListado): string {
  return d.nombreOpcional && d.nombreOpcional !== d.nombre ? `${d.nombre} (${d.nombreOpcional})` : d.nombre;
}

function columnas<T extends DocumentoListado>(
  genero: Genero,
  { columnasPropias, sinVencimiento, detalleDelNumero, lado = 'venta' }: DeclaracionBase<T>,
  { numero, total, insignia }: Mostrar<T>,
): Columna<T>[] {
  return [
    {
      titulo: 'Fecha',
      celda: (d) => (
        <Stack gap={0}>
          <Text size="sm">{fecha(d.fechaEmision)}</Text>
          <Text size="xs" c="dimmed">
            {d.hora.slice(0, 5)}
          </Text>
        </Stack>
      ),
      ancho: 110,
    },
    {
      titulo: 'Número',
      celda: (d) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} ff="monospace">
            {numero(d)}
          </Text>
          <Text size="xs" c="dimmed">
            {detalleDelNumero ? detalleDelNumero(d) : d.numeracionNombre}
          </Text>
        </Stack>
      ),
    },
    {
      titulo: TEXTOS_DEL_LADO[lado].contacto,
      celda: (d) => (
        <Stack gap={0} maw={360}>
          <Text size="sm" truncate="end">
            {cliente(d) || TEXTOS_DEL_LADO[lado].sinContacto}
          </Text>
          {d.rnc && (
            <Text size="xs" c="dimmed">
              RNC {d.rnc}
            </Text>
          )}
        </Stack>
      ),
    },
    ...(sinVencimiento
      ? []
      : [{ titulo: 'Vence', celda: (d: T) => (d.vencimiento ? fecha(d.vencimiento) : '—'), ancho: 110 }]),
    ...(columnasPropias?.antesDelTotal ?? []),
    { titulo: 'Total', celda: (d) => dinero(total(d)), alinear: 'right' },
    ...(columnasPropias?.despuesDelTotal ?? []),
    { titulo: 'Estado', celda: insignia, alinear: 'center' },
    { titulo: genero === 'femenino' ? 'Creada por' : 'Creado por', celda: (d) => d.creadaPor || '—' },
  ];
}

/** The phone list: one card per document (number, customer, total, state). */
function Tarjetas<T extends DocumentoListado>({
  filas,
  nombre,
  alElegir,
  muestra: { numero, total, insignia },
  tarjeta,
  lado = 'venta',
}: {
  lado: Lado | undefined;
  filas: T[];
  nombre: string;
  alElegir: (d: T) => void;
  muestra: Mostrar<T>;
  tarjeta: DeclaracionBase<T>['tarjeta'];
}) {
  return (
    <Stack gap="xs">
      {filas.map((d) => (
        <UnstyledButton key={d._id} onClick={() => alElegir(d)} aria-label={`${nombre} ${numero(d)}`}>
          <Paper withBorder radius="sm" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={600} ff="monospace">
                  {numero(d)}
                </Text>
                <Text size="sm" truncate="end">
                  {cliente(d) || TEXTOS_DEL_LADO[lado].sinContacto}
                </Text>
                <Text size="xs" c="dimmed">
                  {fecha(d.fechaEmision)} {d.hora.slice(0, 5)}
                  {tarjeta?.detalle ? ` · ${tarjeta.detalle(d)}` : ''}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="sm" fw={600}>
                  {dinero(total(d))}
                </Text>
                {insignia(d)}
                {tarjeta?.pie?.(d)}
              </Stack>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/**
 * The list screen of a sales document family (spec 001 §2, §9): search, period, the audit view
 * (buscarPorEstado: Por-Anular and Anulado), 25 a page, state badges; cards on a phone.
 */
export function ListaDeDocumentos<T extends DocumentoListado>({
  declaracion,
}: {
  declaracion: DeclaracionDeLista<T>;
}) {
  const { titulo, nombre, plural, genero, clave, listar, rutaNueva, rutaVista, puedeCrear, alCrear } =
    declaracion;
  const { filtroPropio, tarjeta } = declaracion;
  const porPagina = declaracion.porPagina ?? DOCUMENTOS_POR_PAGINA;
  const muestra = mostrar(declaracion, genero);
  const navegar = useNavigate();
  const telefono = useMediaQuery('(max-width: 48em)');
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'todo' });
  const [vista, setVista] = useState<Vista>('activos');
  const [pagina, setPagina] = useState(1);
  // Ticked rows stay ticked across pages and searches (kept whole: the action reads their customer).
  const [elegidos, setElegidos] = useState<T[]>([]);
  const { seleccion } = declaracion;
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const auditoria = vista === 'auditoria';
  const filtro = {
    input,
    page: pagina,
    limit: porPagina,
    buscarPorEstado: auditoria,
    ...filtroDePeriodo(periodo),
  };
  const consulta = useQuery({
    queryKey: [...clave, 'lista', filtro, filtroPropio?.valores(auditoria)],
    queryFn: ({ signal }) => listar(filtro, signal),
    placeholderData: keepPreviousData,
    enabled: !rangoIncompleto,
  });
  const reiniciar =
    <V,>(fn: (v: V) => void) =>
    (v: V) => {
      fn(v);
      setPagina(1);
    };
  const anulados = genero === 'femenino' ? 'anuladas' : 'anulados';
  const vacio = rangoIncompleto
    ? 'Elige el día inicial y el final del rango.'
    : auditoria
      ? `No hay ${plural} ${anulados} ni por anular.`
      : input !== '' || periodo.tipo !== 'todo' || filtroPropio?.activo
        ? `${genero === 'femenino' ? 'Ninguna' : 'Ningún'} ${nombre} coincide con la búsqueda.`
        : `Todavía no hay ${plural}.`;
  const filas = rangoIncompleto ? [] : consulta.data?.res;
  const totalRows = consulta.data?.totalRows ?? 0;
  const cargando = consulta.isPending && !rangoIncompleto;
  const abrir = (d: T) => navegar(`${rutaVista}?id=${d._id}`);
  const nueva = genero === 'femenino' ? 'Nueva' : 'Nuevo';
  return (
    <DisenoListaModulo
      titulo={titulo}
      acciones={
        puedeCrear && (
          <BotonEscritura
            leftSection={<IconPlus size={16} />}
            onClick={() => (alCrear ? alCrear() : navegar(rutaNueva))}
          >
            {nueva} {nombre}
          </BotonEscritura>
        )
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-start" justify="space-between">
          <Group gap="sm" wrap="wrap" align="flex-start" style={{ flex: 1 }}>
            <BuscadorDeLista
              valor={busqueda}
              alCambiar={reiniciar(setBusqueda)}
              buscando={consulta.isFetching && !consulta.isPending}
              placeholder={
                declaracion.placeholderBusqueda ?? TEXTOS_DEL_LADO[declaracion.lado ?? 'venta'].buscar
              }
              etiqueta={`Buscar ${nombre}`}
            />
            <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} conTodo />
            {filtroPropio && !auditoria && filtroPropio.control(reiniciar)}
          </Group>
          <SegmentedControl
            aria-label="Vista"
            data={[
              { value: 'activos', label: titulo },
              { value: 'auditoria', label: `${mayuscula(anulados)} y por anular` },
            ]}
            value={vista}
            onChange={reiniciar((v: string) => setVista(v as Vista))}
            w={{ base: '100%', sm: 'auto' }}
          />
        </Group>
        {consulta.data && !rangoIncompleto && (
          <Group justify="space-between" gap="sm" wrap="wrap" mih={36}>
            <Group gap="lg">
              <Text size="sm" c="dimmed">
                {totalRows} {totalRows === 1 ? nombre : plural}
                {elegidos.length > 0 &&
                  ` · ${elegidos.length} ${genero === 'femenino' ? 'elegida' : 'elegido'}${elegidos.length === 1 ? '' : 's'}`}
              </Text>
              {consulta.data.totalGeneral !== undefined && (
                // The sum of every matching document, not only this page's (the server's totalGeneral).
                <Text size="sm">
                  Total: <b>{dinero(consulta.data.totalGeneral)}</b>
                </Text>
              )}
            </Group>
            {seleccion && !auditoria && seleccion.acciones(elegidos, () => setElegidos([]))}
          </Group>
        )}
        {telefono ? (
          <>
            {cargando || consulta.error || !filas || filas.length === 0 ? (
              <EstadoDeLista
                cargando={cargando}
                error={consulta.error}
                vacio={vacio}
                cantidad={filas?.length ?? 0}
              />
            ) : (
              <Tarjetas
                filas={filas}
                nombre={mayuscula(nombre)}
                alElegir={abrir}
                muestra={muestra}
                tarjeta={tarjeta}
                lado={declaracion.lado}
              />
            )}
            {totalRows > porPagina && (
              <Center>
                <Pagination
                  size="sm"
                  total={Math.ceil(totalRows / porPagina)}
                  value={pagina}
                  onChange={setPagina}
                />
              </Center>
            )}
          </>
        ) : (
          <TablaLista
            sinSalto
            columnas={[
              ...(seleccion && !auditoria
                ? [
                    {
                      titulo: '',
                      ancho: 36,
                      celda: (d: T) =>
                        seleccion.puedeElegir(d) ? (
                          <Checkbox
                            aria-label={`Elegir ${nombre} ${muestra.numero(d)}`}
                            checked={elegidos.some((e) => e._id === d._id)}
                            onClick={(e) => e.stopPropagation()}
                            onChange={(e) => {
                              const marcado = e.currentTarget.checked;
                              setElegidos((previos) =>
                                marcado ? [...previos, d] : previos.filter((x) => x._id !== d._id),
                              );
                            }}
                          />
                        ) : null,
                    },
                  ]
                : []),
              ...columnas<T>(genero, declaracion, muestra),
            ]}
            filas={filas}
            clave={(d) => d._id}
            cargando={cargando}
            error={consulta.error}
            vacio={vacio}
            total={consulta.data?.totalRows}
            pagina={pagina}
            porPagina={porPagina}
            alCambiarPagina={setPagina}
            alElegir={abrir}
          />
        )}
      </Stack>
    </DisenoListaModulo>
  );
}
