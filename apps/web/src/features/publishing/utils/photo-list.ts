import { MAX_POST_IMAGES } from '@aaspaas/domain/rules';

export type PhotoStatus = 'preparing' | 'uploading' | 'ready' | 'failed';

/** One photo of the composer, from the picker to its uploaded URL. */
export type Photo = {
  key: string;
  status: PhotoStatus;
  /** The uploaded photo's URL once ready. */
  url: string | null;
  /** A local preview (object URL) while there is no uploaded one. */
  previewUrl: string | null;
  /** 0–1 of the bytes sent. */
  progress: number;
  error: string | null;
};

export type PhotoAction =
  | { type: 'reset'; urls: readonly string[] }
  | { type: 'add'; photos: readonly Photo[] }
  | { type: 'status'; key: string; status: PhotoStatus; progress?: number }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'uploaded'; key: string; url: string }
  | { type: 'failed'; key: string; error: string }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; by: -1 | 1 };

let counter = 0;
export function photoKey(): string {
  counter += 1;
  return `photo-${Date.now().toString(36)}-${counter}`;
}

export function readyPhoto(url: string): Photo {
  return { key: photoKey(), status: 'ready', url, previewUrl: null, progress: 1, error: null };
}

function update(list: readonly Photo[], key: string, change: Partial<Photo>): Photo[] {
  return list.map((p) => (p.key === key ? { ...p, ...change } : p));
}

export function photosReducer(list: readonly Photo[], action: PhotoAction): Photo[] {
  switch (action.type) {
    case 'reset':
      return action.urls.slice(0, MAX_POST_IMAGES).map(readyPhoto);
    case 'add':
      return [...list, ...action.photos].slice(0, MAX_POST_IMAGES);
    case 'status':
      return update(list, action.key, { status: action.status, error: null, progress: action.progress ?? 0 });
    case 'progress':
      return update(list, action.key, { progress: Math.min(1, Math.max(0, action.progress)) });
    case 'uploaded':
      return update(list, action.key, { status: 'ready', url: action.url, progress: 1, error: null });
    case 'failed':
      return update(list, action.key, { status: 'failed', error: action.error });
    case 'remove':
      return list.filter((p) => p.key !== action.key);
    case 'move': {
      const from = list.findIndex((p) => p.key === action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= list.length) return [...list];
      const next = [...list];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    }
  }
}

/** How many more photos fit. */
export function photoRoom(list: readonly Photo[]): number {
  return Math.max(0, MAX_POST_IMAGES - list.length);
}

/** The uploaded URLs in the order shown: what the post gets. */
export function readyUrls(list: readonly Photo[]): string[] {
  return list.filter((p) => p.status === 'ready' && p.url).map((p) => p.url as string);
}

/** Why Publish must wait, if it must: photos still on their way, or failed ones to retry or remove. */
export function photosBlocking(list: readonly Photo[]): { pending: number; failed: number } {
  return {
    pending: list.filter((p) => p.status === 'preparing' || p.status === 'uploading').length,
    failed: list.filter((p) => p.status === 'failed').length,
  };
}
