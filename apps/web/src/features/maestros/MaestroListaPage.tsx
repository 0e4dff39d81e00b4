import { useLocation } from 'react-router';
import { PaginaError } from '../../app/PaginaError.tsx';
import { FAMILIAS } from './familias.tsx';
import { familiaDeRuta } from './rutas.ts';

/** Every master-data list (rutas.ts): the family comes from the address. */
export default function MaestroListaPage() {
  const { pathname } = useLocation();
  const familia = familiaDeRuta(pathname);
  if (!familia) {
    return <PaginaError estado={404} />;
  }
  const { Lista } = FAMILIAS[familia.clave];
  return <Lista key={familia.clave} />;
}
