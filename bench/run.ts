import { readdirSync } from 'node:fs';

// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) and prints its figures.
const filtro = process.argv.slice(2);
const archivos = readdirSync(import.meta.dirname)
  .filter((nombre) => nombre.endsWith('.bench.ts'))
  .filter((nombre) => filtro.length === 0 || filtro.some((f) => nombre.includes(f)))
  .sort();
for (const archivo of archivos) {
  console.log(`\n== ${archivo}`);
  const modulo = (await import(`./${archivo}`)) as { default: () => Promise<void> };
  await modulo.default();
}
