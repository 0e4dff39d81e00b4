import { z } from 'zod';
import { SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { MENSAJE_CARACTER_NULO, sinNulo, TextoObligatorio } from './tipos.ts';

export const Credenciales = z.object({
  username: TextoObligatorio('El usuario es obligatorio', 100),
  // A password is kept as typed (no trim), but never with NUL.
  password: z
    .string({ error: 'La contraseña es obligatoria' })
    .min(1, 'La contraseña es obligatoria')
    .max(200, 'No puede tener más de 200 caracteres')
    .refine(sinNulo, MENSAJE_CARACTER_NULO),
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
