import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '@/lib/not-found';
import { uploadPhoto } from '../api/upload-photo';
import { shrinkImage } from '../utils/shrink-image';
import { photoKey, photoRoom, photosReducer, readyPhoto, type Photo } from '../utils/photo-list';

/**
 * The composer's photos: each is shrunk, uploaded with progress, and can be retried, removed or
 * moved. Only uploaded ones (their URLs) go into the post and the draft.
 */
export function usePhotoUploads(initialUrls: readonly string[]) {
  const { t } = useTranslation('publishing');
  const [photos, dispatch] = useReducer(photosReducer, initialUrls, (urls) => urls.map(readyPhoto));
  // The shrunk file of each photo (for a retry) and the upload that can be cancelled.
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  const upload = useCallback(
    async (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      const controller = new AbortController();
      uploads.current.set(key, controller);
      dispatch({ type: 'status', key, status: 'uploading', progress: 0 });
      try {
        const stored = await uploadPhoto(file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => dispatch({ type: 'progress', key, progress: total > 0 ? loaded / total : 0 }),
        });
        dispatch({ type: 'uploaded', key, url: stored.url });
        files.current.delete(key);
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = isNetworkError(error) ? t('photos.offline') : error instanceof Error ? error.message : t('photos.failed');
        dispatch({ type: 'failed', key, error: message });
      } finally {
        if (uploads.current.get(key) === controller) uploads.current.delete(key);
      }
    },
    [t],
  );

  /** Adds what fits of the chosen files; answers how many were left out (the 5-photo limit). */
  const add = useCallback(
    (chosen: readonly File[], current: readonly Photo[]): number => {
      const room = photoRoom(current);
      const taken = chosen.slice(0, room);
      const added: Photo[] = taken.map((file) => {
        const previewUrl = URL.createObjectURL(file);
        previews.current.add(previewUrl);
        return { key: photoKey(), status: 'preparing', url: null, previewUrl, progress: 0, error: null };
      });
      dispatch({ type: 'add', photos: added });
      added.forEach((photo, i) => {
        const file = taken[i];
        if (!file) return;
        void shrinkImage(file).then((small) => {
          files.current.set(photo.key, small);
          return upload(photo.key);
        });
      });
      return chosen.length - taken.length;
    },
    [upload],
  );

  const retry = useCallback((key: string) => void upload(key), [upload]);

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    files.current.delete(key);
    dispatch({ type: 'remove', key });
  }, []);

  const move = useCallback((key: string, by: -1 | 1) => dispatch({ type: 'move', key, by }), []);

  /** Start again from these uploaded photos (a restored draft, a template, a discarded draft). */
  const reset = useCallback((urls: readonly string[]) => {
    for (const controller of uploads.current.values()) controller.abort();
    uploads.current.clear();
    files.current.clear();
    dispatch({ type: 'reset', urls });
  }, []);

  useEffect(() => {
    const pending = uploads.current;
    const urls = previews.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  return { photos, add, retry, remove, move, reset };
}
