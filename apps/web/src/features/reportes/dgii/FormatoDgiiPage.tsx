import { Alert, Anchor, Button, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import {
  type CualquierReporte,
  type DocumentoEnlazable,
  exportarReporte,
  FILAS_POR_PAGINA_DE_REPORTE,
  type FormatoDeEnvioDgii,
  type ProblemaDgii,
  REPORTE_DGII_DE,
  TXT_DGII,
} from '@pos/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { api, ErrorDeApi } from '../../../api/client.ts';
import { textoDeValor } from '../../../ui/reporte/PaginaDeReporte.tsx';
import { BotonesDeExportar, SinResultados, TotalesDeReporte } from '../../../ui/reporte/partes.tsx';
import { type Columna, TablaLista } from '../../../ui/TablaLista.tsx';
import { exportar, pedirArchivo } from '../../inventario/archivos.ts';
import { enlaceDe } from '../enlaces.ts';

// design/fiscal-do.md §3: one page for the 606, 607 and 608 (the slug says which). A month (the DGII
// formats are monthly), the records as the TXT writes them, the totals, the problems with a link to each
// document, «Descargar TXT» (refused by the server while a problem remains) and the table as PDF/Excel.
// The 606 and 607 page their records 25 at a time as every paged report (spec 002 §9); the figures, the
// problems, the TXT and the PDF/Excel are the whole month's.

type Fila = Record<string, unknown> & { _id: string };
type Respuesta = Record<string, unknown> & {
  periodo: string;
  cantidadDeRegistros: number;
  problemas: ProblemaDgii[];
  nombreArchivo: string;
};

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** The last 24 months, newest first, as 'AAAA-MM'. */
function mesesRecientes(hoy = new Date()): { value: string; label: string }[] {
  const lista: { value: string; label: string }[] = [];
  for (let i = 0; i < 24; i++) {
    const d = new Date(hoy.getFullYear(), hoy.getMonth() - i, 1);
    const valor = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    lista.push({ value: valor, label: `${MESES[d.getMonth()]} ${d.getFullYear()}` });
  }
  return lista;
}

/** The first and last day of 'AAAA-MM'. */
function diasDelMes(mes: string): { fechaInicial: string; fechaFinal: string } {
  const [anio, numeroDeMes] = mes.split('-').map(Number) as [number, number];
  const ultimo = new Date(anio, numeroDeMes, 0).getDate();
  return { fechaInicial: `${mes}-01`, fechaFinal: `${mes}-${String(ultimo).padStart(2, '0')}` };
}

/** The screen of the document a problem or a row points to (none for the company itself). */
function rutaDelDocumento(documento: DocumentoEnlazable | null, id: string | null): string | null {
  return documento === null || id === null ? null : enlaceDe(documento, id);
}

function formatoDeLaRuta(ruta: string): FormatoDeEnvioDgii {
  return ruta.includes('606') ? '606' : ruta.includes('608') ? '608' : '607';
}

/** The cells of the declared columns; the NCF opens its document whatever its kind. */
function columnasDe(declaracion: CualquierReporte): Columna<Fila>[] {
  return declaracion.columnas.map((c) => ({
    titulo: c.titulo,
    alinear: c.formato === 'dinero' || c.formato === 'entero' ? 'right' : undefined,
    celda: (fila: Fila) => {
      const valor = fila[c.clave];
      if (valor === null || valor === undefined || valor === '') {
        return '';
      }
      if (c.clave === 'ncf') {
        const documento = String(fila.documento) as DocumentoEnlazable;
        const ruta = rutaDelDocumento(documento, String(fila.idDocumento ?? fila._id));
        return ruta ? (
          <Anchor component={Link} to={ruta} size="sm" ff="monospace">
            {String(valor)}
          </Anchor>
        ) : (
          String(valor)
        );
      }
      return textoDeValor(valor, c.formato);
    },
  }));
}

/** /reportes/r-formato-606, r-formato-607, r-formato-608. */
export default function FormatoDgiiPage() {
  const formato = formatoDeLaRuta(useLocation().pathname);
  const declaracion = REPORTE_DGII_DE[formato];
  const meses = mesesRecientes();
  const [mes, setMes] = useState(meses[1]?.value ?? '');
  const [pagina, setPagina] = useState(1);
  const [aviso, setAviso] = useState<string | null>(null);
  const [descargando, setDescargando] = useState(false);
  const filtro = diasDelMes(mes);
  const paginado = declaracion.paginado === true;
  const consulta = useQuery({
    queryKey: ['reportes', declaracion.id, filtro, paginado ? pagina : 0],
    queryFn: ({ signal }) =>
      api(declaracion.consulta, {
        body: { ...filtro, ...(paginado ? { page: pagina, limit: FILAS_POR_PAGINA_DE_REPORTE } : {}) },
        signal,
      }) as Promise<Respuesta>,
    placeholderData: keepPreviousData,
  });
  const datos = consulta.data;
  const filas = (datos?.[declaracion.filas] as Fila[] | undefined) ?? [];
  const total = paginado ? Number(datos?.totalRows ?? 0) : filas.length;
  const problemas = datos?.problemas ?? [];

  async function descargarTxt() {
    setAviso(null);
    setDescargando(true);
    try {
      const archivo = await pedirArchivo(TXT_DGII[formato], filtro);
      const url = URL.createObjectURL(archivo.blob);
      const enlace = document.createElement('a');
      enlace.href = url;
      enlace.download = archivo.nombre;
      document.body.append(enlace);
      enlace.click();
      enlace.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setAviso(error instanceof ErrorDeApi ? error.message : 'No se pudo descargar el archivo.');
    } finally {
      setDescargando(false);
    }
  }

  const cifras = (declaracion.cifras ?? []).map((cifra) => ({
    titulo: cifra.titulo,
    valor: textoDeValor(datos?.[cifra.clave] ?? 0, cifra.formato),
    ...(cifra.detalle ? { detalle: cifra.detalle } : {}),
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{declaracion.titulo}</Title>
          <Text c="dimmed" size="sm">
            {declaracion.descripcion}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <Select
            label="Mes"
            data={meses}
            value={mes}
            onChange={(v) => {
              if (v) {
                setMes(v);
                setPagina(1);
              }
            }}
            allowDeselect={false}
            w={190}
          />
          <Button onClick={descargarTxt} loading={descargando} disabled={!datos || problemas.length > 0}>
            Descargar TXT
          </Button>
          <BotonesDeExportar
            deshabilitado={!datos || total === 0}
            alExportar={(opcion) =>
              exportar(exportarReporte(declaracion), { ...filtro, documentoOpcion: opcion }, opcion)
            }
          />
        </Group>
      </Group>
      {aviso && (
        <Alert color="red" title="No se pudo completar" withCloseButton onClose={() => setAviso(null)}>
          {aviso}
        </Alert>
      )}
      {consulta.error && (
        <Alert color="red" title="No se pudo cargar el formato">
          {consulta.error.message}
        </Alert>
      )}
      {datos && <TotalesDeReporte cifras={cifras} />}
      {problemas.length > 0 && (
        <Alert
          color="orange"
          title={`Corrige estos problemas antes de descargar el TXT (${problemas.length})`}
        >
          <List size="sm" spacing={4}>
            {problemas.map((problema) => {
              const ruta = rutaDelDocumento(problema.documento, problema.id);
              return (
                <List.Item key={`${problema.id ?? 'empresa'}-${problema.mensaje}`}>
                  {ruta ? (
                    <Anchor component={Link} to={ruta} size="sm">
                      {problema.numero || 'Documento'}
                    </Anchor>
                  ) : (
                    <Text span size="sm" fw={500}>
                      {problema.numero || 'Empresa'}
                    </Text>
                  )}
                  {`: ${problema.mensaje}`}
                </List.Item>
              );
            })}
          </List>
        </Alert>
      )}
      {datos && total === 0 ? (
        <SinResultados />
      ) : (
        <TablaLista
          columnas={columnasDe(declaracion)}
          filas={consulta.isPending ? undefined : filas}
          clave={(f) => `${String(f.documento)}-${f._id}`}
          cargando={consulta.isPending}
          sinSalto
          {...(paginado
            ? { total, pagina, porPagina: FILAS_POR_PAGINA_DE_REPORTE, alCambiarPagina: setPagina }
            : {})}
        />
      )}
    </Stack>
  );
}
