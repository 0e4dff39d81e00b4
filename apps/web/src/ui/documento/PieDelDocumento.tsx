import { Grid, Paper, Stack, Textarea, type TextareaProps } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** «Nota al pie de la cotización» and what it is for (printed on the document). */
  notaPie: { label: string; description?: string };
  /** The form's input props of notaPieDePagina and notaInformacionInterna (`form.getInputProps`). */
  entradaNotaPie: TextareaProps;
  entradaNotaInterna: TextareaProps;
  /** The totals block (the kit's `Totales`). */
  totales: ReactNode;
};

/** The foot of a sales or purchasing document's form (spec 001 §3): its two notes beside the totals. */
export function PieDelDocumento({ notaPie, entradaNotaPie, entradaNotaInterna, totales }: Props) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p="md" h="100%">
          <Stack gap="sm">
            <Textarea
              label={notaPie.label}
              description={notaPie.description}
              autosize
              minRows={2}
              maxLength={1000}
              {...entradaNotaPie}
            />
            <Textarea
              label="Nota interna"
              description="Solo la ve el personal."
              autosize
              minRows={2}
              maxLength={1000}
              {...entradaNotaInterna}
            />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="md" h="100%">
          {totales}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
