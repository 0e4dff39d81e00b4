import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CrearContacto, LARGO_MAXIMO_CONTACTO, limpiarTelefono } from '@pos/contract';
import { IconWifiOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { errorDeCampo } from '../../ui/esquemas.ts';
import { OPCIONES_DE_IDENTIFICACION } from '../contactos/etiquetas.ts';
import type { ClienteDelBorrador } from '../pos/borrador.ts';
import { AVISO_CONTACTO_SIN_CONEXION, guardarContactoSinConexion } from './contactosLocales.ts';
import { useSinConexion } from './ProveedorSinConexion.tsx';

type Props = { abierto: boolean; alCerrar: () => void; onCreado: (cliente: ClienteDelBorrador) => void };

const VACIO = { nombre: '', tipoDeIdentificacion: '', rnc: '', telefono: '' };
type Clave = keyof typeof VACIO;
const TEXTOS = ['nombre', 'rnc', 'telefono'] as const;

// Spec 002 §4 "Offline: contacts can be created offline": the essentials of a customer for the sale;
// the full record is edited online once it has synced.
/** A new customer while offline: checked like /cliente/crear and kept until the sync. */
export function ModalClienteSinConexion({ abierto, alCerrar, onCreado }: Props) {
  const sinConexion = useSinConexion();
  const [datos, setDatos] = useState(VACIO);
  const [error, setError] = useState<string | null>(null);
  // Each field's contract message (the contact form's, CrearContacto), said as the user leaves it.
  const [errores, setErrores] = useState<Partial<Record<Clave, string>>>({});
  const [guardando, setGuardando] = useState(false);

  function cerrar() {
    setDatos(VACIO);
    setError(null);
    setErrores({});
    alCerrar();
  }

  async function guardar(evento: FormEvent) {
    evento.preventDefault();
    const revisados = Object.fromEntries(
      TEXTOS.map((clave) => [clave, errorDeCampo(CrearContacto, clave, datos[clave]) ?? undefined]),
    );
    setErrores(revisados);
    if (Object.values(revisados).some(Boolean)) {
      return;
    }
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

  const campo = (clave: (typeof TEXTOS)[number]) => ({
    value: datos[clave],
    max: LARGO_MAXIMO_CONTACTO[clave],
    error: errores[clave],
    onChange: (e: { currentTarget: { value: string } }) => {
      // The phone follows the contact form's rule: separators go (809-555-0101 → 8095550101), a letter
      // stays in sight and is refused with «El teléfono solo admite dígitos».
      const valor = clave === 'telefono' ? limpiarTelefono(e.currentTarget.value) : e.currentTarget.value;
      setDatos((d) => ({ ...d, [clave]: valor }));
    },
    onBlur: () =>
      setErrores((actuales) => ({
        ...actuales,
        [clave]: errorDeCampo(CrearContacto, clave, datos[clave]) ?? undefined,
      })),
  });

  return (
    <Modal opened={abierto} onClose={cerrar} title="Nuevo cliente (sin conexión)" centered size="md">
      <form onSubmit={(e) => void guardar(e)}>
        <Stack gap="sm">
          <Alert color="orange" variant="light" py={6} icon={<IconWifiOff size={18} />}>
            Se guarda en este equipo y se crea en el servidor al sincronizar.
          </Alert>
          <CampoDeTexto label="Nombre" withAsterisk data-autofocus {...campo('nombre')} />
          <Group grow align="flex-start">
            <Select
              label="Tipo de identificación"
              data={OPCIONES_DE_IDENTIFICACION}
              value={datos.tipoDeIdentificacion}
              onChange={(valor) => setDatos((d) => ({ ...d, tipoDeIdentificacion: valor ?? '' }))}
              allowDeselect={false}
            />
            <CampoDeTexto label="RNC / Cédula" {...campo('rnc')} />
          </Group>
          <CampoDeTexto label="Teléfono" inputMode="tel" {...campo('telefono')} />
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
