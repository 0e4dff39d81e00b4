import type { DetalleNotaDeCredito } from '@pos/contract';
import { precioConImpuesto } from '@pos/domain';
import { cantidad, dinero, fecha } from '../../ui/formato.ts';
import {
  type EmpresaDelRecibo,
  EncabezadoDeEmpresa,
  Fila,
  type FormatoDeRecibo,
} from '../facturas/CuerpoDelRecibo.tsx';

/**
 * A return on the thermal roll (spec 001 §2 vista_devolucion): the credit note's NCF, the invoice it
 * modifies, what came back at the price it was sold, the total and where it went (cash back, credit in
 * favour), with a line for the customer's signature. Data only: the print frame renders it too.
 */
export function DevolucionEnRollo({
  detalle,
  empresa,
  formato,
}: {
  detalle: DetalleNotaDeCredito;
  empresa: EmpresaDelRecibo | undefined;
  formato: FormatoDeRecibo;
}) {
  const n = detalle.notaDeCreditoDb;
  return (
    <article className={`recibo recibo-${formato}`} aria-label="Recibo de la devolución">
      {empresa && <EncabezadoDeEmpresa empresa={empresa} />}
      {n.estado === 'Anulado' && <p className="recibo-sello">ANULADA</p>}
      <hr className="recibo-sep" />
      <div className="recibo-centro">
        <p className="recibo-titulo">Nota de crédito</p>
        <p className="recibo-ncf">NCF: {n.comprobante}</p>
      </div>
      <hr className="recibo-sep" />
      <Fila izquierda="Fecha" derecha={`${fecha(n.fechaEmision)} ${n.hora.slice(0, 5)}`} />
      <Fila izquierda="Modifica" derecha={n.ncfModificado} />
      {n.nombre && <p>Cliente: {n.nombre}</p>}
      {n.rnc && <p>RNC: {n.rnc}</p>}
      <hr className="recibo-sep" />
      {detalle.lineasNotasDeCredito.map((l) => (
        <div key={l._id} className="recibo-linea">
          <p className="recibo-linea-desc">{l.descripcion}</p>
          <Fila
            izquierda={`${cantidad(l.cantidad)} x ${dinero(precioConImpuesto(l.precio, l.impuestos))}`}
            derecha={dinero(l.total)}
          />
        </div>
      ))}
      <hr className="recibo-sep" />
      <Fila izquierda="Subtotal" derecha={dinero(n.subtotal)} />
      <Fila izquierda="ITBIS" derecha={dinero(n.impuestos)} />
      <Fila className="recibo-total" izquierda="Total de la nota" derecha={dinero(n.totalGral)} />
      <hr className="recibo-sep" />
      {n.montoDevuelto > 0 && <Fila izquierda="Entregado en dinero" derecha={dinero(n.montoDevuelto)} />}
      {n.montoAplicado > 0 && <Fila izquierda="Aplicado a la factura" derecha={dinero(n.montoAplicado)} />}
      {n.montoCredito > 0 && <Fila izquierda="Crédito a favor" derecha={dinero(n.montoCredito)} />}
      <p>Le atendió: {n.creadaPor}</p>
      <br />
      <br />
      <p className="recibo-centro">______________________________</p>
      <p className="recibo-centro">Firma del cliente</p>
    </article>
  );
}
