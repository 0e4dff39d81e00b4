import { Checkbox, Group, ScrollArea, Table, Text } from '@mantine/core';
import {
  derechoDeModulo,
  ETIQUETAS_DE_BANDERA,
  ETIQUETAS_DE_MODULO,
  MODULOS,
  type Modulo,
  type Privilegios,
} from '@pos/contract';

const COLUMNAS = ['acceso', 'ver', 'crear', 'modificar'] as const;
type BanderaDeColumna = (typeof COLUMNAS)[number] | 'emitirRecibo';

type Props = {
  valor: Privilegios;
  alCambiar: (valor: Privilegios) => void;
  soloOperador: boolean;
  /** Whether the signed-in user may grant this right (`modulo.bandera`); others stay as they are. */
  puedeConceder: (derecho: string) => boolean;
  /** The whole grid read-only (the user's own rights, or a user the editor may not touch). */
  bloqueada: boolean;
};

/** The user's permission block per module (spec 002 §3) as a readable grid, with whole-row and whole-column toggles. */
export function MatrizDePermisos({ valor, alCambiar, soloOperador, puedeConceder, bloqueada }: Props) {
  const modulos = MODULOS.filter((m) => soloOperador || (m !== 'planes' && m !== 'registroDeEmpresa'));

  // Nobody grants a right they lack (docs/api.md «Usuarios»): such a switch stays off. Turning a
  // switch off is always allowed.
  function habilitada(modulo: Modulo, bandera: string): boolean {
    if (bloqueada) {
      return false;
    }
    const marcada = (valor[modulo] as Record<string, boolean | undefined>)[bandera] === true;
    return marcada || bandera === 'verSoloPedidos' || puedeConceder(derechoDeModulo(modulo, bandera));
  }

  function cambiar(modulo: Modulo, bandera: string, marcado: boolean) {
    const bloque = { ...valor[modulo], [bandera]: marcado };
    // Without access nothing else is usable; any other flag implies access.
    if (bandera === 'acceso' && !marcado) {
      for (const clave of Object.keys(bloque)) {
        (bloque as Record<string, boolean>)[clave] = false;
      }
    } else if (marcado) {
      if (!bloque.acceso && !habilitada(modulo, 'acceso')) {
        return;
      }
      bloque.acceso = true;
    }
    alCambiar({ ...valor, [modulo]: bloque });
  }

  function columnaMarcada(bandera: (typeof COLUMNAS)[number]): boolean | 'mixto' {
    const valores = modulos.flatMap((modulo) => {
      const celda = columnaDe(modulo, bandera);
      return celda ? [valor[modulo][celda.bandera] === true] : [];
    });
    if (valores.every(Boolean)) {
      return true;
    }
    return valores.some(Boolean) ? 'mixto' : false;
  }

  // cuentaPorPagar and cuentaPorCobrar have emitirRecibo where the others have modificar (spec 002 §3).
  function columnaDe(
    modulo: Modulo,
    bandera: (typeof COLUMNAS)[number],
  ): { bandera: BanderaDeColumna } | null {
    if (bandera === 'modificar' && !('modificar' in valor[modulo])) {
      return 'emitirRecibo' in valor[modulo] ? { bandera: 'emitirRecibo' } : null;
    }
    return { bandera };
  }

  function marcarColumna(bandera: (typeof COLUMNAS)[number], marcado: boolean) {
    const nuevo = { ...valor };
    for (const modulo of modulos) {
      const celda = columnaDe(modulo, bandera);
      const puede =
        celda &&
        habilitada(modulo, celda.bandera) &&
        (!marcado || valor[modulo].acceso || habilitada(modulo, 'acceso'));
      if (!celda || !puede) {
        continue;
      }
      const bloque = { ...nuevo[modulo], [celda.bandera]: marcado };
      if (marcado) {
        bloque.acceso = true;
      } else if (bandera === 'acceso') {
        for (const clave of Object.keys(bloque)) {
          (bloque as Record<string, boolean>)[clave] = false;
        }
      }
      nuevo[modulo] = bloque;
    }
    alCambiar(nuevo);
  }

  return (
    <ScrollArea type="auto">
      <Table striped verticalSpacing={4} fz="sm" miw={720} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Módulo</Table.Th>
            {COLUMNAS.map((bandera) => {
              const estado = columnaMarcada(bandera);
              return (
                <Table.Th key={bandera} ta="center" w={110}>
                  <Group gap={6} justify="center" wrap="nowrap">
                    <Checkbox
                      size="xs"
                      aria-label={`${ETIQUETAS_DE_BANDERA[bandera]} en todos los módulos`}
                      checked={estado === true}
                      indeterminate={estado === 'mixto'}
                      disabled={bloqueada}
                      onChange={(e) => marcarColumna(bandera, e.currentTarget.checked)}
                    />
                    {ETIQUETAS_DE_BANDERA[bandera]}
                  </Group>
                </Table.Th>
              );
            })}
            <Table.Th>Otros</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {modulos.map((modulo) => {
            const bloque = valor[modulo] as Record<string, boolean>;
            const extras = Object.keys(bloque).filter(
              (clave) => !COLUMNAS.includes(clave as (typeof COLUMNAS)[number]) && clave !== 'emitirRecibo',
            );
            return (
              <Table.Tr key={modulo}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {ETIQUETAS_DE_MODULO[modulo]}
                  </Text>
                </Table.Td>
                {COLUMNAS.map((columna) => {
                  const celda = columnaDe(modulo, columna);
                  return (
                    <Table.Td key={columna} ta="center">
                      {celda && (
                        <Group justify="center" gap={4}>
                          <Checkbox
                            size="sm"
                            aria-label={`${ETIQUETAS_DE_BANDERA[celda.bandera]}: ${ETIQUETAS_DE_MODULO[modulo]}`}
                            checked={bloque[celda.bandera] === true}
                            disabled={!habilitada(modulo, celda.bandera)}
                            onChange={(e) => cambiar(modulo, celda.bandera, e.currentTarget.checked)}
                          />
                          {celda.bandera === 'emitirRecibo' && (
                            <Text size="xs" c="dimmed">
                              recibo
                            </Text>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  <Group gap="md">
                    {extras.map((extra) => (
                      <Checkbox
                        key={extra}
                        size="xs"
                        label={ETIQUETAS_DE_BANDERA[extra] ?? extra}
                        checked={bloque[extra] === true}
                        disabled={!habilitada(modulo, extra)}
                        onChange={(e) => cambiar(modulo, extra, e.currentTarget.checked)}
                      />
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
