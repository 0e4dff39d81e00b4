import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MENSAJE_CODIGO_INVALIDO, MENSAJE_SIN_LINEAS_FACTURA, pedidosApi, tienePermiso } from '@pos/contract';
import { CONFIRMACION_ACTUALIZAR_PRECIOS, PESTANA_PREDETERMINADA } from '@pos/domain';
import { IconAlertTriangle, IconClockPause, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, esSinRespuesta } from '../../api/client.ts';
import { registrarAtajo, type Tecla } from '../../app/atajos.ts';
import { useConexion } from '../../app/Conexion.tsx';
import { useConfiguracionGeneral } from '../../app/useEmpresa.ts';
import { Cargando } from '../../ui/Cargando.tsx';
import { diferido } from '../../ui/diferido.tsx';
import { dinero } from '../../ui/formato.ts';
import { avisarBajoStock, avisarFacturaNoGuardada } from '../facturas/avisosDeVenta.tsx';
import { agregarSinConexion } from '../offline/agregarSinConexion.ts';
import { contactoPendienteDelBorrador } from '../offline/contactosLocales.ts';
import {
  AVISO_FACTURA_SIN_CONEXION,
  detalleSinConexion,
  guardarFacturaSinConexion,
} from '../offline/facturaSinConexion.ts';
import { useSinConexion } from '../offline/ProveedorSinConexion.tsx';
import {
  AVISO_PEDIDO_SIN_CONEXION,
  cuerpoDeEdicion,
  cuerpoDePedido,
  guardarPedidoSinConexion,
} from '../pedidos/pedidoDelBorrador.ts';
import { leer as leerBorradores, useBorradores } from './almacen.ts';
import {
  avisarErrorAlAgregar,
  clasificarRechazo,
  DURACION_AVISO_SOCIO_MS,
  DURACION_BANNER_EXISTENCIA_MS,
  dialogoConTiempo,
  useTurnoCerradoEnElPos,
} from './avisos.tsx';
import { BarraDeBusqueda, type TipoDeBusqueda } from './BarraDeBusqueda.tsx';
import {
  type AgregadoPos,
  agregarAlBorrador,
  aplicarDescuentoAlBorrador,
  type Borrador,
  type CambiosDeLinea,
  type ClienteDelBorrador,
  type ContextoDeVenta,
  cambiarLinea,
  cambiarListaDelBorrador,
  cambiarModoDeLinea,
  cantidadDeArticulos,
  cuerpoDeFactura,
  elegirCliente,
  nombreDeBorrador,
  quitarLinea,
  totalesDelBorrador,
} from './borrador.ts';
import { crearLectorDeEscaner } from './lectorDeEscaner.ts';
import type { VentaRealizada } from './ModalVentaRealizada.tsx';
import { PanelDeVenta } from './PanelDeVenta.tsx';
import { actualizarBorrador, borradorActivo, limpiarPestana } from './pestanas.ts';
import { agregarProductoPos, crearFacturaPos, posQueries } from './queries.ts';
import { DETALLES_TURNOS } from './rutas.ts';
import { TablaDeLineasPos } from './TablaDeLineasPos.tsx';
import { usePuntoDeVenta } from './usePuntoDeVenta.ts';

// The dialogs are not needed to show the POS: their code loads once the POS is usable (or when first
// opened, if sooner), so the first load carries only the screen itself.
const ListaDeProductos = diferido(
  async () => (await import('./ModalListaDeProductos.tsx')).ModalListaDeProductos,
);
const EditarLinea = diferido(async () => (await import('./ModalEditarLinea.tsx')).ModalEditarLinea);
const Cobro = diferido(async () => (await import('./ModalCobro.tsx')).ModalCobro);
const CodigoDeAutorizacion = diferido(
  async () => (await import('./ModalCodigoDeAutorizacion.tsx')).ModalCodigoDeAutorizacion,
);
const VentaRealizadaDiferida = diferido(
  async () => (await import('./ModalVentaRealizada.tsx')).ModalVentaRealizada,
);

/** Downloads the code of the POS's dialogs (once). */
export function precargarDialogos(): Promise<unknown> {
  return Promise.all(
    [ListaDeProductos, EditarLinea, Cobro, CodigoDeAutorizacion, VentaRealizadaDiferida].map((d) =>
      d.precargar(),
    ),
  );
}

