import { Badge, Group, Text } from '@mantine/core';
import {
  type Almacen,
  type AreaDeProduccion,
  almacenes,
  areasDeProduccion,
  CambiarAlmacen,
  CambiarAreaDeProduccion,
  CambiarCategoria,
  CambiarCentroDeCosto,
  CambiarImpuesto,
  CambiarListaDePrecio,
  CambiarLugarDeAsignacion,
  CambiarOpcionEntradaDeDiario,
  CambiarPlan,
  CambiarRetencion,
  CambiarSeccion,
  CambiarTerminal,
  type Categoria,
  type CentroDeCosto,
  CrearAlmacen,
  CrearAreaDeProduccion,
  CrearCategoria,
  CrearCentroDeCosto,
  CrearImpuesto,
  CrearListaDePrecio,
  CrearLugarDeAsignacion,
  CrearOpcionEntradaDeDiario,
  CrearPlan,
  CrearRetencion,
  CrearSeccion,
  CrearTerminal,
  type CuentaContableVinculada,
  categorias,
  centrosDeCosto,
  type Impuesto,
  impuestos,
  type ListaDePrecio,
  type LugarDeAsignacion,
  listasDePrecio,
  lugaresDeAsignacion,
  type OpcionEntradaDeDiario,
  opcionesEntradaDeDiario,
  type Plan,
  planes,
  type Retencion,
  retenciones,
  type Seccion,
  secciones,
  type Terminal,
  terminales,
} from '@pos/contract';
import { OPCIONES_DE_IMPUESTO } from '@pos/domain';
import type { ComponentType } from 'react';
import { dinero, fecha, porcentaje } from '../../ui/formato.ts';
import type { DefinicionDeMaestro } from './definicion.ts';
import { FormularioDeMaestro } from './FormularioDeMaestro.tsx';
import { ListaDeMaestro } from './ListaDeMaestro.tsx';
import { type ClaveDeFamilia, RUTAS_DE_MAESTROS } from './rutas.ts';

// One small definition per family: what its list shows and what its form asks. The generic list and
// form do the rest (search, paging, state, deactivation, deletion, validation, duplicates).

const siNo = (valor: boolean) => (valor ? 'Sí' : 'No');
const cuenta = (valor: CuentaContableVinculada | null) =>
  valor ? `${valor.codigoDeCuenta} ${valor.nombre}`.trim() : '—';
/** A name with its small badges on one line (default, offer). */
function ConMarcas({
  children,
  marcas,
}: {
  children: string;
  marcas: Array<{ texto: string; color: string } | false>;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <span>{children}</span>
      {marcas.map(
        (marca) =>
          marca && (
            <Badge key={marca.texto} size="xs" variant="light" color={marca.color} style={{ flexShrink: 0 }}>
              {marca.texto}
            </Badge>
          ),
      )}
    </Group>
  );
}

const DIAS = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'];

type ValoresImpuesto = {
  name: string;
  tipoDeImpuesto: string | undefined;
  tasa: number | undefined;
  cuentaContableParaVenta: CuentaContableVinculada | null;
  cuentaContableParaCompras: CuentaContableVinculada | null;
};

