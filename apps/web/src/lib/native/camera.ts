import { type CameraModule, loadCamera, type Loader } from './plugins';

/**
 * A post's photos inside the app (@capacitor/camera): take one with the camera, or choose several
 * from the gallery (Android's photo picker: no storage permission). Each comes back as a File, like
 * the web's file input gives, so the upload path is the same. A cancelled picker gives nothing.
 */
export async function takePhoto(load: Loader<CameraModule> = loadCamera): Promise<File[]> {
  const { Camera } = await load();
  const photo = await cancelledAsNull(Camera.takePhoto({ quality: 85, correctOrientation: true }));
  return photo ? toFiles([photo]) : [];
}

export async function choosePhotos(limit: number, load: Loader<CameraModule> = loadCamera): Promise<File[]> {
  const { Camera, MediaTypeSelection } = await load();
  const picked = await cancelledAsNull(
    Camera.chooseFromGallery({ mediaType: MediaTypeSelection.Photo, allowMultipleSelection: limit > 1, limit }),
  );
  return picked ? toFiles(picked.results.slice(0, limit)) : [];
}

async function cancelledAsNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (/cancel/i.test(error instanceof Error ? error.message : String(error))) return null;
    throw error;
  }
}

async function toFiles(media: { webPath?: string; metadata?: { format?: string } }[]): Promise<File[]> {
  const files: File[] = [];
  for (const [index, item] of media.entries()) {
    if (!item.webPath) continue;
    const blob = await (await fetch(item.webPath)).blob();
    const format = (item.metadata?.format ?? blob.type.split('/')[1] ?? 'jpeg').toLowerCase();
    const type = blob.type || `image/${format}`;
    files.push(new File([blob], `photo-${Date.now()}-${index + 1}.${format === 'jpeg' ? 'jpg' : format}`, { type }));
  }
  return files;
}
