import {
  type DetalleFactura,
  type DetalleNotaDeCredito,
  MENSAJE_DEVOLUCIONES_ACTIVAS,
  MENSAJE_FACTURA_REPETIDA,
  MENSAJE_NOTA_SIN_LINEAS,
  MENSAJE_UNA_SOLA_FACTURA,
  reglaDeVinculos,
} from '@pos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorDeApi } from '../../api/client.ts';
import {
  cantidadesValidas,
  type LineaDelFormulario,
  lineaDesdeVenta,
  totalesDelFormulario,
} from '../../ui/documento/lineas.ts';
import { cantidad } from '../../ui/formato.ts';
import { facturaQueries } from '../facturas/queries.ts';
import { nuevoReembolso } from './PanelDeDestino.tsx';
import { notaDeCreditoQueries } from './queries.ts';
import {
  aLineaDeNota,
  cambioDeDestino,
  type Destino,
  devolviblesDeLaFactura,
  excesoDeDevolucion,
  excesoDeReembolso,
  lineasPropuestas,
  type Reembolso,
  repartoDelTotal,
  vinculos,
} from './reglas.ts';

/** The messages of spec 001 §5 about the note's links: shown by the destination, not as a toast. */
const MENSAJES_DE_VINCULOS = [
  MENSAJE_DEVOLUCIONES_ACTIVAS,
  MENSAJE_UNA_SOLA_FACTURA,
  MENSAJE_FACTURA_REPETIDA,
];

export const MENSAJE_SIN_DEVOLVIBLES =
  'Todo lo vendido en esta factura ya fue devuelto por otras notas de crédito.';
export const MENSAJE_SIN_REEMBOLSO = 'Escribe cuánto dinero se devuelve, o elige «Crédito a favor».';

type Errores = { factura?: string; lineas?: string; destino?: string };

function destinoGuardado(g: DetalleNotaDeCredito): Destino {
  if (g.lineasCreditoFacturas.length > 0) {
    return 'factura';
  }
  return g.lineasDevoluciones.length > 0 ? 'reembolso' : 'credito';
}

/**
 * The state and rules of a credit note being made or edited, shared by the back-office form and the POS
 * return (spec 001 §3 "Credit note", §4, §5): the invoice it modifies, its lines with the quantities still
 * returnable, and where the total goes (the linked invoice XOR refunds; the rest a credit in favour).
 */