const impuesto: DefinicionDeMaestro<Impuesto, ValoresImpuesto> = {
  clave: 'impuestos',
  rutas: RUTAS_DE_MAESTROS.impuestos,
  singular: 'impuesto',
  endpoints: impuestos,
  esquemaCrear: CrearImpuesto,
  esquemaCambiar: CambiarImpuesto,
  desactivable: true,
  nombre: (i) => i.name,
  columnas: [
    { titulo: 'Nombre', celda: (i) => i.name },
    { titulo: 'Tipo', celda: (i) => i.tipoDeImpuesto },
    { titulo: 'Tasa', celda: (i) => porcentaje(i.tasa * 100), alinear: 'right' },
    { titulo: 'Cuenta en ventas', celda: (i) => cuenta(i.cuentaContableParaVenta) },
    { titulo: 'Cuenta en compras', celda: (i) => cuenta(i.cuentaContableParaCompras) },
  ],
  valoresIniciales: () => ({
    name: '',
    tipoDeImpuesto: undefined,
    tasa: undefined,
    cuentaContableParaVenta: null,
    cuentaContableParaCompras: null,
  }),
  campos: [
    {
      tipo: 'texto',
      campo: 'name',
      etiqueta: 'Nombre',
      obligatorio: true,
      sugerencias: OPCIONES_DE_IMPUESTO.map((o) => o.name),
      descripcion: 'Elige una opción o escribe otro impuesto',
    },
    {
      tipo: 'texto',
      campo: 'tipoDeImpuesto',
      etiqueta: 'Tipo de impuesto',
      placeholder: 'itbis, propina, isc, otros…',
      descripcion: 'El tipo que llevan los productos y las líneas',
    },
    {
      tipo: 'numero',
      campo: 'tasa',
      etiqueta: 'Tasa',
      min: 0,
      max: 2,
      decimales: 4,
      descripcion: 'Fracción (0.18) o factor (1.18): ambos son 18%',
    },
    { grupo: 'Cuentas contables' },
    {
      tipo: 'cuenta',
      campo: 'cuentaContableParaVenta',
      etiqueta: 'Cuenta en ventas',
      categorias: ['impuestosPorPagar'],
    },
    {
      tipo: 'cuenta',
      campo: 'cuentaContableParaCompras',
      etiqueta: 'Cuenta en compras',
      categorias: ['impuestosAFavor'],
    },
  ],
  // Spec 002 §9 tax options: choosing one fills its rate and type.
  completar: (valores, anteriores) => {
    if (valores.name === anteriores.name) {
      return null;
    }
    const opcion = OPCIONES_DE_IMPUESTO.find((o) => o.name === valores.name);
    return opcion ? { tasa: opcion.tasa, tipoDeImpuesto: opcion.tipoDeImpuesto } : null;
  },
};

type ValoresListaDePrecio = {
  nombre: string;
  descripcion: string;
  activo: boolean;
  tipo: boolean;
  porcentaje: number | undefined;
  diasDisponibles: number[];
  vigencia: string | null;
  esUnaOferta: boolean;
  predeterminado: boolean;
};

const listaDePrecio: DefinicionDeMaestro<ListaDePrecio, ValoresListaDePrecio> = {
  clave: 'listasDePrecio',
  rutas: RUTAS_DE_MAESTROS.listasDePrecio,
  singular: 'lista de precios',
  femenino: true,
  endpoints: listasDePrecio,
  esquemaCrear: CrearListaDePrecio,
  esquemaCambiar: CambiarListaDePrecio,
  desactivable: true,
  nombre: (l) => l.nombre,
  columnas: [
    {
      titulo: 'Nombre',
      celda: (l) => (
        <ConMarcas
          marcas={[
            l.predeterminado && { texto: 'Predeterminada', color: 'blue' },
            l.esUnaOferta && { texto: 'Oferta', color: 'orange' },
          ]}
        >
          {l.nombre}
        </ConMarcas>
      ),
    },
    { titulo: 'Descuento', celda: (l) => (l.tipo ? porcentaje(l.porcentaje) : '—'), alinear: 'right' },
    {
      titulo: 'Días',
      celda: (l) =>
        l.diasDisponibles.length === 0 || l.diasDisponibles.length === 7
          ? 'Todos'
          : l.diasDisponibles.map((d) => DIAS[d]).join(', '),
    },
    { titulo: 'Vigencia', celda: (l) => (l.vigencia ? fecha(l.vigencia) : 'Sin fin') },
    { titulo: 'Activa', celda: (l) => siNo(l.activo), alinear: 'center' },
  ],
  valoresIniciales: () => ({
    nombre: '',
    descripcion: '',
    activo: true,
    tipo: false,
    porcentaje: undefined,
    diasDisponibles: [],
    vigencia: null,
    esUnaOferta: false,
    predeterminado: false,
  }),
  campos: [
    { tipo: 'texto', campo: 'nombre', etiqueta: 'Nombre', obligatorio: true, placeholder: 'Al por mayor' },
    { tipo: 'fecha', campo: 'vigencia', etiqueta: 'Vigente hasta', descripcion: 'Vacía: sin fecha de fin' },
    { tipo: 'texto', campo: 'descripcion', etiqueta: 'Descripción', multilinea: true, completo: true },
    {
      tipo: 'interruptor',
      campo: 'tipo',
      etiqueta: 'Descuento porcentual',
      descripcion: 'Aplica un porcentaje de descuento sobre el precio del producto',
    },
    {
      tipo: 'numero',
      campo: 'porcentaje',
      etiqueta: 'Porcentaje de descuento',
      min: 0,
      max: 100,
      decimales: 4,
      sufijo: '%',
      visible: (valores) => valores.tipo,
    },
    { tipo: 'dias', campo: 'diasDisponibles', etiqueta: 'Días disponibles', completo: true },
    { tipo: 'interruptor', campo: 'activo', etiqueta: 'Activa', descripcion: 'Se ofrece en los documentos' },
    { tipo: 'interruptor', campo: 'esUnaOferta', etiqueta: 'Es una oferta' },
    {
      tipo: 'interruptor',
      campo: 'predeterminado',
      etiqueta: 'Predeterminada',
      descripcion: 'La que toman los documentos nuevos; deja de serlo la anterior',
    },
  ],
  buscarPor: 'Buscar lista de precios',
};

