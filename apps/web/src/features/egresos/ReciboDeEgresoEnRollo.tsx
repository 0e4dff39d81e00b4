import type { DetalleEgreso } from '@pos/contract';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import { dinero, fecha, fechaHora } from '../../ui/formato.ts';
import {
  type EmpresaDelRecibo,
  EncabezadoDeEmpresa,
  Fila,
  type FormatoDeRecibo,
} from '../facturas/CuerpoDelRecibo.tsx';
import { nombreDeFormaDePago } from '../ingresos/etiquetas.ts';

/**
 * A payment out on the thermal roll (spec 001 §3 «Payment out», 000 §2 vista_recibo_egreso): the proof
 * of a POS cash withdrawal (or of a payment to a supplier, with each purchase's balance before and after),
 * with a line to sign for who took the money. Data only: the print frame renders it.
 */
export function ReciboDeEgresoEnRollo({
  detalle,
  empresa,
  formato,
}: {
  detalle: DetalleEgreso;
  empresa: EmpresaDelRecibo | undefined;
  formato: FormatoDeRecibo;
}) {
  const r = detalle.egresoReferenciadoGral;
  const anulado = r.estado === 'Anulado';
  const retiro = r.desdeElpos.desdePos && !r.tipoDeEgreso;
  return (
    <article className={`recibo recibo-${formato}`} aria-label="Recibo de egreso">
      {empresa && <EncabezadoDeEmpresa empresa={empresa} />}
      {anulado && <p className="recibo-sello">ANULADO</p>}
      <hr className="recibo-sep" />
      <div className="recibo-centro">
        <p className="recibo-titulo">{retiro ? 'Retiro de efectivo' : 'Recibo de egreso'}</p>
        <p className="recibo-ncf">{r.comprobante}</p>
      </div>
      <hr className="recibo-sep" />
      <Fila izquierda="Fecha" derecha={fecha(r.fechaDeEmision)} />
      <Fila izquierda="Forma de pago" derecha={nombreDeFormaDePago(r.formaDePago)} />
      {r.cuentaContableCredito.nombre && (
        <Fila izquierda="Sale de" derecha={r.cuentaContableCredito.nombre} />
      )}
      {r.nombreProveedor && <p>Pagado a: {r.nombreProveedor}</p>}
      <hr className="recibo-sep" />
      {detalle.res.map((l) => (
        <div key={l._id} className="recibo-linea">
          <p className="recibo-linea-desc">
            {l.idCompra ? `Compra ${l.comprobanteCompra}` : (l.cuentaContableDebito?.nombre ?? 'Cuenta')}
          </p>
          <Fila izquierda={l.idCompra ? 'Abono' : 'Importe'} derecha={dinero(l.importe)} />
          {l.idCompra && (
            <p className="recibo-tenue recibo-sangria">
              Debía {dinero(l.balancePendiente)} · queda{' '}
              {dinero(aPesos((aCentavos(l.balancePendiente) - aCentavos(l.importe)) as Centavos))}
            </p>
          )}
          {l.nota && <p className="recibo-tenue recibo-nota">{l.nota}</p>}
        </div>
      ))}
      <hr className="recibo-sep" />
      <Fila
        className="recibo-total"
        izquierda={retiro ? 'TOTAL RETIRADO' : 'TOTAL PAGADO'}
        derecha={dinero(r.total)}
      />
      {/* A withdrawal's header repeats its line's note or account as its concept: printed once. */}
      {r.detalles &&
        !detalle.res.some((l) => [l.nota, l.cuentaContableDebito?.nombre].includes(r.detalles)) && (
          <p className="recibo-pie">{r.detalles}</p>
        )}
      {anulado && r.notaAnular && <p className="recibo-pie">Anulado: {r.notaAnular}</p>}
      <hr className="recibo-sep" />
      {r.creadoPor && <p>Entregado por: {r.creadoPor}</p>}
      <p>Impreso: {fechaHora(new Date())}</p>
      {anulado && <p className="recibo-sello">ANULADO</p>}
      <p className="recibo-pie">
        {'\n'}______________________{'\n'}Recibido por
      </p>
    </article>
  );
}