function nuevoId(): string {
  return crypto.randomUUID();
}

/** Binds a shortcut only while `activo` (a POS modal open lets its own keys, such as Home, work). */
function useAtajoSi(tecla: Tecla, activo: boolean, manejador: () => void): void {
  const ref = useRef(manejador);
  // Updated on commit, so a key acts with what the screen shows, never a render React has not shown.
  useLayoutEffect(() => {
    ref.current = manejador;
  });
  useEffect(() => (activo ? registrarAtajo(tecla, () => ref.current()) : undefined), [tecla, activo]);
}

function esEditable(destino: EventTarget | null): boolean {
  return (
    destino instanceof HTMLElement &&
    (destino.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(destino.tagName))
  );
}

type Aviso = { tipo: 'warning' | 'danger'; mensaje: string };
type Busqueda = { abierta: boolean; texto: string; categorias: boolean };

/** /vistas_pos/facturacion: the POS sale screen (spec 000 §2, §4; 001 §1-§4, §8). */
export default function FacturacionPage() {
  const pos = usePuntoDeVenta();
  const { perfil } = pos;
  const { enLinea } = useConexion();
  const sinConexion = useSinConexion();
  const [estado, cambiar] = useBorradores(pos.clave);
  const borrador = borradorActivo(estado);
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const turnoCerrado = useTurnoCerradoEnElPos();
  const compacta = useMediaQuery('(max-width: 64em)') ?? false;
  // Portrait tablets (768 px): one column, the panel under the lines.
  const estrecha = useMediaQuery('(max-width: 56em)') ?? false;
  // Phones (390 px): the panel in one column under the lines; the lines take what is left, so the total
  // and «Cobrar» stay on screen.
  const movil = useMediaQuery('(max-width: 36em)') ?? false;
  const campo = useRef<HTMLInputElement>(null);
  const [tipo, setTipo] = useState<TipoDeBusqueda>('codigo');
  const [busqueda, setBusqueda] = useState<Busqueda>({ abierta: false, texto: '', categorias: false });
  const [editando, setEditando] = useState<string | null>(null);
  const [cobrando, setCobrando] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [venta, setVenta] = useState<VentaRealizada | null>(null);
  const [codigo, setCodigo] = useState<{ mensaje: string; error: string | null } | null>(null);
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const [ultimo, setUltimo] = useState<string | null>(null);
  const [pendientes, setPendientes] = useState(0);
  const cola = useRef<Promise<void>>(Promise.resolve());
  const enviandoRef = useRef(false);
  const temporizadorDeAviso = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listas = useQuery(posQueries.listasDePrecio()).data ?? [];
  // Spec 000 §5: blocking when out of stock applies only with the company's setting on.
  const general = useConfiguracionGeneral();
  const bloqueoPorNoExistencia = general?.bloqueoPorNoExistencia ?? false;
  const predeterminada = listas.find((lista) => lista.predeterminado);

  // The latest draft for callbacks that run later (a retry, a queued scan).
  const borradorRef = useRef<Borrador | undefined>(borrador);
  borradorRef.current = borrador;

  const limiteDescuento = perfil?.limiteDescuento ?? 100;
  const puedeGuardarPedido =
    perfil !== undefined && tienePermiso(perfil.privilegios, 'puntoDeVentas', 'crear');
  const modalAbierto = busqueda.abierta || editando !== null || cobrando || venta !== null || codigo !== null;

  const enfocar = useCallback(() => {
    setTimeout(() => campo.current?.focus(), 0);
  }, []);

  const actualizar = useCallback(
    (numero: number, cambio: (b: Borrador) => Borrador) =>
      cambiar((e) => actualizarBorrador(e, numero, cambio)),
    [cambiar],
  );

  useEffect(() => () => clearTimeout(temporizadorDeAviso.current), []);

  // The downloaded catalogue is loaded while online, so it is ready the moment the network drops.
  const cargarCatalogo = sinConexion?.cargarCatalogo;
  useEffect(() => cargarCatalogo?.(), [cargarCatalogo]);

  // The field is disabled until the warehouse is known; then it takes the focus (spec: focus by default).
  const listo = pos.idAlmacen !== null;
  useEffect(() => {
    if (listo) {
      enfocar();
    }
  }, [listo, enfocar]);
  // Once usable, the dialogs' code downloads in the background: F8 or F12 then open at once.
  useEffect(() => {
    if (listo) {
      void precargarDialogos();
    }
  }, [listo]);

  function mostrarAviso(nuevo: Aviso) {
    clearTimeout(temporizadorDeAviso.current);
    setAviso(nuevo);
    temporizadorDeAviso.current = setTimeout(() => setAviso(null), DURACION_BANNER_EXISTENCIA_MS);
  }

  // Spec 000 §4, §7: the product of a code for the draft, by POST /registro-productos/agregarproducto.
  // Spec 000 §7 "Offline mode": without a connection it comes from the local store, priced by the same
  // rules; a call that finds no server also falls back to it.
  function buscarProducto(
    actual: Borrador,
    idAlmacen: string,
    codigoLeido: string,
    agregarComoPaquete: boolean,
  ): Promise<AgregadoPos> {
    const idListaDePrecio = actual.idListaDePrecio ?? predeterminada?._id ?? null;
    const catalogo = sinConexion?.catalogo ?? null;
    const local = () => {
      if (!catalogo) {
        throw new Error('Sin conexión y sin catálogo guardado: prepare el modo sin conexión.');
      }
      return agregarSinConexion(catalogo, {
        codigo: codigoLeido,
        idAlmacen,
        agregarComoPaquete,
        lista: listas.find((l) => l._id === idListaDePrecio),
        socio: actual.cliente?.socio ?? false,
        bloqueoPorNoExistenciaDelInventario: bloqueoPorNoExistencia,
        usoCodigoDeBalanza: general?.usoCodigoDeBalanza ?? false,
      });
    };
    if (!enLinea) {
      return Promise.resolve().then(local);
    }
    return agregarProductoPos({
      idCodigoDeBarra: codigoLeido,
      Almacen: idAlmacen,
      agregarComoPaquete,
      idListaDePrecio,
      idCliente: actual.cliente?.sinSincronizar ? null : (actual.cliente?._id ?? null),
      bloqueoPorNoExistenciaDelInventario: bloqueoPorNoExistencia,
    }).catch((error: unknown) => {
      if (esSinRespuesta(error) && catalogo) {
        return local();
      }
      throw error;
    });
  }

  // Spec 000 §4, §7: every code goes to POST /registro-productos/agregarproducto with the warehouse, the
  // draft's price list and customer. Requests start at once; their answers are applied in scan order.
  function agregar(codigoLeido: string) {
    const actual = borradorRef.current;
    if (!actual) {
      return;
    }
    const numero = actual.numero;
    if (!pos.idAlmacen) {
      avisarErrorAlAgregar(new Error('Sin almacén'));
      return;
    }
    const peticion = buscarProducto(actual, pos.idAlmacen, codigoLeido, false);
    // An unhandled rejection is avoided here; the queue below reports it.
    peticion.catch(() => undefined);
    setPendientes((n) => n + 1);
    cola.current = cola.current.then(async () => {
      try {
        const agregado = await peticion;
        let clave: string | null = null;
        actualizar(numero, (b) => {
          const resultado = agregarAlBorrador(b, agregado, nuevoId());
          clave = resultado.clave;
          return resultado.borrador;
        });
        setUltimo(`${agregado.linea.descripcion}${agregado.cantidad !== 1 ? ` × ${agregado.cantidad}` : ''}`);
        if (agregado.aviso) {
          mostrarAviso(agregado.aviso);
        }
        // Spec 000 §4, 001 §1: with autoAbrirEditarProducto and the default finder 0, the editor opens 100 ms later.
        if (perfil?.autoAbrirEditarProducto && perfil.buscadorPredeterminado === 0 && clave) {
          const abrir = clave;
          setTimeout(() => setEditando(abrir), 100);
        }
      } catch (error) {
        avisarErrorAlAgregar(error);
      } finally {
        setPendientes((n) => n - 1);
      }
    });
  }
  const agregarRef = useRef(agregar);
  agregarRef.current = agregar;

  // A scan made while the focus is outside the barcode field (a button, the table) still adds the product.
  useEffect(() => {
    const lector = crearLectorDeEscaner();
    const alTeclear = (evento: KeyboardEvent) => {
      if (
        evento.target === campo.current ||
        esEditable(evento.target) ||
        document.querySelector('[role="dialog"]')
      ) {
        lector.reiniciar();
        return;
      }
      const leido = lector.tecla(evento.key, evento.timeStamp);
      if (leido) {
        evento.preventDefault();
        agregarRef.current(leido);
        campo.current?.focus();
      }
    };
    window.addEventListener('keydown', alTeclear, true);
    return () => window.removeEventListener('keydown', alTeclear, true);
  }, []);

  const seleccionada = borrador?.lineas.find((linea) => linea.clave === borrador.seleccionada) ?? null;

  // The stored draft, not this render's: a key pressed right after a scan acts on what it added.
  function borradorGuardado(): Borrador | undefined {
    return pos.clave ? borradorActivo(leerBorradores(pos.clave)) : undefined;
  }

  // Spec 000 §2: the shortcuts that act on the sale (F6, F7, F12) wait for the scans already made to be
  // applied, in order: scan, scan, F12 charges both; F6 saves the second unit of a product scanned twice.
  function trasLosEscaneos(accion: () => void | Promise<void>): void {
    // Each action reports its own failures; the queue goes on either way.
    cola.current = cola.current.then(accion).catch(() => undefined);
  }

  // Spec 000 §2 F7: toggle unit/package on the selected line by re-adding it with agregarComoPaquete.
  async function cambiarModo() {
    const actual = borradorGuardado();
    const linea = actual?.lineas.find((l) => l.clave === actual.seleccionada);
    if (!actual || !linea || !pos.idAlmacen) {
      return;
    }
    const numero = actual.numero;
    try {
      const agregado = await buscarProducto(actual, pos.idAlmacen, linea.idProducto, !linea.paquete);
      actualizar(numero, (b) => cambiarModoDeLinea(b, linea.clave, agregado, nuevoId()));
      setUltimo(
        `${agregado.linea.descripcion}: ${agregado.paquete ? agregado.nombrePaquete || 'paquete' : 'unidad'}`,
      );
    } catch (error) {
      avisarErrorAlAgregar(error);
    }
  }

  function moverSeleccion(paso: 1 | -1) {
    if (!borrador || borrador.lineas.length === 0) {
      return;
    }
    const indice = borrador.lineas.findIndex((linea) => linea.clave === borrador.seleccionada);
    const destino =
      indice === -1
        ? paso === 1
          ? 0
          : borrador.lineas.length - 1
        : Math.max(0, Math.min(indice + paso, borrador.lineas.length - 1));
    const clave = borrador.lineas[destino]?.clave ?? null;
    actualizar(borrador.numero, (b) => ({ ...b, seleccionada: clave }));
  }

  // Spec 001 §1: a partner customer gets the lines' partner discounts, a non-partner loses them, with a
  // 5200 ms notice. A customer with their own price list moves the sale to it (with the confirmation).
  function alElegirCliente(cliente: ClienteDelBorrador | null) {
    if (!borrador) {
      return;
    }
    let avisar = false;
    actualizar(borrador.numero, (b) => {
      const resultado = elegirCliente(b, cliente);
      avisar = resultado.avisar;
      return resultado.borrador;
    });
    if (avisar) {
      notifications.show({
        color: cliente?.socio ? 'teal' : 'blue',
        title: cliente?.socio ? 'Cliente socio' : 'Cliente no socio',
        message: cliente?.socio
          ? 'Se aplicó el descuento para socios a los artículos que lo tienen.'
          : 'Se quitó el descuento para socios de los artículos.',
        autoClose: DURACION_AVISO_SOCIO_MS,
      });
    }
    const listaActual = borrador.idListaDePrecio ?? predeterminada?._id ?? null;
    if (cliente?.idListaDePrecio && cliente.idListaDePrecio !== listaActual) {
      cambiarLista(cliente.idListaDePrecio);
    }
    enfocar();
  }

  // Spec 000 §4, §8: with lines, the new list re-prices them after 'Actualizar los precios' / 'Si, Actualizar!'.
  function cambiarLista(id: string) {
    if (!borrador) {
      return;
    }
    const lista = listas.find((l) => l._id === id);
    if (!lista) {
      return;
    }
    const numero = borrador.numero;
    const aplicar = () => actualizar(numero, (b) => cambiarListaDelBorrador(b, lista));
    if (borrador.lineas.length === 0) {
      aplicar();
      return;
    }
    modals.openConfirmModal({
      title: CONFIRMACION_ACTUALIZAR_PRECIOS.titulo,
      centered: true,
      children: (
        <Text size="sm">
          {CONFIRMACION_ACTUALIZAR_PRECIOS.texto} listado de precios «{lista.nombre}».
        </Text>
      ),
      labels: { confirm: CONFIRMACION_ACTUALIZAR_PRECIOS.boton, cancel: 'Cancelar' },
      onConfirm: aplicar,
      onClose: enfocar,
    });
  }

  function abrirCobro() {
    const actual = borradorGuardado();
    if (!actual) {
      return;
    }
    if (actual.lineas.length === 0) {
      dialogoConTiempo({
        titulo: 'Sin artículos',
        texto: MENSAJE_SIN_LINEAS_FACTURA,
        duracion: 2400,
        tono: 'orange',
      });
      return;
    }
    if (!pos.contexto) {
      return;
    }
    setCobrando(true);
  }

  // Spec 001 §3-§4: the draft kept as a sales order (POST /pedido/), or the order it was opened from
  // saved again (PATCH /pedido/{id}); offline a new order waits in pedidosPendientes (issue 8).
  async function guardarPedido() {
    const actual = borradorGuardado();
    if (!actual || actual.lineas.length === 0 || enviandoRef.current) {
      return;
    }
    enviandoRef.current = true;
    setEnviando(true);
    try {
      if (!enLinea || actual.cliente?.sinSincronizar) {
        if (actual.pedido) {
          throw new Error('Un pedido ya guardado se modifica con conexión.');
        }
        const base = sinConexion?.base;
        if (!base) {
          throw new Error('Este navegador no puede guardar pedidos sin conexión.');
        }
        await guardarPedidoSinConexion(
          base,
          actual,
          pos.idAlmacen,
          await contactoPendienteDelBorrador(base, actual.cliente),
        );
        notifications.show({ color: 'orange', message: AVISO_PEDIDO_SIN_CONEXION, autoClose: 4500 });
      } else {
        const detalle = actual.pedido
          ? await api(pedidosApi.actualizar, {
              params: { id: actual.pedido.id },
              body: cuerpoDeEdicion(actual, pos.idAlmacen),
            })
          : await api(pedidosApi.crear, { body: cuerpoDePedido(actual, pos.idAlmacen) });
        notifications.show({
          color: 'green',
          message: `Pedido ${detalle.pedidoDb.numeroPedido} guardado (${dinero(detalle.pedidoDb.totalGral)}).`,
          autoClose: 3000,
        });
        void queryClient.invalidateQueries({ queryKey: ['pedidos'] });
      }
      cambiar((e) => limpiarPestana(e, actual.numero, nuevoId));
      setUltimo(null);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Tenemos un error, no podimos hacer la actualización',
        message: error instanceof Error ? error.message : '',
        autoClose: 9000,
      });
    } finally {
      enviandoRef.current = false;
      setEnviando(false);
      enfocar();
    }
  }

  // Issue 8, spec 001 §4, §8: offline the invoice is queued with the draft's identificadorUnico and its
  // receipt shows PENDIENTE; the sync creates it once and numbers it. A customer created offline always
  // goes this way too, inside the invoice.
  async function cobrarSinConexion(actual: Borrador, contexto: ContextoDeVenta) {
    const base = sinConexion?.base;
    if (!base) {
      avisarFacturaNoGuardada('Este navegador no puede guardar facturas sin conexión.', () => undefined);
      return;
    }
    const detalle = detalleSinConexion(actual, contexto, { creadaPor: perfil?.username ?? '' });
    await guardarFacturaSinConexion(
      base,
      actual,
      contexto,
      await contactoPendienteDelBorrador(base, actual.cliente),
      detalle.FacturaDb,
    );
    notifications.show({
      color: 'orange',
      title: AVISO_FACTURA_SIN_CONEXION,
      message: 'Se enviará al servidor, con su NCF, cuando vuelva la conexión.',
      autoClose: 4500,
    });
    cambiar((e) => limpiarPestana(e, actual.numero, nuevoId));
    setCobrando(false);
    setUltimo(null);
    setVenta({ detalle, duplicada: false, sinConexion: true });
  }

  // Spec 001 §7, §8: POST /factura/crear; the draft's identificadorUnico makes a retry safe.
  async function cobrar(opciones: { codigoDeAutorizacion?: string } = {}) {
    const actual = borradorRef.current;
    const contexto = pos.contexto;
    if (!actual || !contexto || enviandoRef.current) {
      return;
    }
    const numero = actual.numero;
    enviandoRef.current = true;
    setEnviando(true);
    try {
      if (!enLinea || actual.cliente?.sinSincronizar) {
        await cobrarSinConexion(actual, contexto);
        return;
      }
      const respuesta = await crearFacturaPos(cuerpoDeFactura(actual, contexto, opciones));
      cambiar((e) => limpiarPestana(e, numero, nuevoId));
      setCobrando(false);
      setCodigo(null);
      setUltimo(null);
      setVenta({ detalle: respuesta, duplicada: respuesta.solicitudDuplicada });
      void queryClient.invalidateQueries({ queryKey: ['facturas'] });
    } catch (error) {
      if (esSinRespuesta(error) && sinConexion?.base) {
        // No answer: queued. Had the server created it after all, the sync finds it by identificadorUnico.
        await cobrarSinConexion(actual, contexto).catch((otro: unknown) =>
          avisarFacturaNoGuardada(clasificarRechazo(otro).mensaje, () => void cobrar(opciones)),
        );
        return;
      }
      const rechazo = clasificarRechazo(error);
      if (rechazo.tipo === 'turnoCerrado') {
        setCobrando(false);
        turnoCerrado(rechazo.mensaje);
      } else if (rechazo.tipo === 'bajoStock') {
        avisarBajoStock(rechazo.mensaje, rechazo.productos);
      } else if (rechazo.tipo === 'limiteDeCredito') {
        setCodigo({ mensaje: rechazo.mensaje, error: null });
      } else if (opciones.codigoDeAutorizacion && rechazo.mensaje === MENSAJE_CODIGO_INVALIDO) {
        setCodigo((anterior) => ({ mensaje: anterior?.mensaje ?? '', error: rechazo.mensaje }));
      } else {
        avisarFacturaNoGuardada(rechazo.mensaje, () => void cobrar(opciones));
      }
    } finally {
      enviandoRef.current = false;
      setEnviando(false);
    }
  }

  function nuevaVenta() {
    if (venta) {
      setVenta(null);
      enfocar();
      return;
    }
    if (!borrador) {
      return;
    }
    const numero = borrador.numero;
    const limpiar = () => {
      cambiar((e) => limpiarPestana(e, numero, nuevoId));
      setUltimo(null);
      enfocar();
    };
    if (borrador.lineas.length === 0) {
      limpiar();
      return;
    }
    modals.openConfirmModal({
      title: 'Nueva venta',
      centered: true,
      children: <Text size="sm">Se descartarán los artículos de {nombreDeBorrador(borrador)}.</Text>,
      labels: { confirm: 'Sí, nueva venta', cancel: 'Cancelar' },
      confirmProps: { color: 'red', 'data-autofocus': true },
      onConfirm: limpiar,
      onClose: enfocar,
    });
  }

  // Spec 000 §2 "Keyboard shortcuts" (F10 is the layout's, for every POS screen).
  const teclasActivas = borrador !== undefined && !modalAbierto;
  useAtajoSi('F1', borrador !== undefined && (!modalAbierto || venta !== null), nuevaVenta);
  useAtajoSi('F7', teclasActivas, () => trasLosEscaneos(cambiarModo));
  useAtajoSi('F8', teclasActivas, () => {
    setTipo((t) => (t === 'codigo' ? 'nombre' : 'codigo'));
    enfocar();
  });
  useAtajoSi('F9', teclasActivas, () => setBusqueda({ abierta: true, texto: '', categorias: true }));
  useAtajoSi('F12', teclasActivas, () => trasLosEscaneos(abrirCobro));
  // Spec 000 §2: F6 copies the sale to an order.
  useAtajoSi('F6', teclasActivas && puedeGuardarPedido, () => trasLosEscaneos(guardarPedido));
  useAtajoSi('Home', teclasActivas, () => {
    if (seleccionada) {
      setEditando(seleccionada.clave);
    }
  });

  if (!pos.clave || !perfil) {
    return <Cargando />;
  }
  if (!borrador) {
    const primera = estado.pestanas.find((b) => b.numero === PESTANA_PREDETERMINADA);
    return (
      <Center h="100%">
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">
            Cerrando la venta… volviendo a {primera ? nombreDeBorrador(primera) : 'Venta 1'}
          </Text>
        </Stack>
      </Center>
    );
  }

  const totales = totalesDelBorrador(borrador);
  const sinTurno = !pos.cargandoTurno && pos.turno === null && pos.errorDelTurno === null;
  const bloqueoDeCobro = pos.cargandoTurno
    ? 'Leyendo el turno…'
    : pos.turno === null
      ? 'Abre un turno para cobrar'
      : pos.contexto === null
        ? 'Buscando el almacén del terminal…'
        : borrador.lineas.length === 0
          ? 'Agrega artículos a la venta'
          : null;
  const editada = borrador.lineas.find((linea) => linea.clave === editando) ?? null;
  const numero = borrador.numero;

  return (
    <Box
      p="sm"
      h="100%"
      style={{
        display: 'grid',
        gridTemplateColumns: estrecha ? 'minmax(0, 1fr)' : `minmax(0, 1fr) ${compacta ? 300 : 360}px`,
        gridTemplateRows: estrecha ? 'auto auto minmax(0, 1fr) auto' : 'auto auto minmax(0, 1fr)',
        gap: 10,
      }}
    >
      <Box style={{ gridColumn: 1 }}>
        <BarraDeBusqueda
          ref={campo}
          tipo={tipo}
          alCambiarTipo={() => {
            setTipo((t) => (t === 'codigo' ? 'nombre' : 'codigo'));
            enfocar();
          }}
          alEnviarCodigo={agregar}
          alBuscarNombre={(texto) => setBusqueda({ abierta: true, texto, categorias: false })}
          alAbrirCategorias={() => setBusqueda({ abierta: true, texto: '', categorias: true })}
          alMoverSeleccion={moverSeleccion}
          pendientes={pendientes}
          deshabilitado={pos.idAlmacen === null}
          compacta={estrecha}
        />
      </Box>
      <Box style={{ gridColumn: 1 }} mih={36}>
        {/* Offline the kept shift is used; its failed refresh is no news. */}
        {pos.errorDelTurno && enLinea ? (
          <Alert color="orange" variant="light" py={6} icon={<IconAlertTriangle size={18} />}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">No se pudo leer el turno: {pos.errorDelTurno.message}</Text>
              <Button size="compact-sm" variant="light" color="orange" onClick={pos.reintentarTurno}>
                Reintentar
              </Button>
            </Group>
          </Alert>
        ) : sinTurno ? (
          <Alert color="red" variant="light" py={6} icon={<IconClockPause size={18} />} role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                No hay un turno abierto. Abre un turno para poder cobrar en el punto de venta.
              </Text>
              <Button size="compact-sm" color="red" onClick={() => void navegar(DETALLES_TURNOS)}>
                Abrir turno
              </Button>
            </Group>
          </Alert>
        ) : aviso ? (
          <Alert
            color={aviso.tipo === 'danger' ? 'red' : 'yellow'}
            variant="filled"
            py={6}
            icon={<IconAlertTriangle size={18} />}
            role="status"
          >
            <Text size="sm" fw={600}>
              {aviso.mensaje}
            </Text>
          </Alert>
        ) : (
          <Group justify="space-between" h={36} px={4} wrap="nowrap">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Badge variant="light" size="lg">
                {nombreDeBorrador(borrador)}
              </Badge>
              {ultimo && (
                <Text size="sm" c="dimmed" lineClamp={1}>
                  <IconInfoCircle size={14} style={{ verticalAlign: -2 }} /> Agregado: {ultimo}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
              {pos.nombreTerminal ? `Terminal: ${pos.nombreTerminal}` : ''}
            </Text>
          </Group>
        )}
      </Box>
      <Paper withBorder radius="md" style={{ gridColumn: 1, minHeight: 0, overflow: 'hidden' }}>
        <TablaDeLineasPos
          lineas={borrador.lineas}
          seleccionada={borrador.seleccionada}
          compacta={compacta}
          alSeleccionar={(clave) => {
            actualizar(numero, (b) => ({ ...b, seleccionada: clave }));
            enfocar();
          }}
          alEditar={(clave) => {
            actualizar(numero, (b) => ({ ...b, seleccionada: clave }));
            setEditando(clave);
          }}
          alQuitar={(clave) => {
            actualizar(numero, (b) => quitarLinea(b, clave));
            enfocar();
          }}
        />
      </Paper>
      <Box style={estrecha ? { gridColumn: 1 } : { gridColumn: 2, gridRow: '1 / span 3', minHeight: 0 }}>
        <PanelDeVenta
          horizontal={estrecha && !movil}
          apilado={movil}
          totales={totales}
          articulos={cantidadDeArticulos(borrador)}
          cliente={borrador.cliente}
          alElegirCliente={alElegirCliente}
          puedeBuscarClientes={tienePermiso(perfil.privilegios, 'clientes', 'ver')}
          puedeCrearClientes={tienePermiso(perfil.privilegios, 'clientes', 'crear')}
          listas={listas}
          idLista={borrador.idListaDePrecio}
          alCambiarLista={cambiarLista}
          descuentoGlobal={borrador.descuentoGlobal}
          limiteDescuento={limiteDescuento}
          alCambiarDescuento={(porcentaje) => {
            actualizar(numero, (b) => aplicarDescuentoAlBorrador(b, porcentaje));
            enfocar();
          }}
          alCobrar={abrirCobro}
          bloqueoDeCobro={bloqueoDeCobro}
          alGuardarPedido={puedeGuardarPedido ? () => void guardarPedido() : undefined}
          numeroPedido={borrador.pedido?.numero ?? null}
        />
      </Box>

      <ListaDeProductos.Componente
        montar={busqueda.abierta}
        abierto={busqueda.abierta}
        alCerrar={() => setBusqueda((b) => ({ ...b, abierta: false }))}
        idAlmacen={pos.idAlmacen}
        textoInicial={busqueda.texto}
        enCategorias={busqueda.categorias}
        alElegir={(producto) => {
          setBusqueda((b) => ({ ...b, abierta: false }));
          agregar(producto._id);
        }}
      />
      <EditarLinea.Componente
        montar={editada !== null}
        linea={editada}
        alCerrar={() => setEditando(null)}
        bloquearPrecio={perfil.bloquearPrecio}
        limiteDescuento={limiteDescuento}
        socio={borrador.cliente?.socio ?? false}
        alGuardar={(cambios: CambiosDeLinea) => {
          if (editada) {
            actualizar(numero, (b) => cambiarLinea(b, editada.clave, cambios));
          }
          setEditando(null);
        }}
        alQuitar={() => {
          if (editada) {
            actualizar(numero, (b) => quitarLinea(b, editada.clave));
          }
          setEditando(null);
        }}
      />
      <Cobro.Componente
        montar={cobrando}
        abierto={cobrando}
        alCerrar={() => !enviando && setCobrando(false)}
        total={totales.total}
        pago={borrador.pago}
        alCambiarPago={(pago) => actualizar(numero, (b) => ({ ...b, pago }))}
        cliente={borrador.cliente}
        enviando={enviando}
        alConfirmar={() => void cobrar()}
      />
      <CodigoDeAutorizacion.Componente
        montar={codigo !== null}
        abierto={codigo !== null}
        mensaje={codigo?.mensaje ?? ''}
        error={codigo?.error ?? null}
        enviando={enviando}
        alCerrar={() => setCodigo(null)}
        alConfirmar={(valor) => void cobrar({ codigoDeAutorizacion: valor })}
      />
      <VentaRealizadaDiferida.Componente
        montar={venta !== null}
        venta={venta}
        perfil={perfil}
        alNuevaVenta={nuevaVenta}
      />
    </Box>
  );
}
