export * from './auth.ts';
export * from './comun.ts';
export * from './empresa.ts';
export * from './endpoint.ts';
export * from './privilegios.ts';
export * from './usuarios.ts';
