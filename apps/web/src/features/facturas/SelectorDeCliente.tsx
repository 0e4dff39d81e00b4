// The customer picker is the document kit's (ui/documento); receipts in still import it from here.
export { type ClienteElegido, SelectorDeCliente } from '../../ui/documento/SelectorDeCliente.tsx';
