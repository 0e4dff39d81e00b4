import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 000 §2, accounting tab: /auditorias/auditorias, where supervisors resolve cancellation requests.
export const AUDITORIAS = '/auditorias/auditorias';

export const pantallasDeAuditoria: Pantalla[] = [
  {
    path: AUDITORIAS,
    diseno: 'principal',
    titulo: 'Auditoría',
    permiso: { modulo: 'auditorias', accion: 'ver' },
    cargar: () => import('./AuditoriasPage.tsx'),
  },
];

export const menuDeAuditoria: EntradaMenu[] = [
  { pestana: 'contabilidad', titulo: 'Auditoría', ruta: AUDITORIAS, modulo: 'auditorias' },
];