type ValoresRetencion = {
  nombre: string;
  porcentaje: number | undefined;
  tipo: string;
  tipoRetencion: 'isr' | 'itbis';
  tipoRetencionIsr: string;
  cuentaContableParaVenta: CuentaContableVinculada | null;
  cuentaContableParaCompras: CuentaContableVinculada | null;
};

// DGII 606 column 17 (design/fiscal-do.md §3.1).
const TIPOS_ISR = [
  { value: '', label: 'No aplica' },
  { value: '01', label: '01 Alquileres' },
  { value: '02', label: '02 Honorarios por servicios' },
  { value: '03', label: '03 Otras rentas' },
  { value: '04', label: '04 Rentas presuntas' },
  { value: '05', label: '05 Intereses pagados a personas jurídicas' },
  { value: '06', label: '06 Intereses pagados a personas físicas' },
  { value: '07', label: '07 Retención por proveedores del Estado' },
  { value: '08', label: '08 Juegos telefónicos' },
  { value: '09', label: '09 Otros' },
];

const retencion: DefinicionDeMaestro<Retencion, ValoresRetencion> = {
  clave: 'retenciones',
  rutas: RUTAS_DE_MAESTROS.retenciones,
  singular: 'retención',
  femenino: true,
  endpoints: retenciones,
  esquemaCrear: CrearRetencion,
  esquemaCambiar: CambiarRetencion,
  desactivable: true,
  nombre: (r) => r.nombre,
  columnas: [
    { titulo: 'Nombre', celda: (r) => r.nombre },
    { titulo: 'Porcentaje', celda: (r) => porcentaje(r.porcentaje), alinear: 'right' },
    { titulo: 'Se calcula sobre', celda: (r) => (r.tipoRetencion === 'isr' ? 'Subtotal (ISR)' : 'ITBIS') },
    { titulo: 'Tipo ISR (606)', celda: (r) => r.tipoRetencionIsr || '—', alinear: 'center' },
  ],
  valoresIniciales: () => ({
    nombre: '',
    porcentaje: undefined,
    tipo: '',
    tipoRetencion: 'itbis',
    tipoRetencionIsr: '',
    cuentaContableParaVenta: null,
    cuentaContableParaCompras: null,
  }),
  campos: [
    {
      tipo: 'texto',
      campo: 'nombre',
      etiqueta: 'Nombre',
      obligatorio: true,
      placeholder: 'Retención ITBIS 30%',
    },
    {
      tipo: 'numero',
      campo: 'porcentaje',
      etiqueta: 'Porcentaje',
      obligatorio: true,
      min: 0,
      max: 100,
      decimales: 4,
      sufijo: '%',
    },
    {
      tipo: 'opciones',
      campo: 'tipoRetencion',
      etiqueta: 'Se calcula sobre',
      obligatorio: true,
      opciones: [
        { value: 'itbis', label: 'El ITBIS de la factura' },
        { value: 'isr', label: 'El subtotal (ISR)' },
      ],
    },
    {
      tipo: 'opciones',
      campo: 'tipoRetencionIsr',
      etiqueta: 'Tipo de retención ISR (606)',
      opciones: TIPOS_ISR,
      visible: (valores) => valores.tipoRetencion === 'isr',
    },
    { tipo: 'texto', campo: 'tipo', etiqueta: 'Clasificación', placeholder: 'Texto libre', completo: true },
    { grupo: 'Cuentas contables' },
    {
      tipo: 'cuenta',
      campo: 'cuentaContableParaVenta',
      etiqueta: 'Cuenta en ventas',
      descripcion: 'Lo que te retienen tus clientes',
      categorias: ['impuestosAFavor'],
    },
    {
      tipo: 'cuenta',
      campo: 'cuentaContableParaCompras',
      etiqueta: 'Cuenta en compras',
      descripcion: 'Lo que retienes a tus proveedores',
      categorias: ['impuestosPorPagar'],
    },
  ],
  // The 606 ISR withholding type only applies to ISR withholdings.
  completar: (valores, anteriores) =>
    valores.tipoRetencion !== anteriores.tipoRetencion && valores.tipoRetencion !== 'isr'
      ? { tipoRetencionIsr: '' }
      : null,
};

