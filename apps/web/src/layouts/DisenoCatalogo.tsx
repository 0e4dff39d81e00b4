// The public catalogue layout lives with its pages (features/catalogo).
export { DisenoCatalogo } from '../features/catalogo/DisenoCatalogo.tsx';
