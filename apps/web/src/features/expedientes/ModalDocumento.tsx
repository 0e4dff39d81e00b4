import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DocumentoExpedienteEntrada, MAXIMO_CONTENIDO_DOCUMENTO } from '@pos/contract';
import {
  type DatosDePlantilla,
  ESPACIO_EN_BLANCO,
  llenarPlantilla,
  PLANTILLAS_DE_EXPEDIENTE,
  plantillaDeExpediente,
} from '@pos/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { AreaDeTexto, CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { errorDeCampo, largoMaximo } from '../../ui/esquemas.ts';
import type { DocumentoForm } from './modelo.ts';

type Props = {
  /** The document being edited, or a new one when null. */
  documento: DocumentoForm | null;
  /** The case file's data the templates are filled with (packages/domain datosDePlantilla). */
  datos: DatosDePlantilla;
  alGuardar: (documento: DocumentoForm) => void;
  alCerrar: () => void;
};

const OPCIONES = [
  { value: '', label: 'Documento en blanco' },
  ...PLANTILLAS_DE_EXPEDIENTE.map((p) => ({ value: p.id, label: p.nombre })),
];

/**
 * The case-file document editor (spec 002 §2 "Case-file document editor"): a template (the vehicle sale
 * contract or the vehicle certificate, spec 002 §3) filled with the client's data, the company's and the
 * case file's number and date; the text stays editable, and the blanks are completed by hand.
 */
export function ModalDocumento({ documento, datos, alGuardar, alCerrar }: Props) {
  const [file, setFile] = useState(documento?.file ?? '');
  const [nombre, setNombre] = useState(documento?.nombre ?? '');
  const [nota, setNota] = useState(documento?.nota ?? '');
  const [contenido, setContenido] = useState(documento?.contenido ?? '');
  const errorNombre = errorDeCampo(DocumentoExpedienteEntrada, 'nombre', nombre);
  const errorContenido = errorDeCampo(DocumentoExpedienteEntrada, 'contenido', contenido);
  const blancos = contenido.split(ESPACIO_EN_BLANCO).length - 1;

  function elegir(id: string) {
    const plantilla = plantillaDeExpediente(id);
    const anterior = plantillaDeExpediente(file);
    setFile(id);
    if (plantilla) {
      if (!nombre.trim() || nombre === anterior?.nombre) {
        setNombre(plantilla.nombre);
      }
      setContenido(llenarPlantilla(plantilla.texto, datos));
    }
  }

  return (
    <Modal
      opened
      onClose={alCerrar}
      size="xl"
      title={documento ? `Documento «${documento.nombre}»` : 'Nuevo documento del expediente'}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Plantilla"
            data={OPCIONES}
            value={file}
            onChange={(v) => elegir(v ?? '')}
            allowDeselect={false}
          />
          <CampoDeTexto
            label="Nombre del documento"
            value={nombre}
            onChange={(e) => setNombre(e.currentTarget.value)}
            max={largoMaximo(DocumentoExpedienteEntrada, 'nombre')}
            error={nombre !== '' || documento ? (errorNombre ?? undefined) : undefined}
            withAsterisk
          />
        </SimpleGrid>
        <CampoDeTexto
          label="Nota"
          value={nota}
          onChange={(e) => setNota(e.currentTarget.value)}
          max={largoMaximo(DocumentoExpedienteEntrada, 'nota')}
        />
        <Group justify="space-between" align="flex-end">
          <Text size="sm" c="dimmed">
            {plantillaDeExpediente(file)
              ? 'El texto viene de la plantilla con los datos del cliente; edítalo libremente.'
              : 'Escribe el documento.'}
            {blancos > 0 && ` Quedan ${blancos} espacios en blanco para completar.`}
            {contenido.includes('{{expediente.numero}}') &&
              ' El número del expediente se escribe al guardarlo.'}
          </Text>
          {plantillaDeExpediente(file) && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={() => elegir(file)}
            >
              Volver a llenar desde la plantilla
            </Button>
          )}
        </Group>
        <AreaDeTexto
          aria-label="Texto del documento"
          value={contenido}
          onChange={(e) => setContenido(e.currentTarget.value)}
          autosize
          minRows={14}
          maxRows={20}
          max={MAXIMO_CONTENIDO_DOCUMENTO}
          error={errorContenido ?? undefined}
          styles={{
            input: { fontFamily: 'Georgia, "Times New Roman", serif', fontSize: 14, lineHeight: 1.5 },
          }}
        />
        {!contenido.trim() && (
          <Alert color="yellow" p="xs">
            El documento está vacío: elige una plantilla o escribe el texto.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            Cancelar
          </Button>
          <Button
            disabled={errorNombre !== null || errorContenido !== null || !contenido.trim()}
            onClick={() =>
              alGuardar({
                clave: documento?.clave ?? crypto.randomUUID(),
                ...(documento?._id ? { _id: documento._id } : {}),
                nombre: nombre.trim(),
                nota: nota.trim(),
                contenido,
                file,
              })
            }
          >
            Usar este documento
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
