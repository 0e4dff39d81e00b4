import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';

/** The public catalogue layout: no session, company from `?lista=`; the catalogue screens fill it. */
export function DisenoCatalogo() {
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size="lg" py="md">
        <Outlet />
      </Container>
    </Box>
  );
}
