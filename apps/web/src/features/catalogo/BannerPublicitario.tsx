import { Image, Modal } from '@mantine/core';
import { debeMostrarseElBanner } from '@pos/domain';
import { useState } from 'react';
import { urlDeArchivo } from '../../api/archivos.ts';
import { guardarCierreDelBanner, ultimoCierreDelBanner } from './carrito.ts';
import { useCatalogo } from './contexto.ts';

/**
 * The advertising banner (spec 000 §2 "Catalogue layout behaviour", §4 "Banner visibility"): shown in a
 * modal when the company configured an image, and again only more than 3 hours after it was closed
 * (the time of closing is kept on the device).
 */
export function BannerPublicitario() {
  const { empresa, tenantId } = useCatalogo();
  const imagen = urlDeArchivo(tenantId, empresa.bannerPublicitario);
  const [abierto, setAbierto] = useState(
    () => imagen !== null && debeMostrarseElBanner(ultimoCierreDelBanner(tenantId), Date.now()),
  );
  if (!imagen) {
    return null;
  }
  return (
    <Modal
      opened={abierto}
      onClose={() => {
        guardarCierreDelBanner(tenantId, Date.now());
        setAbierto(false);
      }}
      title={empresa.nombre}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar el anuncio' }}
    >
      <Image src={imagen} alt={`Anuncio de ${empresa.nombre}`} radius="sm" />
    </Modal>
  );
}
