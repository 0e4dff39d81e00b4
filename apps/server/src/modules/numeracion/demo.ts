import { buscarPerfilDeNumeracion, type TipoDeDocumento } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { numeraciones } from './tables.ts';

type Demo = {
  tipoDeDocumento: TipoDeDocumento;
  nombre: string;
  perfil: string;
  hasta: number | null;
  prefijo?: string;
  predeterminado: boolean;
};

// The demo: fiscal sequences B01, B02, B04, B13, B14, B15 as DGII authorises them (a range, valid
// until 31 December of the following year) and an internal numbering for every other document.
const DEMO: Demo[] = [
  {
    tipoDeDocumento: 'ventas',
    nombre: 'Factura de consumo',
    perfil: 'B02',
    hasta: 2000,
    predeterminado: true,
  },
  {
    tipoDeDocumento: 'ventas',
    nombre: 'Factura de crédito fiscal',
    perfil: 'B01',
    hasta: 500,
    predeterminado: false,
  },
  {
    tipoDeDocumento: 'ventas',
    nombre: 'Regímenes especiales',
    perfil: 'B14',
    hasta: 50,
    predeterminado: false,
  },
  { tipoDeDocumento: 'ventas', nombre: 'Gubernamental', perfil: 'B15', hasta: 100, predeterminado: false },
  {
    tipoDeDocumento: 'notaDeCredito',
    nombre: 'Nota de crédito',
    perfil: 'B04',
    hasta: 200,
    predeterminado: true,
  },
  {
    tipoDeDocumento: 'compras',
    nombre: 'Compras',
    perfil: 'interna',
    hasta: null,
    prefijo: 'CMP',
    predeterminado: true,
  },
  {
    tipoDeDocumento: 'ordenDeCompra',
    nombre: 'Órdenes de compra',
    perfil: 'interna',
    hasta: null,
    prefijo: 'OC',
    predeterminado: true,
  },
  {
    tipoDeDocumento: 'notaDeDebito',
    nombre: 'Notas de débito',
    perfil: 'interna',
    hasta: null,
    prefijo: 'ND',
    predeterminado: true,
  },
  {
    tipoDeDocumento: 'cotizacion',
    nombre: 'Cotizaciones',
    perfil: 'interna',
    hasta: null,
    prefijo: 'COT',
    predeterminado: true,
  },
  {
    tipoDeDocumento: 'conduce',
    nombre: 'Conduces',
    perfil: 'interna',
    hasta: null,
    prefijo: 'CON',
    predeterminado: true,
  },
  {
    tipoDeDocumento: 'recibos',
    nombre: 'Recibos de ingreso',
    perfil: 'interna',
    hasta: null,
    prefijo: 'REC',
    predeterminado: true,
  },
  {
    tipoDeDocumento: 'gastoMenores',
    nombre: 'Gastos menores',
    perfil: 'interna',
    hasta: null,
    prefijo: 'GM',
    predeterminado: true,
  },
  // fiscal-do.md §1.2: B13, issued by the buyer for minor expenses; chosen on the form when needed.
  {
    tipoDeDocumento: 'gastoMenores',
    nombre: 'Gastos menores (B13)',
    perfil: 'B13',
    hasta: 200,
    predeterminado: false,
  },
  {
    tipoDeDocumento: 'egresos',
    nombre: 'Recibos de egreso',
    perfil: 'interna',
    hasta: null,
    prefijo: 'EG',
    predeterminado: true,
  },
];

/** The demo company's numberings (semilla, tenant 1 only). */
export async function sembrarNumeracionesDemo(tx: Tx, tenantId: number): Promise<void> {
  const anio = Number(fechaYHoraEnSantoDomingo(new Date()).fecha.slice(0, 4));
  const vencimiento = `${anio + 1}-12-31`;
  await tx.insert(numeraciones).values(
    DEMO.map((demo) => {
      const perfil = buscarPerfilDeNumeracion(demo.perfil);
      const fiscal = perfil?.fiscal ?? false;
      return {
        tenantId,
        identificadorUnico: `demo-numeracion-${demo.tipoDeDocumento}-${demo.perfil}`,
        nombre: demo.nombre,
        tipoDeDocumento: demo.tipoDeDocumento,
        perfilesDeTipos: demo.perfil,
        prefijo: fiscal ? (perfil?.prefijo ?? 'B') : (demo.prefijo ?? 'D'),
        prefijoNumerico: perfil?.prefijoNumerico ?? '',
        digitos: perfil?.perfilNumericoOpciones ?? 8,
        fiscal,
        fechaVencimiento: fiscal ? vencimiento : null,
        desde: 1,
        hasta: demo.hasta,
        seq: 1,
        predeterminado: demo.predeterminado,
      };
    }),
  );
}
