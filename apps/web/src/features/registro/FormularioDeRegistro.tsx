import { Alert, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  ALERTA_EMPRESA_NO_CREADA,
  type EmpresaRegistrada,
  facturasRecurrentesApi,
  planes,
  RegistroDeEmpresa,
  registro,
} from '@pos/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { api, ErrorDeApi } from '../../api/client.ts';
import { CampoDeTexto } from '../../ui/CampoDeTexto.tsx';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { largoMaximo } from '../../ui/esquemas.ts';
import { nuevoIdentificador, resolverZod } from '../../ui/formularios.ts';
import { CamposDeSuscripcion, type Suscripcion, suscripcionInicial } from './Suscripcion.tsx';

type Valores = z.input<typeof RegistroDeEmpresa>;

// Spec 001 §8: a company that was not created shows 'Alerta la empresa no se creo!' with the server's reason.
function alertaNoCreada(mensaje: string): void {
  const motivo = mensaje.startsWith(ALERTA_EMPRESA_NO_CREADA)
    ? mensaje.slice(ALERTA_EMPRESA_NO_CREADA.length).trim()
    : mensaje;
  const id = modals.open({
    title: ALERTA_EMPRESA_NO_CREADA,
    centered: true,
    children: (
      <Stack gap="md">
        <Text size="sm">{motivo}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            Aceptar
          </Button>
        </Group>
      </Stack>
    ),
  });
}

type Props = {
  /** The operator's form (tenant 2): it also chooses the plan and the trial days. */
  operador: boolean;
  alCrear: (creada: EmpresaRegistrada, datos: RegistroDeEmpresa) => void | Promise<void>;
  textoDelBoton: string;
};

/** The company registration form (spec 001 §3: nombreCompania, nombre, correo, password). */
export function FormularioDeRegistro({ operador, alCrear, textoDelBoton }: Props) {
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [suscripcion, setSuscripcion] = useState<Suscripcion>(suscripcionInicial);
  const [errorDeSuscripcion, setErrorDeSuscripcion] = useState<string | undefined>();
  // One per form: a repeated «Crear empresa» after a lost answer finds the company it made.
  const [identificadorUnico] = useState(nuevoIdentificador);
  const listaDePlanes = useQuery({
    queryKey: ['maestros', 'planes', 'para-registro'],
    queryFn: ({ signal }) => api(planes.listar, { signal }),
    enabled: operador,
  });
  const form = useForm<Valores & { confirmacion: string }>({
    initialValues: { nombreCompania: '', nombre: '', correo: '', password: '', confirmacion: '' },
    validateInputOnBlur: true,
    validate: (valores) => {
      const { confirmacion, ...datos } = valores;
      const errores = resolverZod<Valores>(RegistroDeEmpresa)(datos);
      if (confirmacion !== valores.password) {
        errores.confirmacion = 'Las contraseñas no coinciden';
      }
      return errores;
    },
  });

  async function enviar(valores: Valores & { confirmacion: string }) {
    const { confirmacion: _confirmacion, ...datos } = valores;
    const cuerpo = RegistroDeEmpresa.parse(datos);
    const conSuscripcion = operador && suscripcion.activa;
    if (conSuscripcion && !suscripcion.idProducto) {
      setErrorDeSuscripcion('Elige el servicio que se le factura');
      return;
    }
    setError(null);
    setErrorDeSuscripcion(undefined);
    setEnviando(true);
    try {
      const creada = conSuscripcion
        ? await registrarConSuscripcion(cuerpo)
        : await api(registro.registrar, { body: cuerpo });
      await alCrear(creada, cuerpo);
    } catch (e) {
      if (e instanceof ErrorDeApi && e.statusCode === 409) {
        alertaNoCreada(e.message);
      } else {
        setError(e instanceof Error ? e.message : 'No se pudo crear la empresa.');
      }
      if (e instanceof ErrorDeApi) {
        for (const { campo, mensaje } of e.errores) {
          form.setFieldError(campo, mensaje);
        }
      }
    } finally {
      setEnviando(false);
    }
  }

  // Spec 001 §7 POST /factura-recurrente/crearCompaniaNueva/ {facturaRecurrente, tenant}.
  async function registrarConSuscripcion(tenant: RegistroDeEmpresa): Promise<EmpresaRegistrada> {
    const creada = await api(facturasRecurrentesApi.crearCompaniaNueva, {
      body: {
        tenant,
        facturaRecurrente: {
          fechaDeInicio: suscripcion.fechaDeInicio,
          frecuencia: suscripcion.frecuencia,
          frecuenciaTipo: suscripcion.frecuenciaTipo,
          plazoPagos: suscripcion.plazoPagos,
          lineasFacturaRecurrente: [{ idProducto: suscripcion.idProducto ?? '', cantidad: 1 }],
          identificadorUnico,
        },
      },
    });
    return {
      tenantId: creada.tenantId,
      username: tenant.correo,
      diasDePruebaDisponibles: tenant.diasDePrueba ?? 0,
      message: creada.message,
    };
  }

  const opcionesDePlan = (listaDePlanes.data?.res ?? []).map((p) => ({
    value: p._id,
    label: `${p.descripcion} · RD$ ${p.precio.toLocaleString('es-DO', { minimumFractionDigits: 2 })} cada ${p.frecuencia} días`,
  }));

  return (
    <form onSubmit={form.onSubmit((v) => void enviar(v))} noValidate>
      <Stack gap="md">
        <CampoDeTexto
          label="Nombre de la empresa"
          withAsterisk
          autoComplete="organization"
          max={largoMaximo(RegistroDeEmpresa, 'nombreCompania')}
          {...form.getInputProps('nombreCompania')}
        />
        <CampoDeTexto
          label={operador ? 'Nombre del contacto' : 'Tu nombre'}
          withAsterisk
          autoComplete="name"
          max={largoMaximo(RegistroDeEmpresa, 'nombre')}
          {...form.getInputProps('nombre')}
        />
        <CampoDeTexto
          label="Correo"
          description="Será el usuario para entrar"
          withAsterisk
          type="email"
          autoComplete="email"
          max={60}
          {...form.getInputProps('correo')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <PasswordInput
            label="Contraseña"
            description="Al menos 8 caracteres"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repite la contraseña"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('confirmacion')}
          />
        </SimpleGrid>
        {operador && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Plan"
              placeholder="Sin plan (Activo)"
              description="Límite de usuarios y vigencia del plan"
              clearable
              data={opcionesDePlan}
              value={form.values.idPlan ?? null}
              onChange={(valor) => form.setFieldValue('idPlan', valor)}
              error={form.errors.idPlan}
            />
            <CampoNumerico
              label="Días de prueba"
              description="0 = sin prueba"
              min={0}
              max={365}
              valor={form.values.diasDePrueba ?? 0}
              vacio={0}
              alCambiar={(valor) => form.setFieldValue('diasDePrueba', valor)}
              error={form.errors.diasDePrueba}
            />
          </SimpleGrid>
        )}
        {operador && (
          <CamposDeSuscripcion valor={suscripcion} alCambiar={setSuscripcion} error={errorDeSuscripcion} />
        )}
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={enviando} fullWidth={!operador} size="md">
          {textoDelBoton}
        </Button>
      </Stack>
    </form>
  );
}
