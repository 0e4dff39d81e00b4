import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { claveDePeriodo, type Periodo, PRESETS, periodoDeClave, textoDelPeriodo } from './periodo.ts';

type Props = {
  valor: Periodo;
  alCambiar: (periodo: Periodo) => void;
  /** Offer «Todas las fechas» (lists); reports always have a period. */
  conTodo?: boolean;
};

/** The period of a list or report: the spec's presets or a range of days, with the days it covers. */
export function SelectorDePeriodo({ valor, alCambiar, conTodo = false }: Props) {
  const opciones = [
    ...(conTodo ? [{ value: 'todo', label: 'Todas las fechas' }] : []),
    ...PRESETS.map((p) => ({ value: String(p.preset), label: p.titulo })),
    { value: 'rango', label: 'Rango de fechas…' },
  ];
  const texto = valor.tipo === 'preset' ? textoDelPeriodo(valor) : '';
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Group gap="xs" wrap="wrap" align="flex-start">
        <Select
          aria-label="Periodo"
          data={opciones}
          value={claveDePeriodo(valor)}
          onChange={(clave) => clave && alCambiar(periodoDeClave(clave))}
          allowDeselect={false}
          w={{ base: '100%', xs: 190 }}
          description={texto || undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        {valor.tipo === 'rango' && (
          <DatePickerInput
            type="range"
            aria-label="Rango de fechas"
            placeholder="Desde – hasta"
            valueFormat="DD/MM/YYYY"
            allowSingleDateInRange
            clearable
            value={[valor.desde, valor.hasta]}
            onChange={([desde, hasta]) =>
              alCambiar({
                tipo: 'rango',
                desde: desde ? String(desde).slice(0, 10) : null,
                hasta: hasta ? String(hasta).slice(0, 10) : null,
              })
            }
            w={{ base: '100%', xs: 240 }}
          />
        )}
      </Group>
    </DatesProvider>
  );
}
