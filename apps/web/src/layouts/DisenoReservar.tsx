import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';

/**
 * The public booking layout (spec 000 §2 "reserve and reservar layouts"): no session, the company from
 * `?lista=`, a narrow column made for a phone first.
 */
export function DisenoReservar() {
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size={560} px="sm" py="md">
        <Outlet />
      </Container>
    </Box>
  );
}
