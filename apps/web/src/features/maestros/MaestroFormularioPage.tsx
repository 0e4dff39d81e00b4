import { useLocation, useParams, useSearchParams } from 'react-router';
import { PaginaError } from '../../app/PaginaError.tsx';
import { FAMILIAS } from './familias.tsx';
import { familiaDeRuta } from './rutas.ts';

/**
 * Every master-data new and edit screen (rutas.ts): the family comes from the address, the item from `?id=`
 * or the path's `:id`.
 */
export default function MaestroFormularioPage() {
  const { pathname } = useLocation();
  const [parametros] = useSearchParams();
  const id = useParams().id ?? parametros.get('id');
  const familia = familiaDeRuta(pathname);
  if (!familia) {
    return <PaginaError estado={404} />;
  }
  const { Formulario } = FAMILIAS[familia.clave];
  // A new form (or another item) starts afresh: its own values and identificadorUnico.
  return <Formulario key={`${familia.clave}:${id ?? 'nuevo'}`} />;
}
