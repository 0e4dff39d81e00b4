import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** The print layout: the document alone, white, at paper width (invoices, receipts). */
export function DisenoImpresion() {
  return (
    <Box bg="white" mih="100vh" p="md" className="diseno-impresion">
      <Outlet />
    </Box>
  );
}
