import { auth, type Perfil, usuarios } from '@pos/contract';
import { type FormEvent, useState } from 'react';
import { api } from './api.ts';

// Until the application shell lands (its own issue), the built app is this sign-in page.
export function App() {
  const inicial =
    new URLSearchParams(window.location.search).get('lista') ?? localStorage.getItem('empresa') ?? '1';
  const [empresa, setEmpresa] = useState(inicial);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [sesion, setSesion] = useState<{ tenantId: number; token: string; perfil: Perfil } | null>(null);

  async function entrar(evento: FormEvent) {
    evento.preventDefault();
    setError(null);
    const tenantId = Number(empresa);
    if (!Number.isInteger(tenantId) || tenantId < 1) {
      setError('Escribe el número de tu empresa.');
      return;
    }
    setEnviando(true);
    try {
      const { token } = await api(auth.login, { tenantId }, { username, password });
      const perfil = await api(usuarios.perfil, { tenantId, token });
      localStorage.setItem('empresa', String(tenantId));
      setSesion({ tenantId, token, perfil });
      setPassword('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se pudo iniciar sesión.');
    } finally {
      setEnviando(false);
    }
  }

  async function salir() {
    if (sesion) {
      await api(auth.logout, sesion).catch(() => undefined);
    }
    setSesion(null);
  }

  if (sesion) {
    return (
      <main className="tarjeta">
        <h1>Sesión iniciada</h1>
        <p>
          Usuario <strong>{sesion.perfil.username}</strong> en la empresa <strong>{sesion.tenantId}</strong>.
        </p>
        <button type="button" onClick={() => void salir()}>
          Cerrar sesión
        </button>
      </main>
    );
  }

  return (
    <main className="tarjeta">
      <h1>Iniciar sesión</h1>
      <form onSubmit={(e) => void entrar(e)} noValidate>
        <fieldset disabled={enviando}>
          <label>
            Empresa
            <input
              name="empresa"
              inputMode="numeric"
              value={empresa}
              onChange={(e) => setEmpresa(e.target.value)}
            />
          </label>
          <label>
            Usuario
            <input
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
            />
          </label>
          <label>
            Contraseña
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </label>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit">{enviando ? 'Entrando…' : 'Entrar'}</button>
        </fieldset>
      </form>
    </main>
  );
}
