import { Center, Loader, Text } from '@mantine/core';

/** The loading spinner of a screen. */
export function Cargando() {
  return (
    <Center h="40vh">
      <Loader aria-label="Cargando" />
    </Center>
  );
}

/** While a record loads: the spinner, or the server's message if it failed; null once it is there. */
export function CargandoOError({ cargando, error }: { cargando: boolean; error: Error | null }) {
  if (cargando) {
    return <Cargando />;
  }
  return error ? (
    <Text c="red" role="alert">
      {error.message}
    </Text>
  ) : null;
}
