import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Architecture: "a module owns its tables; another module reaches them through the owning module's
// service functions" (docs/api.md «Fronteras entre módulos»). This test reads the sources, no
// database: each `pgTable('<name>'` in modules/<m>/tables.ts belongs to module m, and
//  1. only files of module m import modules/<m>/tables.ts (tests too: a test arranges another module's
//     state through its service or the API, so a module can rename its columns and only its own
//     files change). Outside modules/ nothing imports a tables.ts: db/client.ts builds Drizzle without
//     a schema object, so there is no aggregator that would need to;
//  2. production code writes (insert into / update / delete from, in its SQL strings) only the tables
//     of its own module. Tests and the helpers only tests import are exempt: they arrange states no API
//     reaches (a suspended plan, an expired wait, yesterday's invoice) in a throwaway database;
//  3. a PL/pgSQL function of the migrations belongs to the module its name starts with
//     (`numeracion_tomar`, `facturas_registrar_venta`) and writes only that module's tables; it reaches
//     another module's tables by calling that module's function, as services do. A trigger function is
//     judged the same way: `pedidos_facturar` (0014) runs on an invoice's insert but is pedidos' code
//     writing pedidos' tables, as if the invoice writer called a pedidos service.

const SRC = resolve(import.meta.dirname, '..');
const RAIZ = resolve(SRC, '../../..');
const MODULOS = join(SRC, 'modules');
const MIGRACIONES = join(SRC, 'db/migrations');

type Violacion = { archivo: string; dueno: string; texto: string };

/**
 * Violations known and pending, each owned by someone who is removing it. An entry that no longer
 * matches a violation fails the test: whoever fixes one deletes its entry here (and, for an import,
 * its exclusion from the Biome override in biome.json, which gives rule 1 in the editor).
 */
const PENDIENTES: Array<{ archivo: string; dueno: string; porque: string }> = [
  {
    // The sync batch creates the stock balances it will lock (at 0) before its first sale; this belongs
    // in a productos function called from it, like inventario_registrar_sin_costo.
    archivo: 'apps/server/src/db/migrations/0012_ventas_en_lote.sql facturas_registrar_ventas()',
    dueno: 'productos',
    porque: 'pendiente: el kit de documentos (venta en lote) debe pedir los saldos a productos',
  },
];

/** Functions whose name does not start with their module (the name says the concept, not the owner). */
const DUENO_DE_FUNCION: Record<string, string> = {
  // 0009: "Module productos (the stock ledger, invariant 7)"; named after inventory, the concept.
  inventario_registrar_sin_costo: 'productos',
};

function archivosTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function moduloDe(archivo: string): string | undefined {
  const rel = relative(MODULOS, archivo);
  return rel.startsWith('..') || !rel.includes('/') ? undefined : rel.split('/')[0];
}

const nombre = (archivo: string) => relative(RAIZ, archivo);

