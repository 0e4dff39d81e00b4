import { Badge, Select, Text } from '@mantine/core';
import { type Factura, facturas, tienePermiso } from '@pos/contract';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { dinero } from '../../ui/formato.ts';
import { estadoDeFactura, nombreDeMetodo, numeroDeFactura } from './etiquetas.ts';
import { facturaQueries } from './queries.ts';
import { NUEVA_FACTURA, VISTA_FACTURA } from './rutas.ts';

/** The collection status or cancellation state of an invoice, as a badge. */
export function EstadoDeFactura({ factura }: { factura: Pick<Factura, 'estado' | 'estadoDelCobro'> }) {
  const { texto, color } = estadoDeFactura(factura);
  return (
    <Badge color={color} variant="light" size="sm">
      {texto}
    </Badge>
  );
}

// What an active invoice still owes (spec 001 §4 "Sales collection status"); a cancelled one owes nothing.
const debe = (f: Factura) => f.pendiente > 0 && f.estado === 'Activo';

type Cobro = 'Cobrada' | 'Por Cobrar';

/**
 * /factura/lista_factura (spec 001 §2, §7, §9): the kit's document list with what is the invoice's own —
 * its NCF or internal number, payment method, pending amount, collection status badge and filter, and
 * the list's grand total.
 */
export default function FacturasPage() {
  const { perfil } = usePerfil();
  const [cobro, setCobro] = useState<Cobro | null>(null);
  const propios = (auditoria: boolean) => ({
    estadoDelCobro: auditoria ? null : cobro,
    revendedor: perfil?.revendedor ?? false,
  });
  return (
    <ListaDeDocumentos<Factura>
      declaracion={{
        titulo: 'Facturas',
        nombre: 'factura',
        plural: 'facturas',
        genero: 'femenino',
        clave: facturaQueries.all(),
        listar: (filtro, signal) =>
          api(facturas.lista, { body: { ...filtro, ...propios(filtro.buscarPorEstado ?? false) }, signal }),
        rutaNueva: NUEVA_FACTURA,
        rutaVista: VISTA_FACTURA,
        puedeCrear: !perfil || tienePermiso(perfil.privilegios, 'facturas', 'crear'),
        sinVencimiento: true,
        numero: numeroDeFactura,
        total: (f) => f.total,
        detalleDelNumero: (f) => `${f.tipoNcfNombre ?? f.numeracionNombre}${f.desdePos ? ' · POS' : ''}`,
        insignia: (f) => <EstadoDeFactura factura={f} />,
        placeholderBusqueda: 'Buscar por NCF, cliente o RNC',
        columnasPropias: {
          antesDelTotal: [{ titulo: 'Método', celda: (f) => nombreDeMetodo(f.metodoDePago) }],
          despuesDelTotal: [
            { titulo: 'Pendiente', celda: (f) => (debe(f) ? dinero(f.pendiente) : '—'), alinear: 'right' },
          ],
        },
        filtroPropio: {
          valores: propios,
          activo: cobro !== null,
          control: (reiniciar) => (
            <Select
              aria-label="Estado del cobro"
              placeholder="Todos los cobros"
              data={[
                { value: 'Cobrada', label: 'Cobradas' },
                { value: 'Por Cobrar', label: 'Por cobrar' },
              ]}
              value={cobro}
              onChange={reiniciar((v: string | null) => setCobro(v as Cobro | null))}
              clearable
              w={{ base: '100%', xs: 190 }}
            />
          ),
        },
        tarjeta: {
          detalle: (f) => nombreDeMetodo(f.metodoDePago),
          pie: (f) =>
            debe(f) && (
              <Text size="xs" c="orange.8">
                Debe {dinero(f.pendiente)}
              </Text>
            ),
        },
      }}
    />
  );
}
