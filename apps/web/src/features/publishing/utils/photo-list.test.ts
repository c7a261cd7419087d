import { describe, expect, it } from 'vitest';
import { photosBlocking, photosReducer, readyPhoto, readyUrls, type Photo } from './photo-list';

const uploading = (key: string): Photo => ({
  key,
  status: 'uploading',
  url: null,
  previewUrl: 'blob:x',
  progress: 0,
  error: null,
});

describe('the composer photo list', () => {
  it('moves a photo left and right, not past the ends', () => {
    let list = photosReducer([], { type: 'reset', urls: ['/a.jpg', '/b.jpg', '/c.jpg'] });
    const b = list[1]!.key;
    list = photosReducer(list, { type: 'move', key: b, by: -1 });
    expect(readyUrls(list)).toEqual(['/b.jpg', '/a.jpg', '/c.jpg']);
    list = photosReducer(list, { type: 'move', key: b, by: -1 });
    expect(readyUrls(list)).toEqual(['/b.jpg', '/a.jpg', '/c.jpg']);
    list = photosReducer(list, { type: 'move', key: list[2]!.key, by: 1 });
    expect(readyUrls(list)).toEqual(['/b.jpg', '/a.jpg', '/c.jpg']);
  });

  it('tracks an upload from progress to its URL, or to a failure that can be retried', () => {
    let list = photosReducer([readyPhoto('/a.jpg')], { type: 'add', photos: [uploading('n1'), uploading('n2')] });
    list = photosReducer(list, { type: 'progress', key: 'n1', progress: 0.42 });
    expect(list[1]).toMatchObject({ status: 'uploading', progress: 0.42 });
    expect(photosBlocking(list)).toEqual({ pending: 2, failed: 0 });

    list = photosReducer(list, { type: 'uploaded', key: 'n1', url: '/n1.jpg' });
    list = photosReducer(list, { type: 'failed', key: 'n2', error: 'No internet connection' });
    expect(photosBlocking(list)).toEqual({ pending: 0, failed: 1 });
    expect(readyUrls(list)).toEqual(['/a.jpg', '/n1.jpg']);

    list = photosReducer(list, { type: 'status', key: 'n2', status: 'uploading' });
    expect(list[2]).toMatchObject({ status: 'uploading', error: null, progress: 0 });
    list = photosReducer(list, { type: 'remove', key: 'n2' });
    expect(photosBlocking(list)).toEqual({ pending: 0, failed: 0 });
  });

  it('never holds more than five photos', () => {
    const list = photosReducer([], { type: 'add', photos: Array.from({ length: 7 }, (_, i) => uploading(`k${i}`)) });
    expect(list).toHaveLength(5);
  });
});