type ValoresTerminal = {
  nombre: string;
  descripcion: string;
  predeterminado: boolean;
  almacenPorDefecto: string | null;
  numeracionFacturas: string | null;
  numeracionDevoluciones: string | null;
  numeracionReciboDeCaja: string | null;
  usuariosViculados: string[];
  cajaDefectvoIdRef: string | null;
  cuentaContableBanco: CuentaContableVinculada | null;
  cuentaDeTransferencias: CuentaContableVinculada | null;
  cuentaDeTarjetaDeCredito: CuentaContableVinculada | null;
  cuentaDeTarjetaDeDebitos: CuentaContableVinculada | null;
  bancoInicioDeTurno: CuentaContableVinculada | null;
  bancoCierreDeTurno: CuentaContableVinculada | null;
  cuentaPagoAnticiposClientes: CuentaContableVinculada | null;
};

const terminal: DefinicionDeMaestro<Terminal, ValoresTerminal> = {
  clave: 'terminales',
  rutas: RUTAS_DE_MAESTROS.terminales,
  singular: 'terminal',
  endpoints: terminales,
  esquemaCrear: CrearTerminal,
  esquemaCambiar: CambiarTerminal,
  desactivable: false,
  nombre: (t) => t.nombre,
  columnas: [
    {
      titulo: 'Nombre',
      celda: (t) => (
        <ConMarcas marcas={[t.predeterminado && { texto: 'Predeterminado', color: 'blue' }]}>
          {t.nombre}
        </ConMarcas>
      ),
    },
    { titulo: 'Descripción', celda: (t) => t.descripcion || '—' },
    { titulo: 'Usuarios', celda: (t) => t.usuariosViculados.length, alinear: 'right' },
    { titulo: 'Cuenta de banco', celda: (t) => cuenta(t.cuentaContableBanco) },
  ],
  valoresIniciales: () => ({
    nombre: '',
    descripcion: '',
    predeterminado: false,
    almacenPorDefecto: null,
    numeracionFacturas: null,
    numeracionDevoluciones: null,
    numeracionReciboDeCaja: null,
    usuariosViculados: [],
    cajaDefectvoIdRef: null,
    cuentaContableBanco: null,
    cuentaDeTransferencias: null,
    cuentaDeTarjetaDeCredito: null,
    cuentaDeTarjetaDeDebitos: null,
    bancoInicioDeTurno: null,
    bancoCierreDeTurno: null,
    cuentaPagoAnticiposClientes: null,
  }),
  campos: [
    { tipo: 'texto', campo: 'nombre', etiqueta: 'Nombre', obligatorio: true, placeholder: 'Caja 1' },
    { tipo: 'texto', campo: 'descripcion', etiqueta: 'Descripción' },
    {
      tipo: 'interruptor',
      campo: 'predeterminado',
      etiqueta: 'Terminal predeterminado',
      descripcion: 'El que toman los documentos cuando no se elige otro',
      completo: true,
    },
    { grupo: 'Almacén y numeraciones' },
    {
      tipo: 'seleccion',
      campo: 'almacenPorDefecto',
      etiqueta: 'Almacén por defecto',
      fuente: { de: 'almacenes' },
    },
    {
      tipo: 'seleccion',
      campo: 'numeracionFacturas',
      etiqueta: 'Numeración de facturas',
      fuente: { de: 'numeraciones', tipoDeDocumento: 'ventas' },
    },
    {
      tipo: 'seleccion',
      campo: 'numeracionDevoluciones',
      etiqueta: 'Numeración de devoluciones',
      fuente: { de: 'numeraciones', tipoDeDocumento: 'notaDeCredito' },
    },
    {
      tipo: 'seleccion',
      campo: 'numeracionReciboDeCaja',
      etiqueta: 'Numeración de recibos de caja',
      fuente: { de: 'numeraciones', tipoDeDocumento: 'recibos' },
    },
    {
      tipo: 'seleccion',
      campo: 'usuariosViculados',
      etiqueta: 'Usuarios vinculados',
      fuente: { de: 'usuarios' },
      multiple: true,
      completo: true,
    },
    { grupo: 'Cuentas de cobro' },
    {
      tipo: 'seleccion',
      campo: 'cajaDefectvoIdRef',
      etiqueta: 'Caja por defecto',
      descripcion: 'Efectivo, cheque y otras formas de pago',
      fuente: { de: 'idDeCuenta', categorias: ['efectivo'] },
    },
    { tipo: 'cuenta', campo: 'cuentaContableBanco', etiqueta: 'Cuenta de banco', categorias: ['bancos'] },
    { tipo: 'cuenta', campo: 'cuentaDeTransferencias', etiqueta: 'Transferencias', categorias: ['bancos'] },
    {
      tipo: 'cuenta',
      campo: 'cuentaDeTarjetaDeCredito',
      etiqueta: 'Tarjeta de crédito',
      categorias: ['bancos'],
    },
    {
      tipo: 'cuenta',
      campo: 'cuentaDeTarjetaDeDebitos',
      etiqueta: 'Tarjeta de débito',
      categorias: ['bancos'],
    },
    {
      tipo: 'cuenta',
      campo: 'cuentaPagoAnticiposClientes',
      etiqueta: 'Anticipos de clientes',
      categorias: ['cuentasPorPagar', 'otros'],
    },
    { grupo: 'Turnos' },
    {
      tipo: 'cuenta',
      campo: 'bancoInicioDeTurno',
      etiqueta: 'Cuenta al abrir turno',
      categorias: ['efectivo', 'bancos'],
    },
    {
      tipo: 'cuenta',
      campo: 'bancoCierreDeTurno',
      etiqueta: 'Cuenta al cerrar turno',
      categorias: ['efectivo', 'bancos'],
    },
  ],
};

