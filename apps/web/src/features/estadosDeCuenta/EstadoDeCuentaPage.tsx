import { Group, Stack, Text } from '@mantine/core';
import { contactos, estadosDeCuenta, tienePermiso } from '@pos/contract';
import { IconUserSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
import { BotonesDeExportar } from '../../ui/reporte/partes.tsx';
import { NUEVO_INGRESO } from '../ingresos/rutas.ts';
import { exportar } from '../inventario/archivos.ts';
import { cuerpoDelEstado, EstadoDeCuenta, type FiltroDelEstado, filtroInicial } from './EstadoDeCuenta.tsx';

/** /reportes/r-estado-de-clientes?cliente=…: one customer's statement, printable and exportable. */
export default function EstadoDeCuentaPage() {
  const [parametros, setParametros] = useSearchParams();
  const idCliente = parametros.get('cliente');
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const puedeCobrar = !perfil || tienePermiso(perfil.privilegios, 'ingresos', 'crear');
  const [cliente, setCliente] = useState<ClienteElegido | null>(null);
  const [filtro, setFiltro] = useState<FiltroDelEstado>(filtroInicial);
  const inicial = useQuery({
    queryKey: ['contactos', 'uno', idCliente],
    queryFn: ({ signal }) => api(contactos.obtener, { params: { id: idCliente ?? '' }, signal }),
    enabled: idCliente !== null && cliente?._id !== idCliente,
  });
  useEffect(() => {
    if (inicial.data && cliente === null) {
      setCliente(inicial.data);
    }
  }, [inicial.data, cliente]);

  function elegir(elegido: ClienteElegido | null) {
    setCliente(elegido);
    setParametros(elegido ? { cliente: elegido._id } : {}, { replace: true });
  }

  return (
    <DisenoListaModulo
      titulo="Estado de cuenta"
      acciones={
        <BotonesDeExportar
          deshabilitado={!cliente}
          alExportar={(opcion) =>
            cliente
              ? exportar(
                  estadosDeCuenta.exportar,
                  { ...cuerpoDelEstado(cliente._id, filtro), documentoOpcion: opcion },
                  opcion,
                )
              : Promise.resolve()
          }
        />
      }
    >
      <Stack gap="sm">
        <Group maw={480}>
          <div style={{ flex: 1 }}>
            <SelectorDeCliente
              valor={cliente}
              alCambiar={elegir}
              placeholder="Busca el cliente por nombre o RNC"
            />
          </div>
        </Group>
        {cliente ? (
          <EstadoDeCuenta
            idCliente={cliente._id}
            filtro={filtro}
            alCambiarFiltro={setFiltro}
            alCobrar={
              puedeCobrar
                ? (idFactura) =>
                    navegar(
                      `${NUEVO_INGRESO}?cliente=${cliente._id}${idFactura ? `&factura=${idFactura}` : ''}`,
                    )
                : undefined
            }
          />
        ) : (
          <Stack align="center" gap={4} py="xl">
            <IconUserSearch size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">Elige un cliente para ver su estado de cuenta.</Text>
          </Stack>
        )}
      </Stack>
    </DisenoListaModulo>
  );
}
