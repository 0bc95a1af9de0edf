/**
 * The photos of the product form. A saved product's photos are the server's: added photos are sent at once,
 * moves and removals too, and the product's reply is the truth. Before the product exists (or when sending
 * failed) photos wait in the page as blobs and go with the next save (sendWaiting), or with a new product's
 * queued draft (waitingBlobs; a refused draft opened again starts with its photos, initialWaiting).
 */
import { useCallback, useState } from 'react';
import { deleteImage, reorderImages, uploadImages, type SellerProduct } from './seller-api';
import { useSellerErrorText } from './seller-errors';
import type { Photo } from './product-photos';

export function useProductPhotos(product: SellerProduct | null, onProduct: (product: SellerProduct) => void, initialWaiting: readonly Blob[] = []) {
  const errorText = useSellerErrorText();
  const [waiting, setWaiting] = useState<Blob[]>(() => [...initialWaiting]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const server = product?.images ?? [];
  const photos: Photo[] = [...server.map((url) => ({ kind: 'server' as const, url })), ...waiting.map((blob) => ({ kind: 'local' as const, blob }))];

  const run = useCallback(
    async (write: () => Promise<SellerProduct>): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        onProduct(await write());
        return true;
      } catch (e) {
        setError(errorText(e));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [errorText, onProduct],
  );

  /** Sends the waiting photos to a saved product; true when none is left waiting. */
  const sendWaiting = useCallback(
    async (to: SellerProduct): Promise<boolean> => {
      if (waiting.length === 0) return true;
      const sent = await run(() => uploadImages(to.id, waiting));
      if (sent) setWaiting([]);
      return sent;
    },
    [run, waiting],
  );

  const add = (blobs: Blob[]) => {
    if (!product) {
      setWaiting((w) => [...w, ...blobs]);
      return;
    }
    void run(() => uploadImages(product.id, blobs)).then((sent) => {
      if (!sent) setWaiting((w) => [...w, ...blobs]);
    });
  };

  const move = (from: number, to: number) => {
    const inServer = (i: number) => i < server.length;
    if (product && inServer(from) && inServer(to)) {
      const order = [...server];
      const [moved] = order.splice(from, 1);
      if (moved !== undefined) order.splice(to, 0, moved);
      void run(() => reorderImages(product.id, order));
    } else if (!inServer(from) && !inServer(to)) {
      setWaiting((w) => {
        const next = [...w];
        const [moved] = next.splice(from - server.length, 1);
        if (moved) next.splice(to - server.length, 0, moved);
        return next;
      });
    }
  };

  const remove = (index: number) => {
    const url = server[index];
    if (product && url !== undefined) void run(() => deleteImage(product.id, url));
    else setWaiting((w) => w.filter((_, i) => i !== index - server.length));
  };

  return { photos, busy, error, waiting: waiting.length, waitingBlobs: waiting, add, move, remove, sendWaiting };
}
