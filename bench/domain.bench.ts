import {
  calcularTotales,
  type LineaDocumento,
  leerCodigoDeBarras,
  OPCIONES_DE_IMPUESTO,
  precioSinImpuesto,
} from '@pos/domain';

const RONDAS = 7;
const MINIMO_POR_RONDA_MS = 200;

/** Runs `operacion` in rounds of at least 200 ms and returns the median operations per second. */
function medir(operacion: () => unknown): number {
  const porSegundo: number[] = [];
  for (let ronda = 0; ronda < RONDAS; ronda++) {
    let veces = 0;
    const inicio = performance.now();
    let transcurrido = 0;
    while (transcurrido < MINIMO_POR_RONDA_MS) {
      operacion();
      veces++;
      transcurrido = performance.now() - inicio;
    }
    porSegundo.push((veces * 1000) / transcurrido);
  }
  porSegundo.sort((a, b) => a - b);
  return Math.round(porSegundo[Math.floor(RONDAS / 2)] ?? 0);
}

function documentoDe200Lineas(): LineaDocumento[] {
  const [itbis, itbis16, exento, propina] = OPCIONES_DE_IMPUESTO;
  const juegos = [[itbis], [itbis16], [exento], [itbis, propina], []];
  return Array.from({ length: 200 }, (_, indice) => {
    const impuestos = juegos[indice % juegos.length] ?? [];
    return {
      cantidad: (indice % 7) + 1,
      precio: precioSinImpuesto(((indice * 37) % 5000) + 0.99, impuestos),
      descuento: (indice % 4) * 0.05,
      impuestos,
    };
  });
}

const CODIGOS = ['2012345015005', 'PQT#7501234567890', '3-7501234567890', '7501234567890', '2201234002503'];

/** Micro-benchmark of the domain rules the POS runs on every keystroke and scan. */
export default async function (): Promise<void> {
  const lineas = documentoDe200Lineas();
  const totales = medir(() => calcularTotales(lineas));
  console.log(`totales 200 líneas: ${totales} ops/s (mediana de ${RONDAS})`);
  let indice = 0;
  const codigos = medir(() =>
    leerCodigoDeBarras(CODIGOS[indice++ % CODIGOS.length] ?? '', { usoCodigoDeBalanza: true }),
  );
  console.log(`lectura de código de barras: ${codigos} ops/s (mediana de ${RONDAS})`);
}
