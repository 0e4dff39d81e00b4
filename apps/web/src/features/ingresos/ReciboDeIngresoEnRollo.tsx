import type { DetalleIngreso } from '@pos/contract';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import { dinero, fecha, fechaHora } from '../../ui/formato.ts';
import {
  type EmpresaDelRecibo,
  EncabezadoDeEmpresa,
  Fila,
  type FormatoDeRecibo,
} from '../facturas/CuerpoDelRecibo.tsx';
import { nombreDeFormaDePago } from './etiquetas.ts';

/**
 * The receipt in on the thermal roll (spec 001 §3 «Receipt in»): what the customer takes home as proof
 * of the payment, with each invoice's balance before and after it. Data only: the print frame renders it.
 */
export function ReciboDeIngresoEnRollo({
  detalle,
  empresa,
  formato,
}: {
  detalle: DetalleIngreso;
  empresa: EmpresaDelRecibo | undefined;
  formato: FormatoDeRecibo;
}) {
  const r = detalle.ingresoReferenciadoGral;
  const anulado = r.estado === 'Anulado';
  return (
    <article className={`recibo recibo-${formato}`} aria-label="Recibo de ingreso">
      {empresa && <EncabezadoDeEmpresa empresa={empresa} />}
      {anulado && <p className="recibo-sello">ANULADO</p>}
      <hr className="recibo-sep" />
      <div className="recibo-centro">
        <p className="recibo-titulo">Recibo de ingreso</p>
        <p className="recibo-ncf">{r.comprobante}</p>
      </div>
      <hr className="recibo-sep" />
      <Fila izquierda="Fecha" derecha={fecha(r.fechaDeEmision)} />
      <Fila izquierda="Forma de pago" derecha={nombreDeFormaDePago(r.formaDePago)} />
      {r.nombreCliente && <p>Recibido de: {r.nombreCliente}</p>}
      <hr className="recibo-sep" />
      {detalle.res.map((l) => {
        // What the invoice still owes: the part above its balance became credit in favour.
        const aplicado = sumarCentavos([aCentavos(l.importe), aCentavos(-l.creditoAFavor)]);
        const queda = aPesos(sumarCentavos([aCentavos(l.balancePendiente), -aplicado as typeof aplicado]));
        return (
          <div key={l._id} className="recibo-linea">
            <p className="recibo-linea-desc">
              {!r.tipoDeIngreso
                ? (l.cuentaContableCredito?.nombre ?? 'Cuenta')
                : l.idFactura
                  ? `Factura ${l.comprobanteFactura}`
                  : 'Anticipo'}
            </p>
            <Fila izquierda={r.tipoDeIngreso ? 'Abono' : 'Importe'} derecha={dinero(l.importe)} />
            {r.tipoDeIngreso && l.idFactura && (
              <p className="recibo-tenue recibo-sangria">
                Debía {dinero(l.balancePendiente)} · queda {dinero(queda)}
              </p>
            )}
            {l.creditoAFavor > 0 && (
              <p className="recibo-tenue recibo-sangria">Crédito a favor: {dinero(l.creditoAFavor)}</p>
            )}
            {l.nota && <p className="recibo-tenue recibo-nota">{l.nota}</p>}
          </div>
        );
      })}
      <hr className="recibo-sep" />
      <Fila className="recibo-total" izquierda="TOTAL RECIBIDO" derecha={dinero(r.total)} />
      {r.detalles && <p className="recibo-pie">{r.detalles}</p>}
      {anulado && r.notaAnular && <p className="recibo-pie">Anulado: {r.notaAnular}</p>}
      <hr className="recibo-sep" />
      {r.creadoPor && <p>Le atendió: {r.creadoPor}</p>}
      <p>Impreso: {fechaHora(new Date())}</p>
      {anulado && <p className="recibo-sello">ANULADO</p>}
      <p className="recibo-pie">
        {'\n'}______________________{'\n'}Firma
      </p>
    </article>
  );
}