type ValoresAlmacen = { nombre: string };

const almacen: DefinicionDeMaestro<Almacen, ValoresAlmacen> = {
  clave: 'almacenes',
  rutas: RUTAS_DE_MAESTROS.almacenes,
  singular: 'almacén',
  endpoints: almacenes,
  esquemaCrear: CrearAlmacen,
  esquemaCambiar: CambiarAlmacen,
  desactivable: true,
  nombre: (a) => a.nombre,
  columnas: [
    { titulo: 'No.', celda: (a) => a.numeroAlmacen, alinear: 'right', ancho: 64 },
    { titulo: 'Nombre', celda: (a) => a.nombre },
  ],
  valoresIniciales: () => ({ nombre: '' }),
  campos: [
    {
      tipo: 'texto',
      campo: 'nombre',
      etiqueta: 'Nombre',
      obligatorio: true,
      placeholder: 'Almacén de la tienda',
    },
  ],
};

type ValoresCategoria = { orden: number | undefined; nombre: string; descripcion: string };

const categoria: DefinicionDeMaestro<Categoria, ValoresCategoria> = {
  clave: 'categorias',
  rutas: RUTAS_DE_MAESTROS.categorias,
  singular: 'categoría',
  femenino: true,
  endpoints: categorias,
  esquemaCrear: CrearCategoria,
  esquemaCambiar: CambiarCategoria,
  desactivable: true,
  nombre: (c) => c.nombre,
  columnas: [
    { titulo: 'Orden', celda: (c) => c.orden, alinear: 'right', ancho: 72 },
    { titulo: 'Nombre', celda: (c) => c.nombre },
    {
      titulo: 'Descripción',
      celda: (c) => (
        <Text size="sm" c="dimmed" truncate maw={320}>
          {c.descripcion || '—'}
        </Text>
      ),
    },
  ],
  valoresIniciales: () => ({ orden: undefined, nombre: '', descripcion: '' }),
  campos: [
    { tipo: 'texto', campo: 'nombre', etiqueta: 'Nombre', obligatorio: true, placeholder: 'Bebidas' },
    { tipo: 'numero', campo: 'orden', etiqueta: 'Orden', min: 0, descripcion: 'Posición en el catálogo' },
    { tipo: 'texto', campo: 'descripcion', etiqueta: 'Descripción', multilinea: true, completo: true },
  ],
};

