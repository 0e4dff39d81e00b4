import type { DocumentosDelTurno, Turno } from '@pos/contract';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import { dinero, fechaHora } from '../../ui/formato.ts';
import { type EmpresaDelRecibo, Fila, type FormatoDeRecibo } from '../facturas/CuerpoDelRecibo.tsx';
import { nombreDeMetodo } from '../facturas/etiquetas.ts';

export type FacturaDelTurno = DocumentosDelTurno['facturasAlContado'][number];
export type ProductoVendido = { idProducto: string; descripcion: string; cantidad: number; total: number };

export function sumar(facturas: readonly FacturaDelTurno[]): number {
  return aPesos(sumarCentavos(facturas.map((f) => aCentavos(f.total))));
}

export type NotaDelTurno = DocumentosDelTurno['notasDeCredito'][number];
export type CreditoDelTurno = DocumentosDelTurno['creditosAFavor'][number];

/**
 * What the shift's credit notes and credit-in-favour transactions add up to: a cancelled one is listed
 * (the server sends all states) but does not count; one whose cancellation waits still does, as with
 * invoices (spec 001 §5).
 */
export function totalesDeDevoluciones(documentos: DocumentosDelTurno): {
  notas: number;
  devueltoEnEfectivo: number;
  creditos: number;
} {
  const notas = documentos.notasDeCredito.filter((n) => n.estado !== 'Anulado');
  const creditos = documentos.creditosAFavor.filter((c) => c.estado !== 'Anulado');
  return {
    notas: aPesos(sumarCentavos(notas.map((n) => aCentavos(n.totalGral)))),
    devueltoEnEfectivo: aPesos(sumarCentavos(notas.map((n) => aCentavos(n.devueltoEnEfectivo)))),
    creditos: aPesos(sumarCentavos(creditos.map((c) => aCentavos(c.monto)))),
  };
}

export function numero(f: FacturaDelTurno): string {
  return f.comprobante ?? (f.numeroFactura === null ? '—' : `No. ${f.numeroFactura}`);
}

/** Spec 002 §3: the shift's money by origin, as the server totals it. */
export function movimientosDelTurno(turno: Turno): Array<{ etiqueta: string; monto: number }> {
  return [
    { etiqueta: 'Monto de apertura', monto: turno.montoDeInicio },
    { etiqueta: 'Ventas en efectivo', monto: turno.efectivo },
    { etiqueta: 'Tarjeta de crédito', monto: turno.tarjetaCredito },
    { etiqueta: 'Tarjeta de débito', monto: turno.tarjetaDebito },
    { etiqueta: 'Transferencias', monto: turno.transferencia },
    { etiqueta: 'Cheques', monto: turno.cheque },
    { etiqueta: 'Ventas a crédito', monto: turno.credito },
    { etiqueta: 'Entradas de efectivo', monto: turno.ingresoDeEfectivo },
    { etiqueta: 'Retiros de efectivo', monto: -turno.retiroDeEfectivo },
    { etiqueta: 'Devoluciones en efectivo', monto: -turno.devolucionesDeEfectvo },
  ];
}

/** The shift report on the thermal roll (the receipt's styles): what a cashier hands in with the drawer. */
export function ReporteEnRollo({
  documentos,
  productos,
  empresa,
  formato,
}: {
  documentos: DocumentosDelTurno;
  productos: readonly ProductoVendido[];
  empresa: EmpresaDelRecibo | undefined;
  formato: FormatoDeRecibo;
}) {
  const t = documentos.turno;
  return (
    <article className={`recibo recibo-${formato}`} aria-label="Reporte del turno">
      <header className="recibo-centro">
        {empresa && <p className="recibo-empresa">{empresa.nombre}</p>}
        <p className="recibo-titulo">Reporte de turno</p>
        <p>{t.estadoDelTurno ? 'Turno abierto' : 'Turno cerrado'}</p>
      </header>
      <hr className="recibo-sep" />
      <Fila izquierda="Cajero(a)" derecha={t.nombreUsuario} />
      <Fila izquierda="Terminal" derecha={t.nombreTerminal} />
      <Fila izquierda="Apertura" derecha={fechaHora(t.fechaDeInicio)} />
      {t.fechaDeCierre && <Fila izquierda="Cierre" derecha={fechaHora(t.fechaDeCierre)} />}
      <Fila izquierda="Impreso" derecha={fechaHora(new Date())} />
      <hr className="recibo-sep" />
      {movimientosDelTurno(t)
        .filter((m) => m.monto !== 0 || m.etiqueta === 'Monto de apertura')
        .map((m) => (
          <Fila key={m.etiqueta} izquierda={m.etiqueta} derecha={dinero(m.monto)} />
        ))}
      <Fila izquierda="Total vendido" derecha={dinero(t.totalGral)} className="recibo-fuerte" />
      <Fila izquierda="Efectivo esperado" derecha={dinero(t.totalEnCaja)} className="recibo-fuerte" />
      {t.montoDeCierre !== null && <Fila izquierda="Efectivo contado" derecha={dinero(t.montoDeCierre)} />}
      {t.diferencia !== null && (
        <Fila
          izquierda={t.diferencia < 0 ? 'Faltante' : t.diferencia > 0 ? 'Sobrante' : 'Diferencia'}
          derecha={dinero(t.diferencia)}
          className="recibo-fuerte"
        />
      )}
      <hr className="recibo-sep" />
      <p className="recibo-fuerte">Por método de pago</p>
      {documentos.porMetodoDePago.map((m) => (
        <Fila
          key={m.metodo}
          izquierda={`${nombreDeMetodo(m.metodo)} (${m.cantidad})`}
          derecha={dinero(m.monto)}
        />
      ))}
      <hr className="recibo-sep" />
      <Fila
        izquierda={`Facturas al contado (${documentos.facturasAlContado.length})`}
        derecha={dinero(sumar(documentos.facturasAlContado))}
      />
      <Fila
        izquierda={`Facturas a crédito (${documentos.facturasACredito.length})`}
        derecha={dinero(sumar(documentos.facturasACredito))}
      />
      <Fila
        izquierda={`Facturas anuladas (${documentos.facturasAnuladas.length})`}
        derecha={dinero(sumar(documentos.facturasAnuladas))}
      />
      {documentos.notasDeCredito.length > 0 && (
        <Fila
          izquierda={`Notas de crédito (${documentos.notasDeCredito.length})`}
          derecha={dinero(totalesDeDevoluciones(documentos).notas)}
        />
      )}
      {documentos.creditosAFavor.length > 0 && (
        <Fila
          izquierda={`Pagado con créditos a favor (${documentos.creditosAFavor.length})`}
          derecha={dinero(totalesDeDevoluciones(documentos).creditos)}
        />
      )}
      <Fila izquierda="ITBIS facturado" derecha={dinero(documentos.totalItbis)} />
      <Fila
        izquierda="Total facturado"
        derecha={dinero(documentos.totalFacturado)}
        className="recibo-fuerte"
      />
      {productos.length > 0 && (
        <>
          <hr className="recibo-sep" />
          <p className="recibo-fuerte">Productos vendidos</p>
          {productos.map((p) => (
            <Fila
              key={p.idProducto}
              izquierda={`${p.cantidad} x ${p.descripcion}`}
              derecha={dinero(p.total)}
            />
          ))}
        </>
      )}
      {t.detallesDeCierre && <p className="recibo-pie">Notas: {t.detallesDeCierre}</p>}
      <p className="recibo-pie">
        {'\n'}______________________{'\n'}Firma
      </p>
    </article>
  );
}
