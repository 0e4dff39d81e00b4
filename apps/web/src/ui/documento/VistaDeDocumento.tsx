import {
  Alert,
  Button,
  Group,
  Menu,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { CabeceraDeVenta } from '@pos/contract';
import {
  IconArrowLeft,
  IconBan,
  IconDots,
  IconEdit,
  IconFileTypePdf,
  IconInfoCircle,
  IconMail,
  IconPrinter,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { cantidad, dinero, fecha, fechaHora, porcentajeDeFraccion } from '../formato.ts';
import { BotonEscritura, useModoLectura } from '../ModoLectura.tsx';
import { EstadoDelDocumento, type Genero } from './EstadoDelDocumento.tsx';
import { imprimirDocumento, type LineaDelDocumento, precioMostrado } from './imprimirDocumento.tsx';
import { type Lado, TEXTOS_DEL_LADO } from './lado.ts';
import { ModalAnularDocumento, type ResultadoDeAnulacion } from './ModalAnularDocumento.tsx';
import {
  descargarPdf,
  type EndpointDeCorreo,
  enviarPorCorreo,
  ModalCorreoDeDocumento,
} from './pdfYCorreo.tsx';
import { Totales } from './Totales.tsx';

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {etiqueta}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children === '' || children === null || children === undefined ? '—' : children}
      </Text>
    </div>
  );
}

