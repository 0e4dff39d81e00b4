import {
  type ActualizarContacto,
  type Contacto,
  type CrearContacto,
  type CrearRuta,
  contabilidad,
  contactos,
  type FiltroContactos,
  listasDePrecio,
  rutas,
} from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export type CamposDelFormulario = Omit<z.input<typeof CrearContacto>, 'identificadorUnico'>;

export const contactoQueries = {
  all: () => ['contactos'] as const,
  lista: (filtro: Partial<z.input<typeof FiltroContactos>>) =>
    queryOptions({
      queryKey: [...contactoQueries.all(), 'lista', filtro],
      queryFn: () => api(contactos.listar, { body: filtro }),
      placeholderData: keepPreviousData,
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...contactoQueries.all(), 'uno', id],
      queryFn: () => api(contactos.obtener, { params: { id } }),
    }),
  existencia: (id: string) =>
    queryOptions({
      queryKey: [...contactoQueries.all(), 'existencia', id],
      queryFn: () => api(contactos.validarExistencia, { params: { id } }),
    }),
};

export const rutaQueries = {
  all: () => ['rutas'] as const,
  todas: () =>
    queryOptions({
      queryKey: [...rutaQueries.all(), 'todas'],
      queryFn: async () => (await api(rutas.listar)).res,
    }),
};

/** What the client form picks from: price lists in use and the receivable/payable accounts. */
export const seleccionQueries = {
  listasDePrecio: () =>
    queryOptions({
      queryKey: ['listasDePrecio', 'activas'],
      queryFn: async () => (await api(listasDePrecio.listar, { query: { activos: true } })).res,
    }),
  catalogo: () =>
    queryOptions({
      queryKey: ['catalogoDeCuentas'],
      queryFn: () => api(contabilidad.catalogo),
      staleTime: 60_000,
    }),
};

export function consultarRnc(rnc: string) {
  return api(contactos.rncInfo, { params: { rnc } });
}

/** A saved contact's fields as PUT /cliente/{id} wants them (cancellation steps resend them). */
export function camposDe(contacto: Contacto): CamposDelFormulario {
  return {
    nombre: contacto.nombre,
    apellidos: contacto.apellidos,
    avatar: contacto.avatar,
    tipoDeIdentificacion: contacto.tipoDeIdentificacion,
    rnc: contacto.rnc,
    ncfPredeterminado: contacto.ncfPredeterminado,
    tipoDeContacto: contacto.tipoDeContacto,
    idListaDePrecio: contacto.idListaDePrecio,
    idRuta: contacto.idRuta,
    limiteCredito: contacto.limiteCredito,
    diasDeCredito: contacto.diasDeCredito,
    socio: contacto.socio,
    descuentoParaSocios: contacto.descuentoParaSocios,
    revendedor: contacto.revendedor,
    funcionEnLaEmpresa: contacto.funcionEnLaEmpresa as CamposDelFormulario['funcionEnLaEmpresa'],
    direccion: contacto.direccion,
    location: contacto.location,
    telefono: contacto.telefono,
    movil: contacto.movil,
    correo: contacto.correo,
    nota: contacto.nota,
    cuentaPorCobrar: contacto.cuentaPorCobrar ? { idCuenta: contacto.cuentaPorCobrar.idCuenta } : null,
    cuentaPorPagar: contacto.cuentaPorPagar ? { idCuenta: contacto.cuentaPorPagar.idCuenta } : null,
  };
}

export function useCrearContacto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CrearContacto>) => api(contactos.crear, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactoQueries.all() }),
  });
}

export function useActualizarContacto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof ActualizarContacto> }) =>
      api(contactos.actualizar, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactoQueries.all() }),
  });
}

export function useEliminarContacto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(contactos.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactoQueries.all() }),
  });
}

export function useCrearRuta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CrearRuta>) => api(rutas.crear, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rutaQueries.all() }),
  });
}