type ValoresSeccion = ValoresCategoria & { categoriasProductosSeccionada: string[] };

const seccion: DefinicionDeMaestro<Seccion, ValoresSeccion> = {
  clave: 'secciones',
  rutas: RUTAS_DE_MAESTROS.secciones,
  singular: 'sección',
  femenino: true,
  endpoints: secciones,
  esquemaCrear: CrearSeccion,
  esquemaCambiar: CambiarSeccion,
  desactivable: true,
  nombre: (s) => s.nombre,
  columnas: [
    { titulo: 'Orden', celda: (s) => s.orden, alinear: 'right', ancho: 72 },
    { titulo: 'Nombre', celda: (s) => s.nombre },
    { titulo: 'Categorías', celda: (s) => s.categoriasProductosSeccionada.length, alinear: 'right' },
  ],
  valoresIniciales: () => ({
    orden: undefined,
    nombre: '',
    descripcion: '',
    categoriasProductosSeccionada: [],
  }),
  campos: [
    { tipo: 'texto', campo: 'nombre', etiqueta: 'Nombre', obligatorio: true, placeholder: 'Cocina' },
    { tipo: 'numero', campo: 'orden', etiqueta: 'Orden', min: 0, descripcion: 'Posición en el catálogo' },
    { tipo: 'texto', campo: 'descripcion', etiqueta: 'Descripción', multilinea: true, completo: true },
    {
      tipo: 'seleccion',
      campo: 'categoriasProductosSeccionada',
      etiqueta: 'Categorías de la sección',
      fuente: { de: 'categorias' },
      multiple: true,
      completo: true,
    },
  ],
};

type ValoresAreaDeProduccion = {
  nombre: string;
  descripcion: string;
  categoriasProductosSeccionada: string[];
};

const areaDeProduccion: DefinicionDeMaestro<AreaDeProduccion, ValoresAreaDeProduccion> = {
  clave: 'areasDeProduccion',
  rutas: RUTAS_DE_MAESTROS.areasDeProduccion,
  singular: 'área de producción',
  femenino: true,
  endpoints: areasDeProduccion,
  esquemaCrear: CrearAreaDeProduccion,
  esquemaCambiar: CambiarAreaDeProduccion,
  desactivable: false,
  nombre: (a) => a.nombre,
  columnas: [
    { titulo: 'Nombre', celda: (a) => a.nombre },
    {
      titulo: 'Descripción',
      celda: (a) => (
        <Text size="sm" c="dimmed" truncate maw={320}>
          {a.descripcion || '—'}
        </Text>
      ),
    },
    { titulo: 'Categorías', celda: (a) => a.categoriasProductosSeccionada.length, alinear: 'right' },
  ],
  valoresIniciales: () => ({ nombre: '', descripcion: '', categoriasProductosSeccionada: [] }),
  campos: [
    { tipo: 'texto', campo: 'nombre', etiqueta: 'Nombre', obligatorio: true, placeholder: 'Cocina caliente' },
    { tipo: 'texto', campo: 'descripcion', etiqueta: 'Descripción' },
    {
      tipo: 'seleccion',
      campo: 'categoriasProductosSeccionada',
      etiqueta: 'Categorías que prepara',
      fuente: { de: 'categorias' },
      multiple: true,
      completo: true,
    },
  ],
};

type ValoresLugar = { nombreDeAsignacion: string; descripcion: string; tipo: string };

