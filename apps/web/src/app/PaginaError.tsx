import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

const CLAVE_RECARGA = 'pos-ultima-recarga-por-modulo';
const RECARGA_MINIMA_MS = 60_000;

/** Whether the error is a failed download of a lazily loaded screen (a new version was deployed). */
export function esFalloDeCarga(error: unknown): boolean {
  const mensaje = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    mensaje,
  );
}

// Spec 000 §8: a chunk load failure reloads the page, at most once every 60 s.
/** Reloads once per minute at most; returns whether it reloaded. */
export function recargarPorFalloDeCarga(ahora = Date.now(), almacen: Storage = sessionStorage): boolean {
  const ultima = Number(almacen.getItem(CLAVE_RECARGA) ?? 0);
  if (ahora - ultima < RECARGA_MINIMA_MS) {
    return false;
  }
  almacen.setItem(CLAVE_RECARGA, String(ahora));
  window.location.reload();
  return true;
}

/** Message and status code of a failed route (default 500); 404 offers the way home. */
export function PaginaError({ estado, mensaje }: { estado?: number; mensaje?: string }) {
  const codigo = estado ?? 500;
  const noEncontrada = codigo === 404;
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text fz={64} fw={800} c="gray.4" lh={1}>
          {codigo}
        </Text>
        <Title order={2}>{noEncontrada ? 'Esta página no existe' : 'Algo salió mal'}</Title>
        <Text c="dimmed">
          {noEncontrada
            ? 'La dirección que abriste no corresponde a ninguna pantalla.'
            : (mensaje ?? 'Ocurrió un error inesperado. Intenta de nuevo; si persiste, contacta a soporte.')}
        </Text>
        {!noEncontrada && mensaje && <Code>{mensaje}</Code>}
        <Button component={Link} to="/" variant="light">
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}

/** The router's error element. */
export function ErrorDeRuta() {
  const error = useRouteError();
  if (esFalloDeCarga(error) && recargarPorFalloDeCarga()) {
    return null;
  }
  if (isRouteErrorResponse(error)) {
    return <PaginaError estado={error.status} mensaje={error.statusText || undefined} />;
  }
  console.error(error);
  return <PaginaError estado={500} mensaje={error instanceof Error ? error.message : undefined} />;
}
