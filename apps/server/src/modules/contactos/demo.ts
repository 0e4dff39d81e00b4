import type { TipoDeContacto } from '@pos/contract';
import { digitoVerificadorCedula, digitoVerificadorRnc } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { cuentaAsignada } from '../contabilidad/service.ts';
import { contactos } from './tables.ts';

function rnc(ochoDigitos: string): string {
  return `${ochoDigitos}${digitoVerificadorRnc(ochoDigitos)}`;
}

function cedula(diezDigitos: string): string {
  return `${diezDigitos}${digitoVerificadorCedula(diezDigitos)}`;
}

type Demo = {
  nombre: string;
  apellidos?: string;
  identificacion: string;
  tipoDeContacto: TipoDeContacto;
  ncfPredeterminado?: string;
  telefono: string;
  direccion: string;
  correo?: string;
  limiteCredito?: number;
  diasDeCredito?: number;
  socio?: boolean;
  descuentoParaSocios?: number;
  funcionEnLaEmpresa?: string;
};

// The demo: a dozen clients and suppliers of a Santo Domingo shop. The names are invented and
// the numbers are built with the domain's check digits, so they validate without warnings.
const DEMO: Demo[] = [
  {
    nombre: 'Supermercado La Cosecha SRL',
    identificacion: rnc('13012345'),
    tipoDeContacto: 'cliente',
    ncfPredeterminado: 'B01',
    telefono: '8095551201',
    direccion: 'Av. 27 de Febrero 415, Santo Domingo',
    correo: 'compras@lacosecha.do',
    limiteCredito: 75000,
    diasDeCredito: 30,
  },
  {
    nombre: 'Ferretería El Martillo SRL',
    identificacion: rnc('10185432'),
    tipoDeContacto: 'cliente',
    ncfPredeterminado: 'B01',
    telefono: '8095552310',
    direccion: 'C/ Duarte 88, Santiago de los Caballeros',
    limiteCredito: 40000,
    diasDeCredito: 15,
  },
  {
    nombre: 'Ayuntamiento Municipal de Baní',
    identificacion: rnc('40150012'),
    tipoDeContacto: 'cliente',
    ncfPredeterminado: 'B15',
    telefono: '8095223400',
    direccion: 'C/ Padre Billini 1, Baní',
    diasDeCredito: 45,
  },
  {
    nombre: 'Zona Franca Textil del Este SRL',
    identificacion: rnc('13198765'),
    tipoDeContacto: 'cliente',
    ncfPredeterminado: 'B14',
    telefono: '8095568800',
    direccion: 'Parque Industrial Las Américas, Santo Domingo Este',
    diasDeCredito: 30,
  },
  {
    nombre: 'María Altagracia',
    apellidos: 'Rodríguez Peña',
    identificacion: cedula('0011234567'),
    tipoDeContacto: 'cliente',
    ncfPredeterminado: 'B02',
    telefono: '8295550101',
    direccion: 'C/ El Conde 102, Zona Colonial',
    socio: true,
    descuentoParaSocios: 5,
  },
  {
    nombre: 'José Miguel',
    apellidos: 'Guzmán Santos',
    identificacion: cedula('4021234567'),
    tipoDeContacto: 'cliente',
    ncfPredeterminado: 'B02',
    telefono: '8495550144',
    direccion: 'Av. Independencia 1201, Gazcue',
    correo: 'jmguzman@correo.do',
  },
  {
    nombre: 'Carmen Julia',
    apellidos: 'Almonte',
    identificacion: cedula('0310987654'),
    tipoDeContacto: 'cliente',
    ncfPredeterminado: 'B02',
    telefono: '8095550177',
    direccion: 'C/ Sabana Larga 12, Santiago',
    socio: true,
    descuentoParaSocios: 10,
    limiteCredito: 10000,
    diasDeCredito: 15,
  },
  {
    nombre: 'Pedro Antonio',
    apellidos: 'Martínez',
    identificacion: cedula('2230456789'),
    tipoDeContacto: 'cliente',
    telefono: '8295550190',
    direccion: 'Los Alcarrizos, Santo Domingo Oeste',
    funcionEnLaEmpresa: 'Chofer',
  },
  {
    nombre: 'Distribuidora Caribe de Alimentos SRL',
    identificacion: rnc('13045678'),
    tipoDeContacto: 'proveedor',
    telefono: '8095553300',
    direccion: 'Autopista Duarte km 12, Santo Domingo Oeste',
    correo: 'ventas@caribealimentos.do',
    diasDeCredito: 30,
  },
  {
    nombre: 'Embotelladora del Cibao SRL',
    identificacion: rnc('10234567'),
    tipoDeContacto: 'proveedor',
    telefono: '8095754400',
    direccion: 'Av. Circunvalación 300, Santiago',
    diasDeCredito: 15,
  },
  {
    nombre: 'Importadora Quisqueya SRL',
    identificacion: rnc('13176543'),
    tipoDeContacto: 'ambos',
    ncfPredeterminado: 'B01',
    telefono: '8095556600',
    direccion: 'Av. Máximo Gómez 55, Santo Domingo',
    limiteCredito: 25000,
    diasDeCredito: 30,
  },
  {
    nombre: 'Rafael Antonio',
    apellidos: 'Díaz Hernández',
    identificacion: cedula('0470123456'),
    tipoDeContacto: 'proveedor',
    telefono: '8295550233',
    direccion: 'Paraje El Pino, La Vega',
  },
];

/** The demo company's clients and suppliers (semilla, tenant 1 only). */
export async function sembrarContactosDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = { tx, tenantId };
  const porCobrar = await cuentaAsignada(ctx, 'cuentasPorCobrarClientes');
  const porPagar = await cuentaAsignada(ctx, 'cuentasPorPagarProveedores');
  await tx.insert(contactos).values(
    DEMO.map((demo, indice) => ({
      tenantId,
      identificadorUnico: `demo-contacto-${String(indice + 1).padStart(2, '0')}`,
      nombre: demo.nombre,
      apellidos: demo.apellidos ?? '',
      tipoDeIdentificacion: demo.identificacion.length === 9 ? ('RNC' as const) : ('Cédula' as const),
      rnc: demo.identificacion,
      ncfPredeterminado: demo.ncfPredeterminado ?? '',
      tipoDeContacto: demo.tipoDeContacto,
      limiteCredito: (demo.limiteCredito ?? 0).toFixed(2),
      diasDeCredito: demo.diasDeCredito ?? 0,
      socio: demo.socio ?? false,
      descuentoParaSocios: (demo.descuentoParaSocios ?? 0).toFixed(2),
      funcionEnLaEmpresa: demo.funcionEnLaEmpresa ?? '',
      direccion: demo.direccion,
      telefono: demo.telefono,
      correo: demo.correo ?? '',
      idCuentaPorCobrar: demo.tipoDeContacto === 'proveedor' ? null : porCobrar.idCuenta,
      idCuentaPorPagar: demo.tipoDeContacto === 'cliente' ? null : porPagar.idCuenta,
    })),
  );
}