const lugarDeAsignacion: DefinicionDeMaestro<LugarDeAsignacion, ValoresLugar> = {
  clave: 'lugaresDeAsignacion',
  rutas: RUTAS_DE_MAESTROS.lugaresDeAsignacion,
  singular: 'lugar de asignación',
  endpoints: lugaresDeAsignacion,
  esquemaCrear: CrearLugarDeAsignacion,
  esquemaCambiar: CambiarLugarDeAsignacion,
  desactivable: true,
  nombre: (l) => l.nombreDeAsignacion,
  columnas: [
    { titulo: 'Nombre', celda: (l) => l.nombreDeAsignacion },
    { titulo: 'Tipo', celda: (l) => l.tipo || '—' },
    {
      titulo: 'Descripción',
      celda: (l) => (
        <Text size="sm" c="dimmed" truncate maw={320}>
          {l.descripcion || '—'}
        </Text>
      ),
    },
  ],
  valoresIniciales: () => ({ nombreDeAsignacion: '', descripcion: '', tipo: '' }),
  campos: [
    {
      tipo: 'texto',
      campo: 'nombreDeAsignacion',
      etiqueta: 'Nombre',
      obligatorio: true,
      placeholder: 'Mesa 4',
    },
    { tipo: 'texto', campo: 'tipo', etiqueta: 'Tipo', placeholder: 'Mesa, habitación, mostrador…' },
    { tipo: 'texto', campo: 'descripcion', etiqueta: 'Descripción', multilinea: true, completo: true },
  ],
};

type ValoresPlan = {
  descripcion: string;
  precio: number | undefined;
  frecuencia: number | undefined;
  vigencia: number | undefined;
  cantidadDeUsuarios: number | undefined;
};

const plan: DefinicionDeMaestro<Plan, ValoresPlan> = {
  clave: 'planes',
  rutas: RUTAS_DE_MAESTROS.planes,
  singular: 'plan',
  endpoints: planes,
  esquemaCrear: CrearPlan,
  esquemaCambiar: CambiarPlan,
  desactivable: false,
  nombre: (p) => p.descripcion,
  columnas: [
    { titulo: 'Descripción', celda: (p) => p.descripcion },
    { titulo: 'Precio', celda: (p) => dinero(p.precio), alinear: 'right' },
    { titulo: 'Frecuencia', celda: (p) => `${p.frecuencia} días`, alinear: 'right' },
    { titulo: 'Vigencia', celda: (p) => `${p.vigencia} días`, alinear: 'right' },
    {
      titulo: 'Usuarios',
      celda: (p) => (p.cantidadDeUsuarios === 0 ? 'Ilimitados' : p.cantidadDeUsuarios),
      alinear: 'right',
    },
  ],
  // Spec 002 §9: the default plan frequency is 30 days.
  valoresIniciales: () => ({
    descripcion: '',
    precio: undefined,
    frecuencia: 30,
    vigencia: undefined,
    cantidadDeUsuarios: 0,
  }),
  campos: [
    {
      tipo: 'texto',
      campo: 'descripcion',
      etiqueta: 'Descripción',
      obligatorio: true,
      placeholder: 'Plan Pyme',
    },
    {
      tipo: 'numero',
      campo: 'precio',
      etiqueta: 'Precio',
      obligatorio: true,
      min: 0,
      decimales: 2,
      prefijo: 'RD$ ',
    },
    { tipo: 'numero', campo: 'frecuencia', etiqueta: 'Frecuencia de cobro', min: 1, sufijo: ' días' },
    { tipo: 'numero', campo: 'vigencia', etiqueta: 'Vigencia', min: 0, sufijo: ' días' },
    {
      tipo: 'numero',
      campo: 'cantidadDeUsuarios',
      etiqueta: 'Cantidad de usuarios',
      min: 0,
      descripcion: '0 = ilimitados',
    },
  ],
  buscarPor: 'Buscar por descripción',
};

/** A long text cell: one line, cut with an ellipsis; a dash when empty. */
function TextoCorto({ children }: { children: string }) {
  return (
    <Text size="sm" c={children ? undefined : 'dimmed'} truncate maw={520}>
      {children || '—'}
    </Text>
  );
}

// Spec 002 §9: accounting lists show 25 per page.
const POR_PAGINA_DE_CONTABILIDAD = 25;

type ValoresCentroDeCosto = { nombre: string; descripcion: string };

