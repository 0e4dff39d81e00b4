import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWifiOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { OPCIONES_DE_IDENTIFICACION } from '../contactos/etiquetas.ts';
import type { ClienteDelBorrador } from '../pos/borrador.ts';
import { AVISO_CONTACTO_SIN_CONEXION, guardarContactoSinConexion } from './contactosLocales.ts';
import { useSinConexion } from './ProveedorSinConexion.tsx';

type Props = { abierto: boolean; alCerrar: () => void; onCreado: (cliente: ClienteDelBorrador) => void };

const VACIO = { nombre: '', tipoDeIdentificacion: '', rnc: '', telefono: '' };

// Spec 002 §4 "Offline: contacts can be created offline": the essentials of a customer for the sale;
// the full record is edited online once it has synced.
/** A new customer while offline: checked like /cliente/crear and kept until the sync. */
export function ModalClienteSinConexion({ abierto, alCerrar, onCreado }: Props) {
  const sinConexion = useSinConexion();
  const [datos, setDatos] = useState(VACIO);
  const [error, setError] = useState<string | null>(null);
  const [guardando, setGuardando] = useState(false);

  function cerrar() {
    setDatos(VACIO);
    setError(null);
    alCerrar();
  }

  async function guardar(evento: FormEvent) {
    evento.preventDefault();
    if (!sinConexion?.base) {
      setError('Este navegador no puede guardar contactos sin conexión.');
      return;
    }
    setGuardando(true);
    try {
      const creado = await guardarContactoSinConexion(sinConexion.base, datos);
      notifications.show({
        color: 'orange',
        title: AVISO_CONTACTO_SIN_CONEXION,
        message: `${creado.cliente.nombre} se enviará al servidor cuando vuelva la conexión.`,
        autoClose: 4500,
      });
      onCreado(creado.cliente);
      cerrar();
    } catch (causa) {
      setError(causa instanceof Error ? causa.message : String(causa));
    } finally {
      setGuardando(false);
    }
  }

  const campo = (clave: keyof typeof VACIO) => ({
    value: datos[clave],
    onChange: (e: { currentTarget: { value: string } }) => {
      const valor = e.currentTarget.value;
      setDatos((d) => ({ ...d, [clave]: valor }));
    },
  });

  return (
    <Modal opened={abierto} onClose={cerrar} title="Nuevo cliente (sin conexión)" centered size="md">
      <form onSubmit={(e) => void guardar(e)}>
        <Stack gap="sm">
          <Alert color="orange" variant="light" py={6} icon={<IconWifiOff size={18} />}>
            Se guarda en este equipo y se crea en el servidor al sincronizar.
          </Alert>
          <TextInput label="Nombre" required data-autofocus maxLength={200} {...campo('nombre')} />
          <Group grow align="flex-start">
            <Select
              label="Tipo de identificación"
              data={OPCIONES_DE_IDENTIFICACION}
              value={datos.tipoDeIdentificacion}
              onChange={(valor) => setDatos((d) => ({ ...d, tipoDeIdentificacion: valor ?? '' }))}
              allowDeselect={false}
            />
            <TextInput label="RNC / Cédula" maxLength={30} {...campo('rnc')} />
          </Group>
          <TextInput label="Teléfono" maxLength={30} {...campo('telefono')} />
          {error && (
            <Alert color="red" variant="light" py={6} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={cerrar}>
              Cancelar
            </Button>
            <Button type="submit" loading={guardando}>
              Guardar cliente
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