/** Table name → owning module, from every modules/<m>/tables.ts. */
function duenosDeTablas(tablas: Array<{ modulo: string; texto: string }>): Map<string, string> {
  const duenos = new Map<string, string>();
  for (const { modulo, texto } of tablas) {
    for (const [, tabla] of texto.matchAll(/pgTable\(\s*['"]([a-z_0-9]+)['"]/g)) {
      duenos.set(tabla as string, modulo);
    }
  }
  return duenos;
}

type Fuente = { archivo: string; texto: string };

type Importacion = { destino: string; nombres: string[] };

function resolverImportacion(desde: string, especificador: string): string | undefined {
  let destino: string;
  if (especificador.startsWith('.')) {
    destino = resolve(dirname(desde), especificador);
  } else if (especificador.startsWith('@pos/server/')) {
    destino = join(SRC, especificador.slice('@pos/server/'.length));
  } else {
    return undefined;
  }
  return destino.replace(/\.js$/, '.ts').replace(/(?<!\.ts)$/, '.ts');
}

function importaciones(fuente: Fuente, ast: ts.SourceFile): Importacion[] {
  const encontradas: Importacion[] = [];
  const agregar = (especificador: ts.Node | undefined, nombres: string[]) => {
    if (especificador && ts.isStringLiteralLike(especificador)) {
      const destino = resolverImportacion(fuente.archivo, especificador.text);
      if (destino) {
        encontradas.push({ destino, nombres });
      }
    }
  };
  const visitar = (nodo: ts.Node): void => {
    if (ts.isImportDeclaration(nodo)) {
      const clausula = nodo.importClause;
      const nombres: string[] = [];
      if (clausula?.name) {
        nombres.push(clausula.name.text);
      }
      const enlaces = clausula?.namedBindings;
      if (enlaces && ts.isNamespaceImport(enlaces)) {
        nombres.push(`* as ${enlaces.name.text}`);
      } else if (enlaces) {
        nombres.push(...enlaces.elements.map((e) => (e.propertyName ?? e.name).text));
      }
      agregar(nodo.moduleSpecifier, nombres);
    } else if (ts.isExportDeclaration(nodo)) {
      const nombres =
        nodo.exportClause && ts.isNamedExports(nodo.exportClause)
          ? nodo.exportClause.elements.map((e) => (e.propertyName ?? e.name).text)
          : ['*'];
      agregar(nodo.moduleSpecifier, nombres);
    } else if (ts.isCallExpression(nodo) && nodo.expression.kind === ts.SyntaxKind.ImportKeyword) {
      agregar(nodo.arguments[0], ['import()']);
    }
    ts.forEachChild(nodo, visitar);
  };
  visitar(ast);
  return encontradas;
}

/** The texts of a file's string and template literals (where its SQL is), a template's holes as `?`. */
function textosDe(ast: ts.SourceFile): string[] {
  const textos: string[] = [];
  const visitar = (nodo: ts.Node): void => {
    if (ts.isStringLiteral(nodo) || ts.isNoSubstitutionTemplateLiteral(nodo)) {
      textos.push(nodo.text);
    } else if (ts.isTemplateExpression(nodo)) {
      textos.push([nodo.head.text, ...nodo.templateSpans.map((s) => s.literal.text)].join(' ? '));
    }
    ts.forEachChild(nodo, visitar);
  };
  visitar(ast);
  return textos;
}

/** Tables written by SQL text: `insert into t`, `update t [[as] a] set`, `delete from t` (schema public). */
function tablasEscritas(sqlTexto: string): string[] {
  const tabla = String.raw`(?:public\.)?"?([a-z_][a-z0-9_]*)"?`;
  const patrones = [
    new RegExp(String.raw`\binsert\s+into\s+${tabla}`, 'gi'),
    new RegExp(String.raw`\bdelete\s+from\s+(?:only\s+)?${tabla}`, 'gi'),
    new RegExp(
      String.raw`\bupdate\s+(?:only\s+)?${tabla}(?=\s+(?:(?:as\s+)?[a-z_][a-z0-9_]*\s+)?set\b)`,
      'gi',
    ),
  ];
  return patrones.flatMap((p) => [...sqlTexto.matchAll(p)].map((m) => (m[1] as string).toLowerCase()));
}

/** Files only tests reach: *.test.ts and what is imported by them alone (testing/, ajustes/pruebas.ts). */
function soloDePruebas(importadoPor: Map<string, Set<string>>, archivos: string[]): Set<string> {
  const dePruebas = new Set(archivos.filter((a) => a.endsWith('.test.ts')));
  for (let cambio = true; cambio; ) {
    cambio = false;
    for (const archivo of archivos) {
      const quienes = importadoPor.get(archivo);
      if (!dePruebas.has(archivo) && quienes && [...quienes].every((q) => dePruebas.has(q))) {
        dePruebas.add(archivo);
        cambio = true;
      }
    }
  }
  return dePruebas;
}

/** Rules 1 and 2 over TypeScript sources. */
function violacionesEnFuentes(fuentes: Fuente[], duenos: Map<string, string>): Violacion[] {
  const violaciones: Violacion[] = [];
  const analizadas = fuentes.map((f) => {
    const ast = ts.createSourceFile(f.archivo, f.texto, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    return { ...f, ast, importa: importaciones(f, ast) };
  });
  const importadoPor = new Map<string, Set<string>>();
  for (const f of analizadas) {
    for (const { destino } of f.importa) {
      importadoPor.set(destino, (importadoPor.get(destino) ?? new Set()).add(f.archivo));
    }
  }
  const dePruebas = soloDePruebas(
    importadoPor,
    analizadas.map((f) => f.archivo),
  );
  for (const f of analizadas) {
    const propio = moduloDe(f.archivo);
    for (const { destino, nombres } of f.importa) {
      const dueno = relative(MODULOS, destino).match(/^([^/]+)\/tables\.ts$/)?.[1];
      if (dueno && dueno !== propio) {
        const objeto = `${nombres.join(', ') || '(efectos)'} from ${relative(dirname(f.archivo), destino)}`;
        violaciones.push({
          archivo: nombre(f.archivo),
          dueno,
          texto: `${nombre(f.archivo)}: imports ${objeto} (owned by module ${dueno})`,
        });
      }
    }
    if (dePruebas.has(f.archivo)) {
      continue;
    }
    const escritas = new Set(textosDe(f.ast).flatMap(tablasEscritas));
    for (const tabla of [...escritas].sort()) {
      const dueno = duenos.get(tabla);
      if (dueno && dueno !== propio) {
        violaciones.push({
          archivo: nombre(f.archivo),
          dueno,
          texto: `${nombre(f.archivo)}: writes ${tabla} (owned by module ${dueno})`,
        });
      }
    }
  }
  return violaciones;
}

/** Rule 3: the last definition of each PL/pgSQL function across the migrations, in order. */
function violacionesEnFunciones(
  migraciones: Fuente[],
  duenos: Map<string, string>,
  modulos: string[],
): Violacion[] {
  const funciones = new Map<string, { archivo: string; cuerpo: string }>();
  const definicion =
    /create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?([a-z_][a-z0-9_]*)\s*\([\s\S]*?\bas\s+(\$[a-z_]*\$)([\s\S]*?)\2/gi;
  for (const { archivo, texto } of migraciones) {
    const sinComentarios = texto.replace(/--[^\n]*/g, '');
    for (const [, funcion, , cuerpo] of sinComentarios.matchAll(definicion)) {
      funciones.set((funcion as string).toLowerCase(), { archivo, cuerpo: cuerpo as string });
    }
  }
  const violaciones: Violacion[] = [];
  for (const [funcion, { archivo, cuerpo }] of funciones) {
    const propio =
      DUENO_DE_FUNCION[funcion] ??
      modulos.filter((m) => funcion.startsWith(`${m}_`)).sort((a, b) => b.length - a.length)[0];
    const donde = `${nombre(archivo)} ${funcion}()`;
    for (const tabla of [...new Set(tablasEscritas(cuerpo))].sort()) {
      const dueno = duenos.get(tabla);
      if (dueno && dueno !== propio) {
        violaciones.push({
          archivo: donde,
          dueno,
          texto: `${donde}: writes ${tabla} (owned by module ${dueno})`,
        });
      }
    }
  }
  return violaciones;
}

function leer(archivo: string): Fuente {
  return { archivo, texto: readFileSync(archivo, 'utf8') };
}

const modulos = readdirSync(MODULOS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const duenos = duenosDeTablas(
  modulos.flatMap((modulo) => {
    try {
      return [{ modulo, texto: readFileSync(join(MODULOS, modulo, 'tables.ts'), 'utf8') }];
    } catch {
      return [];
    }
  }),
);
const migraciones = readdirSync(MIGRACIONES)
  .filter((n) => n.endsWith('.sql'))
  .sort()
  .map((n) => leer(join(MIGRACIONES, n)));

function pendiente(v: Violacion): boolean {
  return PENDIENTES.some((p) => p.archivo === v.archivo && p.dueno === v.dueno);
}

describe('fronteras entre módulos: cada módulo importa y escribe solo sus tablas', () => {
  const violaciones = [
    ...violacionesEnFuentes(archivosTs(SRC).map(leer), duenos),
    ...violacionesEnFunciones(migraciones, duenos, modulos),
  ];

  it('el mapa de dueños sale de los tables.ts', () => {
    expect(duenos.get('usuarios')).toBe('usuarios');
    expect(duenos.get('terminales')).toBe('configuracion');
    expect(duenos.get('productos_almacenes')).toBe('productos');
    expect(duenos.size).toBeGreaterThan(30);
  });

  it('ninguna importación ni escritura cruza de módulo (fuera de las pendientes)', () => {
    const nuevas = violaciones.filter((v) => !pendiente(v)).map((v) => v.texto);
    expect(
      nuevas,
      `Mueve cada acceso detrás de una función del servicio del módulo dueño:\n${nuevas.join('\n')}`,
    ).toEqual([]);
  });

  it('cada pendiente sigue existiendo (quien la arregla borra su entrada)', () => {
    const vencidas = PENDIENTES.filter(
      (p) => !violaciones.some((v) => v.archivo === p.archivo && v.dueno === p.dueno),
    );
    expect(
      vencidas.map((p) => `${p.archivo} → ${p.dueno}: ya no ocurre; borra la entrada de PENDIENTES`),
    ).toEqual([]);
  });

  it('biome.json exceptúa de la regla de importación solo archivos pendientes', () => {
    type Override = {
      includes?: string[];
      linter?: { rules?: { style?: { noRestrictedImports?: unknown } } };
    };
    const biome = JSON.parse(readFileSync(join(RAIZ, 'biome.json'), 'utf8')) as { overrides?: Override[] };
    const regla = biome.overrides?.filter((o) =>
      JSON.stringify(o.linter?.rules?.style?.noRestrictedImports ?? '').includes('**/tables.ts'),
    );
    expect(regla).toHaveLength(1);
    const exceptuados = (regla?.[0]?.includes ?? []).filter((i) => i.startsWith('!')).map((i) => i.slice(1));
    expect(exceptuados.filter((archivo) => !PENDIENTES.some((p) => p.archivo === archivo))).toEqual([]);
  });

  it('el detector ve importaciones (también de tipos y dinámicas), escrituras y funciones ajenas', () => {
    const en = (ruta: string, texto: string) => ({ archivo: join(SRC, ruta), texto });
    const fuentes = [
      en('modules/auth/a.ts', "import type { X } from '../usuarios/tables.ts';"),
      en('modules/auth/b.ts', "export async function f() { return import('../usuarios/tables'); }"),
      en('sistema/c.ts', "import { empresas } from '../modules/empresas/tables.ts';"),
      en(
        'modules/turnos/d.ts',
        'const q = sql`update terminales t set nombre = $' + '{n}`; // insert into usuarios',
      ),
      en('modules/turnos/e.ts', "import { turnos } from './tables.ts'; tx.execute('delete from turnos');"),
      en('modules/turnos/f.test.ts', "tx.execute('insert into usuarios (id) values (1)');"),
    ];
    expect(violacionesEnFuentes(fuentes, duenos).map((v) => v.texto)).toEqual([
      'apps/server/src/modules/auth/a.ts: imports X from ../usuarios/tables.ts (owned by module usuarios)',
      'apps/server/src/modules/auth/b.ts: imports import() from ../usuarios/tables.ts (owned by module usuarios)',
      'apps/server/src/sistema/c.ts: imports empresas from ../modules/empresas/tables.ts (owned by module empresas)',
      'apps/server/src/modules/turnos/d.ts: writes terminales (owned by module configuracion)',
    ]);
    const funcion = en(
      'db/migrations/9999_x.sql',
      'CREATE FUNCTION turnos_cerrar() RETURNS void LANGUAGE plpgsql AS $$ BEGIN\n' +
        '  UPDATE turnos SET x = 1; INSERT INTO facturas VALUES (1); END $$;',
    );
    expect(violacionesEnFunciones([funcion], duenos, modulos).map((v) => v.texto)).toEqual([
      'apps/server/src/db/migrations/9999_x.sql turnos_cerrar(): writes facturas (owned by module facturas)',
    ]);
  });
});
