import { describe, expect, it } from 'vitest';
import { choosePhotos, takePhoto } from './camera';
import type { CameraModule } from './plugins';

const JPEG_DATA_URL = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQ==';

function fakeCamera(answers: { take?: () => Promise<unknown>; choose?: () => Promise<unknown> }) {
  const calls: { method: string; options: unknown }[] = [];
  const mod = {
    MediaTypeSelection: { Photo: 0, Video: 1, All: 2 },
    Camera: {
      takePhoto: async (options: unknown) => {
        calls.push({ method: 'takePhoto', options });
        return answers.take!();
      },
      chooseFromGallery: async (options: unknown) => {
        calls.push({ method: 'chooseFromGallery', options });
        return answers.choose!();
      },
    },
  } as unknown as CameraModule;
  return { calls, load: async () => mod };
}

const photo = { type: 0, saved: false, webPath: JPEG_DATA_URL, metadata: { format: 'jpeg' } };

describe("a post's photos in the app: camera and gallery", () => {
  it('takes a photo with the camera and gives it as a JPEG file, as the file input would', async () => {
    const camera = fakeCamera({ take: async () => photo });
    const files = await takePhoto(camera.load);
    expect(files).toHaveLength(1);
    expect(files[0]).toBeInstanceOf(File);
    expect(files[0]!.type).toBe('image/jpeg');
    expect(files[0]!.name).toMatch(/\.jpg$/);
    expect(files[0]!.size).toBeGreaterThan(0);
  });

  it('chooses several photos from the gallery, never more than the post has room for', async () => {
    const camera = fakeCamera({ choose: async () => ({ results: [photo, photo, photo] }) });
    const files = await choosePhotos(2, camera.load);
    expect(files).toHaveLength(2);
    expect(camera.calls[0]).toEqual({
      method: 'chooseFromGallery',
      options: { mediaType: 0, allowMultipleSelection: true, limit: 2 },
    });
  });

  it('gives nothing when the person closes the camera or the picker', async () => {
    const camera = fakeCamera({
      take: async () => Promise.reject(new Error('User cancelled photos app')),
      choose: async () => Promise.reject(new Error('User cancelled')),
    });
    await expect(takePhoto(camera.load)).resolves.toEqual([]);
    await expect(choosePhotos(5, camera.load)).resolves.toEqual([]);
  });

  it('passes a real failure on (the field shows its message)', async () => {
    const camera = fakeCamera({ take: async () => Promise.reject(new Error('Camera not available')) });
    await expect(takePhoto(camera.load)).rejects.toThrow('Camera not available');
  });
});
