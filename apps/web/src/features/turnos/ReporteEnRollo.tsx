import type { DocumentosDelTurno, Turno } from '@pos/contract';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import { dinero, fechaHora } from '../../ui/formato.ts';
import type { EmpresaDelRecibo, FormatoDeRecibo } from '../facturas/CuerpoDelRecibo.tsx';
import { nombreDeMetodo } from '../facturas/etiquetas.ts';

export type FacturaDelTurno = DocumentosDelTurno['facturasAlContado'][number];
export type ProductoVendido = { idProducto: string; descripcion: string; cantidad: number; total: number };

export function sumar(facturas: readonly FacturaDelTurno[]): number {
  return aPesos(sumarCentavos(facturas.map((f) => aCentavos(f.total))));
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

function FilaRollo({ izquierda, derecha, fuerte }: { izquierda: string; derecha: string; fuerte?: boolean }) {
  return (
    <div className={fuerte ? 'recibo-fila recibo-fuerte' : 'recibo-fila'}>
      <span>{izquierda}</span>
      <span>{derecha}</span>
    </div>
  );
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
      <FilaRollo izquierda="Cajero(a)" derecha={t.nombreUsuario} />
      <FilaRollo izquierda="Terminal" derecha={t.nombreTerminal} />
      <FilaRollo izquierda="Apertura" derecha={fechaHora(t.fechaDeInicio)} />
      {t.fechaDeCierre && <FilaRollo izquierda="Cierre" derecha={fechaHora(t.fechaDeCierre)} />}
      <FilaRollo izquierda="Impreso" derecha={fechaHora(new Date())} />
      <hr className="recibo-sep" />
      {movimientosDelTurno(t)
        .filter((m) => m.monto !== 0 || m.etiqueta === 'Monto de apertura')
        .map((m) => (
          <FilaRollo key={m.etiqueta} izquierda={m.etiqueta} derecha={dinero(m.monto)} />
        ))}
      <FilaRollo izquierda="Total vendido" derecha={dinero(t.totalGral)} fuerte />
      <FilaRollo izquierda="Efectivo esperado" derecha={dinero(t.totalEnCaja)} fuerte />
      {t.montoDeCierre !== null && (
        <FilaRollo izquierda="Efectivo contado" derecha={dinero(t.montoDeCierre)} />
      )}
      {t.diferencia !== null && (
        <FilaRollo
          izquierda={t.diferencia < 0 ? 'Faltante' : t.diferencia > 0 ? 'Sobrante' : 'Diferencia'}
          derecha={dinero(t.diferencia)}
          fuerte
        />
      )}
      <hr className="recibo-sep" />
      <p className="recibo-fuerte">Por método de pago</p>
      {documentos.porMetodoDePago.map((m) => (
        <FilaRollo
          key={m.metodo}
          izquierda={`${nombreDeMetodo(m.metodo)} (${m.cantidad})`}
          derecha={dinero(m.monto)}
        />
      ))}
      <hr className="recibo-sep" />
      <FilaRollo
        izquierda={`Facturas al contado (${documentos.facturasAlContado.length})`}
        derecha={dinero(sumar(documentos.facturasAlContado))}
      />
      <FilaRollo
        izquierda={`Facturas a crédito (${documentos.facturasACredito.length})`}
        derecha={dinero(sumar(documentos.facturasACredito))}
      />
      <FilaRollo
        izquierda={`Facturas anuladas (${documentos.facturasAnuladas.length})`}
        derecha={dinero(sumar(documentos.facturasAnuladas))}
      />
      <FilaRollo izquierda="ITBIS facturado" derecha={dinero(documentos.totalItbis)} />
      <FilaRollo izquierda="Total facturado" derecha={dinero(documentos.totalFacturado)} fuerte />
      {productos.length > 0 && (
        <>
          <hr className="recibo-sep" />
          <p className="recibo-fuerte">Productos vendidos</p>
          {productos.map((p) => (
            <FilaRollo
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
