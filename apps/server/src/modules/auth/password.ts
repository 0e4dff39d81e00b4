import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt is memory-hard (N·r·128 bytes = 16 MiB here); parameters are stored with each hash so they can grow.
const PARAMETROS = { N: 16384, r: 8, p: 1 } as const;
const LARGO = 32;

function derivar(password: string, salt: Buffer, opciones: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      LARGO,
      { ...opciones, maxmem: 64 * 1024 * 1024 },
      (error, clave) => (error ? reject(error) : resolve(clave)),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashearPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const clave = await derivar(password, salt, PARAMETROS);
  const { N, r, p } = PARAMETROS;
  return ['scrypt', N, r, p, salt.toString('base64url'), clave.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time. */
export async function verificarPassword(password: string, guardado: string): Promise<boolean> {
  const [algoritmo, N, r, p, salt, hash] = guardado.split('$');
  if (algoritmo !== 'scrypt' || !N || !r || !p || !salt || !hash) {
    return false;
  }
  const esperado = Buffer.from(hash, 'base64url');
  const clave = await derivar(password, Buffer.from(salt, 'base64url'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return clave.length === esperado.length && timingSafeEqual(clave, esperado);
}

// Compared against when the username does not exist, so both cases take the same time.
export const HASH_FICTICIO = hashearPassword(randomBytes(12).toString('hex'));