export function useDevolucion({
  guardada,
  destinoInicial,
  reembolsoSigueAlTotal,
}: {
  guardada?: DetalleNotaDeCredito | undefined;
  /** Where the total goes once an invoice is chosen (the POS refunds in cash). */
  destinoInicial: (factura: DetalleFactura) => Destino;
  /** The POS: the first refund is the whole total until the cashier types another amount. */
  reembolsoSigueAlTotal?: boolean;
}) {
  const queryClient = useQueryClient();
  const [idFactura, setIdFactura] = useState<string | null>(guardada?.notaDeCreditoDb.idFactura ?? null);
  const [lineas, setLineas] = useState<LineaDelFormulario[]>(
    () =>
      guardada?.lineasNotasDeCredito.map((l) => ({ ...lineaDesdeVenta(l), clave: l.idLineaFactura })) ?? [],
  );
  const [lineasAEliminar, setLineasAEliminar] = useState<string[]>([]);
  const [destino, setDestino] = useState<Destino>(guardada ? destinoGuardado(guardada) : 'factura');
  const [reembolsosEscritos, setReembolsos] = useState<Reembolso[]>(() =>
    guardada && guardada.lineasDevoluciones.length > 0
      ? guardada.lineasDevoluciones.map((d) => ({
          clave: d._id,
          _id: d._id,
          idCuenta: d.efectivo ? null : d.afectarCuenta.idCuenta,
          importe: d.importe,
          nota: d.nota,
        }))
      : [nuevoReembolso()],
  );
  const [sigueAlTotal, setSigueAlTotal] = useState(reembolsoSigueAlTotal === true && !guardada);
  const [errores, setErrores] = useState<Errores>({});
  const [leyendo, setLeyendo] = useState(false);
  const idNota = guardada?.notaDeCreditoDb._id ?? null;

  const factura = useQuery({ ...facturaQueries.una(idFactura ?? ''), enabled: idFactura !== null });
  const devueltas = useQuery({
    ...notaDeCreditoQueries.devueltas(idFactura ?? '', idNota),
    enabled: idFactura !== null,
  });
  const devolvibles =
    factura.data && devueltas.data
      ? devolviblesDeLaFactura(factura.data, devueltas.data.porLinea)
      : new Map();
  const totales = totalesDelFormulario(lineas);
  const total = totales.total;
  // Money goes back only up to what the invoice was paid in money (the server's rule); the rest stays
  // as credit in favour.
  const reembolsos = sigueAlTotal
    ? reembolsosEscritos.map((r, i) =>
        i === 0 ? { ...r, importe: Math.min(total, devueltas.data?.dinero ?? total) / 100 } : r,
      )
    : reembolsosEscritos;
  const pendiente = factura.data ? factura.data.pendiente : null;
  const reparto = repartoDelTotal({ total, destino, pendienteDeLaFactura: pendiente ?? 0, reembolsos });

  /** Spec 001 §2: the chosen invoice's lines are proposed with what is still returnable. */
  async function elegirFactura(id: string): Promise<boolean> {
    setLeyendo(true);
    setErrores({});
    try {
      const [detalle, ya] = await Promise.all([
        queryClient.fetchQuery(facturaQueries.una(id)),
        queryClient.fetchQuery(notaDeCreditoQueries.devueltas(id, idNota)),
      ]);
      const propuestas = lineasPropuestas(detalle, devolviblesDeLaFactura(detalle, ya.porLinea));
      setIdFactura(id);
      setLineasAEliminar((previas) => [...previas, ...lineas.flatMap((l) => (l._id ? [l._id] : []))]);
      setLineas(propuestas);
      setDestino(destinoInicial(detalle));
      if (propuestas.length === 0) {
        setErrores({ lineas: MENSAJE_SIN_DEVOLVIBLES });
      }
      return propuestas.length > 0;
    } catch (error) {
      setErrores({ factura: error instanceof Error ? error.message : 'No se pudo leer la factura.' });
      return false;
    } finally {
      setLeyendo(false);
    }
  }

  function actualizarLineas(
    cambio: (l: LineaDelFormulario[]) => LineaDelFormulario[],
    eliminadas?: string[],
  ) {
    setLineas((previas) => cambio(previas));
    setErrores((e) => ({ ...e, lineas: undefined }) as Errores);
    if (eliminadas && eliminadas.length > 0) {
      setLineasAEliminar((previas) => [...previas, ...eliminadas]);
    }
  }

  /** Spec 001 §5: applying to the invoice while refunds are typed is refused with its message. */
  function cambiarDestino(nuevo: Destino) {
    const rechazo = cambioDeDestino(nuevo, reembolsos);
    if (rechazo) {
      setErrores((e) => ({ ...e, destino: `${rechazo}: quita primero las devoluciones de dinero.` }));
      return;
    }
    setErrores((e) => ({ ...e, destino: undefined }) as Errores);
    setDestino(nuevo);
  }

  function cambiarReembolsos(nuevos: Reembolso[]) {
    setSigueAlTotal(false);
    setReembolsos(nuevos);
    setErrores((e) => ({ ...e, destino: undefined }) as Errores);
  }

  /** The checks before saving, with the messages the form shows; null when the note can be sent. */
  function validar(): Errores | null {
    const nuevos: Errores = {};
    if (!idFactura) {
      nuevos.factura = 'Elige la factura que modifica la nota de crédito';
    } else if (lineas.length === 0) {
      nuevos.lineas = MENSAJE_NOTA_SIN_LINEAS;
    } else if (!cantidadesValidas(lineas)) {
      nuevos.lineas = 'Cada línea debe tener una cantidad mayor que 0: quita las que no se devuelven.';
    } else {
      const exceso = excesoDeDevolucion(lineas, devolvibles);
      if (exceso) {
        nuevos.lineas = exceso;
      }
    }
    if (destino === 'reembolso') {
      const conImporte = reembolsos.filter((r) => (r.importe ?? 0) > 0);
      const mensaje = conImporte.length === 0 ? MENSAJE_SIN_REEMBOLSO : excesoDeReembolso(total, reembolsos);
      if (mensaje) {
        nuevos.destino = mensaje;
      }
    }
    const enlaces = vinculos(destino, idFactura ?? '', reembolsos, '');
    const reglas = reglaDeVinculos(
      enlaces.lineasCreditoFacturas as { idFactura: string }[],
      enlaces.lineasDevoluciones,
    );
    if (reglas) {
      nuevos.destino = reglas;
    }
    setErrores(nuevos);
    return Object.keys(nuevos).length > 0 ? nuevos : null;
  }

  /**
   * A refusal of the server, placed where it belongs: the link rules by the destination, a line's
   * quantity by the lines. Answers whether it was placed (otherwise the caller shows it as a toast).
   */
  function ubicarRechazo(error: unknown): boolean {
    if (!(error instanceof ErrorDeApi)) {
      return false;
    }
    if (MENSAJES_DE_VINCULOS.some((m) => error.message.startsWith(m))) {
      setErrores((e) => ({ ...e, destino: error.message }));
      return true;
    }
    const deLinea = error.errores.find((c) => /ineasNotasDeCredito/.test(c.campo));
    if (deLinea || error.statusCode === 409) {
      setErrores((e) => ({ ...e, lineas: deLinea?.mensaje ?? error.message }));
      return true;
    }
    return false;
  }

  function detalleDeLinea(l: LineaDelFormulario): string | undefined {
    const d = devolvibles.get(l.clave);
    return d
      ? `vendidos ${cantidad(d.vendida)}${d.devuelta > 0 ? ` · ya devueltos ${cantidad(d.devuelta)}` : ''} · se pueden devolver ${cantidad(d.devolvible)}`
      : undefined;
  }

  return {
    idFactura,
    factura: factura.data,
    leyendo: leyendo || (idFactura !== null && (factura.isPending || devueltas.isPending)),
    lineas,
    lineasAEliminar,
    actualizarLineas,
    detalleDeLinea,
    totales,
    destino,
    cambiarDestino,
    reembolsos,
    cambiarReembolsos,
    reparto,
    pendiente,
    errores,
    elegirFactura,
    validar,
    ubicarRechazo,
    /** The product lines and links of the body, as the contract reads them. */
    cuerpo: (fechaDeEmision: string) => ({
      lineasNotasDeCredito: lineas.map(aLineaDeNota),
      ...vinculos(destino, idFactura ?? '', reembolsos, fechaDeEmision),
    }),
  };
}
