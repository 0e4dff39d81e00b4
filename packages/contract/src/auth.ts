import { z } from 'zod';
import { SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';

export const Credenciales = z.object({
  username: z
    .string({ error: 'El usuario es obligatorio' })
    .trim()
    .min(1, 'El usuario es obligatorio')
    .max(100),
  password: z
    .string({ error: 'La contraseña es obligatoria' })
    .min(1, 'La contraseña es obligatoria')
    .max(200),
});
export type Credenciales = z.infer<typeof Credenciales>;

export const Token = z.object({ token: z.string() });
export type Token = z.infer<typeof Token>;

export const auth = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    efecto: 'sesion',
    body: Credenciales,
    params: SinParams,
    respuesta: Token,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    efecto: 'sesion',
    body: Vacio,
    params: SinParams,
    respuesta: z.object({ message: z.string() }),
  }),
  // sic: the spec spells it "varlidar-token".
  validarToken: endpoint({
    method: 'POST',
    path: '/users/varlidar-token/',
    efecto: 'sesion',
    body: Vacio,
    params: SinParams,
    respuesta: z.object({ valido: z.literal(true) }),
  }),
};
