import { registerSW } from 'virtual:pwa-register';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const AVISO_DE_VERSION = 'version-nueva';

// Spec 000 §7: the service worker is registered in 'prompt' mode. A new deployment installs in the
// background and waits; the cashier sees a notice and updates when the sale allows it. Until then the
// tab keeps running on the files it started with, so nothing is stranded mid-sale (drafts live in
// localStorage and offline documents in IndexedDB, so the reload loses neither).
/** Registers the service worker that lets the app load without network. */
export function registrarServiceWorker(): void {
  if (!('serviceWorker' in navigator)) {
    return;
  }
  const actualizar = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: AVISO_DE_VERSION,
        color: 'blue',
        title: 'Hay una versión nueva del sistema',
        autoClose: false,
        message: (
          <Group justify="space-between" gap="xs" mt={4}>
            <Text size="sm">Actualice cuando termine la venta en curso.</Text>
            <Button size="compact-sm" onClick={() => void actualizar(true)}>
              Actualizar ahora
            </Button>
          </Group>
        ),
      });
    },
    onOfflineReady() {
      notifications.show({
        color: 'green',
        title: 'Listo para trabajar sin conexión',
        message: 'El sistema quedó guardado en este navegador.',
        autoClose: 3000,
      });
    },
  });
}