// Spec 002 §3 "Accounting": a cost centre (nombre, descripcion). No deactivation: a centre used in journal
// entries cannot be deleted and the server says so (spec 002 §8).
const centroDeCosto: DefinicionDeMaestro<CentroDeCosto, ValoresCentroDeCosto> = {
  clave: 'centrosDeCosto',
  rutas: RUTAS_DE_MAESTROS.centrosDeCosto,
  singular: 'centro de costo',
  endpoints: centrosDeCosto,
  esquemaCrear: CrearCentroDeCosto,
  esquemaCambiar: CambiarCentroDeCosto,
  desactivable: false,
  nombre: (c) => c.nombre,
  columnas: [
    { titulo: 'Nombre', celda: (c) => c.nombre },
    { titulo: 'Descripción', celda: (c) => <TextoCorto>{c.descripcion}</TextoCorto> },
  ],
  valoresIniciales: () => ({ nombre: '', descripcion: '' }),
  campos: [
    {
      tipo: 'texto',
      campo: 'nombre',
      etiqueta: 'Nombre',
      obligatorio: true,
      placeholder: 'Sucursal Santiago',
    },
    {
      tipo: 'texto',
      campo: 'descripcion',
      etiqueta: 'Descripción',
      descripcion: 'Para qué se usa: una tienda, un departamento, un proyecto.',
      multilinea: true,
      completo: true,
    },
  ],
  porPagina: POR_PAGINA_DE_CONTABILIDAD,
  // Spec 002 §8: 'No se actualizo el centro de costos', 'Error de Datos Requeridos'.
  titulosDeError: { crear: 'Error de Datos Requeridos', actualizar: 'No se actualizó el centro de costos' },
};

type ValoresOpcionEntradaDeDiario = { nombre: string; codigo: string; nota: string };

// Spec 002 §3 "Accounting": a journal option (nombre, codigo, nota), chosen on a manual journal entry.
const opcionEntradaDeDiario: DefinicionDeMaestro<OpcionEntradaDeDiario, ValoresOpcionEntradaDeDiario> = {
  clave: 'opcionesEntradaDeDiario',
  rutas: RUTAS_DE_MAESTROS.opcionesEntradaDeDiario,
  singular: 'opción de entrada de diario',
  femenino: true,
  endpoints: opcionesEntradaDeDiario,
  esquemaCrear: CrearOpcionEntradaDeDiario,
  esquemaCambiar: CambiarOpcionEntradaDeDiario,
  desactivable: false,
  nombre: (o) => o.nombre,
  columnas: [
    { titulo: 'Código', celda: (o) => o.codigo || '—', ancho: 120 },
    { titulo: 'Nombre', celda: (o) => o.nombre },
    { titulo: 'Nota', celda: (o) => <TextoCorto>{o.nota}</TextoCorto> },
  ],
  valoresIniciales: () => ({ nombre: '', codigo: '', nota: '' }),
  campos: [
    { tipo: 'texto', campo: 'nombre', etiqueta: 'Nombre', obligatorio: true, placeholder: 'Depreciación' },
    { tipo: 'texto', campo: 'codigo', etiqueta: 'Código', placeholder: 'DEP' },
    { tipo: 'texto', campo: 'nota', etiqueta: 'Nota', multilinea: true, completo: true },
  ],
  porPagina: POR_PAGINA_DE_CONTABILIDAD,
  // Spec 002 §8 names 'Error de Datos Requeridos' among the accounting failures.
  titulosDeError: { crear: 'Error de Datos Requeridos' },
};

/** A family's two screens, built once with its types known. */
type Pantallas = { Lista: ComponentType; Formulario: ComponentType };

function pantallas<F extends { _id: string }, V extends Record<string, unknown>>(
  definicion: DefinicionDeMaestro<F, V>,
): Pantallas {
  return {
    Lista: () => <ListaDeMaestro definicion={definicion} />,
    Formulario: () => <FormularioDeMaestro definicion={definicion} />,
  };
}

export const FAMILIAS: Record<ClaveDeFamilia, Pantallas> = {
  impuestos: pantallas(impuesto),
  listasDePrecio: pantallas(listaDePrecio),
  retenciones: pantallas(retencion),
  terminales: pantallas(terminal),
  almacenes: pantallas(almacen),
  categorias: pantallas(categoria),
  secciones: pantallas(seccion),
  areasDeProduccion: pantallas(areaDeProduccion),
  lugaresDeAsignacion: pantallas(lugarDeAsignacion),
  planes: pantallas(plan),
  centrosDeCosto: pantallas(centroDeCosto),
  opcionesEntradaDeDiario: pantallas(opcionEntradaDeDiario),
};
