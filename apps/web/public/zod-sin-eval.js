// The server's Content-Security-Policy allows no eval (apps/server/src/http/cabeceras.ts). Zod probes
// for it with `Function('')` when it builds its first object schema, and the browser reports that
// probe as a violation even though Zod catches it. Zod reads this global before any schema is built;
// its interpreted parser does the same work. A plain script in <head>, so it runs before the app's modules.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
