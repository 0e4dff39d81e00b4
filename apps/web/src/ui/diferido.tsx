import { type ComponentType, type JSX, lazy, Suspense, useState } from 'react';

export type Diferido<P extends object> = {
  /** Mounts the dialog (downloading its code) the first time `montar` is true; it stays mounted after. */
  Componente: (props: P & { montar: boolean }) => JSX.Element | null;
  /** Downloads the code ahead of time (once). */
  precargar: () => Promise<unknown>;
};

/**
 * A dialog whose code is not part of its screen's first load: the charge, the receipt, the product list
 * load when first opened, or earlier through `precargar` once the screen is usable. Once opened it stays
 * mounted, so it closes with its animation and keeps what it holds.
 */
export function diferido<P extends object>(cargar: () => Promise<ComponentType<P>>): Diferido<P> {
  let promesa: Promise<{ default: ComponentType<P> }> | null = null;
  const precargar = () => {
    promesa ??= cargar().then((Componente) => ({ default: Componente }));
    return promesa;
  };
  const Perezoso = lazy(precargar) as unknown as ComponentType<P>;
  function Componente({ montar, ...props }: P & { montar: boolean }) {
    const [montado, setMontado] = useState(montar);
    if (montar && !montado) {
      setMontado(true);
    }
    if (!montar && !montado) {
      return null;
    }
    return (
      <Suspense fallback={null}>
        <Perezoso {...(props as P)} />
      </Suspense>
    );
  }
  return { Componente, precargar };
}