function Lineas({ lineas, lado }: { lineas: LineaDelDocumento[]; lado: Lado }) {
  return (
    <ScrollArea type="auto">
      <Table striped fz="sm" verticalSpacing={6} miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Descripción</Table.Th>
            <Table.Th ta="right">Cantidad</Table.Th>
            <Table.Th ta="right">{TEXTOS_DEL_LADO[lado].unitario}</Table.Th>
            <Table.Th ta="right">Desc.</Table.Th>
            <Table.Th ta="right">Impuestos</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lineas.map((l) => (
            <Table.Tr key={l._id}>
              <Table.Td>
                <Text size="sm">{l.descripcion}</Text>
                {(l.idCodigoDeBarra || l.nota) && (
                  <Text size="xs" c="dimmed">
                    {[l.idCodigoDeBarra, l.nota].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{cantidad(l.cantidad)}</Table.Td>
              <Table.Td ta="right">{dinero(precioMostrado(l))}</Table.Td>
              <Table.Td ta="right">{l.descuento > 0 ? porcentajeDeFraccion(l.descuento) : '—'}</Table.Td>
              <Table.Td ta="right">{dinero(l.totalImpuestos)}</Table.Td>
              <Table.Td ta="right">{dinero(l.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

type Props = {
  /** «Cotización»: the family's name as a title. */
  titulo: string;
  /** «cotización»: how texts name one. */
  nombre: string;
  genero: Genero;
  documento: CabeceraDeVenta;
  lineas: LineaDelDocumento[];
  /** The family's own header data, after the customer's. */
  datos?: Array<{ etiqueta: string; valor: ReactNode }>;
  /** The family's own data on the printed page, after number and date. */
  datosImpresos?: Array<[string, string]>;
  /** How the printed page names the due date: «Vence», or a quotation's «Válida hasta». */
  etiquetaDelVencimiento?: string;
  /** Why the document can no longer be edited, cancelled or deleted (a conduce an invoice took); shown instead of those actions. */
  bloqueo?: string | undefined;
  /** The family's own actions beside Volver and Imprimir (a quotation's «Facturar», spec 001 §2). */
  acciones?: ReactNode;
  rutaLista: string;
  /** The edit screen (`?id=` is added); shown while the document is active and the user may modify. */
  rutaEditar?: string;
  /** The user's `modificar` on the family's module: edit and cancel. */
  puedeModificar: boolean;
  eliminar: () => Promise<unknown>;
  /**
   * Spec 001 §1 "PDF / e-mail": the family's PDF path ('/cotizacion/pdf/:id'), its file prefix
   * ('Cotizacion' → Cotizacion-{comprobante}.pdf), its e-mail endpoint and failure message.
   */
  pdfYCorreo?: {
    rutaPdf: string;
    prefijo: string;
    correo: EndpointDeCorreo;
    mensajeDeError: string;
    /** The file name when the shown number is not the document's (an invoice without NCF). */
    nombreDelArchivo?: string;
  };
  /** The family's own badge instead of the lifecycle one (an invoice's collection status, spec 001 §4). */
  insignia?: ReactNode;
  /** The family's own print button instead of the letter page (an invoice's 80 or 58 mm receipt). */
  imprimir?: ReactNode;
  /** The family's number data instead of «Número» (an invoice's NCF, its expiry and internal number). */
  datosDelNumero?: Array<{ etiqueta: string; valor: ReactNode }>;
  /** The name of a coded cancellation reason (an invoice's 10 fiscal reasons, spec 001 §5), before the note. */
  motivoDeAnulacion?: string;
  /** The family's own totals block (an invoice's tax breakdown, withholdings, collected and pending). */
  totales?: ReactNode;
  /** The family's own data under the notes (an invoice's journal entries). */
  pie?: ReactNode;
  /** The family's own sections under the document (an invoice's payments) and its dialogs. */
  secciones?: ReactNode;
  /** False hides «Editar» while the document is active (an invoice with payments). */
  editable?: boolean;
  /** 'compra' for a purchasing document: «Proveedor» and «Costo» instead of «Cliente» and «Precio». */
  lado?: Lado;
  /** What deleting also undoes, said in the confirmation (an invoice's stock and journal entry). */
  alEliminarTambien?: string;
  /**
   * Who may delete when the family's rule is not the kit's (an active document, anularYEliminarDocumentos):
   * an invoice is deleted by whoever may modify it, also once cancelled; the server refuses what it must.
   */
  puedeEliminar?: boolean;
} & Anulacion;

/**
 * How the document is cancelled: the kit's dialog with a free-text reason, or the family's own
 * (an invoice's 10 fiscal reasons, spec 001 §5); the menu item then reads «Anular» and the dialog
 * says whether it cancels or files a request.
 */
type Anulacion =
  | {
      mensajeSinMotivo: string;
      anular: (entrada: { notaAnular: string; tipoDeAnulacion: string }) => Promise<ResultadoDeAnulacion>;
      modalAnular?: undefined;
    }
  | {
      modalAnular: (abierto: boolean, alCerrar: () => void) => ReactNode;
      mensajeSinMotivo?: undefined;
      anular?: undefined;
    };

/**
 * The view of a sales document (spec 001 §2 vista_ screens, §4): header, lines, totals, notes, and what
 * can be done with it — print, edit while active, cancel (at once or as a request) and delete (users
 * with anularYEliminarDocumentos, spec 000 §4).
 */
export function VistaDeDocumento({
  titulo,
  nombre,
  genero,
  documento: d,
  lineas,
  datos = [],
  datosImpresos: datosPropios = [],
  bloqueo,
  acciones,
  rutaLista,
  rutaEditar,
  puedeModificar,
  eliminar,
  pdfYCorreo,
  insignia,
  imprimir: botonImprimir,
  datosDelNumero,
  motivoDeAnulacion,
  totales,
  pie,
  secciones,
  editable = true,
  lado = 'venta',
  etiquetaDelVencimiento = 'Vence',
  alEliminarTambien,
  puedeEliminar: eliminable,
  ...anulacion
}: Props) {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const [anulando, modalAnular] = useDisclosure(false);
  const [enviando, modalCorreo] = useDisclosure(false);
  const [descargando, setDescargando] = useState(false);
  const activo = d.estado === 'Activo';
  const modificable = puedeModificar && activo && !bloqueo;
  const directo = perfil?.anularYEliminarDocumentos === true;
  const puedeEliminar = eliminable ?? (modificable && directo);
  const articulo = genero === 'femenino' ? 'la' : 'el';
  const encabezado = `${titulo} ${d.comprobante}`;
  const datosImpresos: Array<[string, string]> = [
    ['Número', d.comprobante],
    ['Fecha', fecha(d.fechaEmision)],
    ...(d.vencimiento ? ([[etiquetaDelVencimiento, fecha(d.vencimiento)]] as Array<[string, string]>) : []),
    ...datosPropios,
  ];

  function imprimir() {
    try {
      imprimirDocumento({ titulo: encabezado, documento: d, lineas, datos: datosImpresos, lado });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'No se pudo imprimir',
        message: e instanceof Error ? e.message : 'El navegador no permitió imprimir.',
      });
    }
  }

  async function pdf(rutaPdf: string, nombre: string) {
    setDescargando(true);
    try {
      await descargarPdf(rutaPdf.replace(':id', encodeURIComponent(d._id)), `${nombre}.pdf`);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'No se pudo descargar el PDF',
        message: e instanceof Error ? e.message : '',
      });
    } finally {
      setDescargando(false);
    }
  }

  // Spec 001 §1: deleting asks for confirmation and warns it cannot be reverted.
  function confirmarEliminar() {
    if (soloLectura) {
      avisar();
      return;
    }
    modals.openConfirmModal({
      title: `Eliminar ${articulo} ${nombre} ${d.comprobante}`,
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar {genero === 'femenino' ? 'esta' : 'este'} {nombre}? Esta acción no se
          puede revertir{alEliminarTambien ? `: ${alEliminarTambien}` : ''}.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        eliminar().then(
          () => {
            notifications.show({ color: 'green', message: 'Eliminado', autoClose: 1500 });
            void navegar(rutaLista);
          },
          (e: unknown) =>
            notifications.show({
              color: 'red',
              title: `No se eliminó ${articulo} ${nombre}`,
              message: e instanceof Error ? e.message : '',
              autoClose: 5200,
            }),
        );
      },
    });
  }

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>{encabezado}</Title>
          {insignia ?? <EstadoDelDocumento documento={d} genero={genero} />}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navegar(rutaLista)}
          >
            Volver
          </Button>
          {botonImprimir ?? (
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={imprimir}>
              Imprimir
            </Button>
          )}
          {pdfYCorreo && (
            <>
              <Button
                variant="default"
                leftSection={<IconFileTypePdf size={16} />}
                loading={descargando}
                onClick={() =>
                  void pdf(
                    pdfYCorreo.rutaPdf,
                    pdfYCorreo.nombreDelArchivo ?? `${pdfYCorreo.prefijo}-${d.comprobante || d._id}`,
                  )
                }
              >
                Descargar PDF
              </Button>
              <Button variant="default" leftSection={<IconMail size={16} />} onClick={modalCorreo.open}>
                Enviar por correo
              </Button>
            </>
          )}
          {acciones}
          {modificable && editable && rutaEditar && (
            <BotonEscritura
              leftSection={<IconEdit size={16} />}
              onClick={() => navegar(`${rutaEditar}?id=${d._id}`)}
            >
              Editar
            </BotonEscritura>
          )}
          {(modificable || puedeEliminar) && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" px="xs" aria-label="Más acciones">
                  <IconDots size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconBan size={16} />}
                  disabled={!modificable}
                  onClick={() => (soloLectura ? avisar() : modalAnular.open())}
                >
                  {directo || anulacion.modalAnular ? 'Anular' : 'Solicitar anulación'}
                </Menu.Item>
                {puedeEliminar && (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmarEliminar}>
                    Eliminar
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {!activo && (
        <Alert
          color={d.estado === 'Anulado' ? 'red' : 'yellow'}
          variant="light"
          icon={<IconInfoCircle size={18} />}
        >
          {d.estado === 'Por-Anular'
            ? 'Anulación pendiente de aprobación'
            : `${titulo} ${genero === 'femenino' ? 'anulada' : 'anulado'}`}
          {motivoDeAnulacion ? ` · Motivo: ${motivoDeAnulacion}` : ''}
          {d.notaAnular ? ` · ${motivoDeAnulacion ? '' : 'Motivo: '}«${d.notaAnular}»` : ''}
          {d.notaAutorizacion ? ` · Supervisor: «${d.notaAutorizacion}»` : ''}
        </Alert>
      )}
      {bloqueo && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {bloqueo}
        </Alert>
      )}
      {activo && d.autorizacion === 'Rechazada' && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          Se rechazó una solicitud de anulación{d.notaAutorizacion ? `: «${d.notaAutorizacion}»` : ''}.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
            <Dato etiqueta={TEXTOS_DEL_LADO[lado].contacto}>
              {d.nombreOpcional && d.nombreOpcional !== d.nombre
                ? `${d.nombre} (${d.nombreOpcional})`
                : d.nombre || TEXTOS_DEL_LADO[lado].sinContacto}
            </Dato>
            <Dato etiqueta={d.tipoDeIdentificacion || 'RNC / Cédula'}>{d.rnc || d.cedula}</Dato>
            <Dato etiqueta="Teléfono">{d.telefono || d.movil}</Dato>
            <Dato etiqueta="Correo">{d.correo}</Dato>
            {(
              datosDelNumero ?? [{ etiqueta: 'Número', valor: `${d.comprobante} · ${d.numeracionNombre}` }]
            ).map((dato) => (
              <Dato key={dato.etiqueta} etiqueta={dato.etiqueta}>
                {dato.valor}
              </Dato>
            ))}
            <Dato etiqueta="Fecha">
              {fecha(d.fechaEmision)} {d.hora.slice(0, 5)}
            </Dato>
            {datos.map((dato) => (
              <Dato key={dato.etiqueta} etiqueta={dato.etiqueta}>
                {dato.valor}
              </Dato>
            ))}
          </SimpleGrid>
          <Lineas lineas={lineas} lado={lado} />
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
            <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
              {d.notaPieDePagina && <Dato etiqueta="Nota al pie">{d.notaPieDePagina}</Dato>}
              {d.notaInformacionInterna && <Dato etiqueta="Nota interna">{d.notaInformacionInterna}</Dato>}
              {pie}
              <Text size="xs" c="dimmed">
                {genero === 'femenino' ? 'Creada' : 'Creado'} por {d.creadaPor || '—'} el{' '}
                {fechaHora(d.creadoEn)}
              </Text>
            </Stack>
            <div style={{ minWidth: 260 }}>
              {totales ?? (
                <Totales
                  totales={{
                    importe: d.importe,
                    descuento: d.descuento,
                    impuestos: [{ nombre: 'Impuestos', total: d.impuestos }],
                    total: d.totalGral,
                  }}
                />
              )}
            </div>
          </Group>
        </Stack>
      </Paper>
      {secciones}
      {anulacion.modalAnular ? (
        anulacion.modalAnular(anulando, modalAnular.close)
      ) : (
        <ModalAnularDocumento
          abierto={anulando}
          alCerrar={modalAnular.close}
          documento={`${articulo} ${nombre} ${d.comprobante}`}
          genero={genero}
          mensajeSinMotivo={anulacion.mensajeSinMotivo}
          anular={anulacion.anular}
        />
      )}
      {pdfYCorreo && (
        <ModalCorreoDeDocumento
          key={d._id}
          abierto={enviando}
          alCerrar={modalCorreo.close}
          documento={`${articulo} ${nombre} ${d.comprobante}`}
          correoInicial={d.correo}
          enviar={enviarPorCorreo(pdfYCorreo.correo, d._id)}
          mensajeDeError={pdfYCorreo.mensajeDeError}
        />
      )}
    </Stack>
  );
}
