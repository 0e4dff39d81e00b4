import { Modal } from '@mantine/core';
import type { Contacto, TipoDeContacto } from '@pos/contract';
import { ClienteFormulario } from './ClienteFormulario.tsx';

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  /** The client just created: the document that opened the modal selects it (spec 002 §2). */
  onCreado: (contacto: Contacto) => void;
  tipoInicial?: TipoDeContacto;
};

/**
 * The client form as a modal, for invoices, quotes, purchases, orders and the other documents:
 * `const [abierto, { open, close }] = useDisclosure();` then
 * `<ModalCliente abierto={abierto} alCerrar={close} onCreado={(c) => form.setFieldValue('cliente', c)} />`.
 */
export function ModalCliente({ abierto, alCerrar, onCreado, tipoInicial = 'cliente' }: Props) {
  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      title={tipoInicial === 'proveedor' ? 'Nuevo proveedor' : 'Nuevo cliente'}
      size="xl"
      centered
      closeOnClickOutside={false}
    >
      {abierto && (
        <ClienteFormulario
          enModal
          tipoInicial={tipoInicial}
          alGuardar={(contacto) => {
            onCreado(contacto);
            alCerrar();
          }}
          alCancelar={alCerrar}
        />
      )}
    </Modal>
  );
}
