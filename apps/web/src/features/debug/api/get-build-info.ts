import { queryOptions, useQuery } from '@tanstack/react-query';

export type BuildInfo = { file: string | null; builtAt: string | null };

/** The app's entry script: its hashed file name identifies the build ('index-BxY12.js'). */
export function entryScriptUrl(doc: Document = document): string | null {
  const script = doc.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script?.src || null;
}

/** The build's file name and, when the server says it (Last-Modified), when it was built. */
export async function getBuildInfo(signal?: AbortSignal): Promise<BuildInfo> {
  const src = entryScriptUrl();
  if (!src) return { file: null, builtAt: null };
  const file = new URL(src).pathname.split('/').pop() ?? null;
  try {
    const res = await fetch(src, { method: 'HEAD', cache: 'no-store', signal });
    return { file, builtAt: res.ok ? res.headers.get('last-modified') : null };
  } catch {
    return { file, builtAt: null };
  }
}

export function useBuildInfo() {
  return useQuery(
    queryOptions({
      queryKey: ['debug', 'build'],
      queryFn: ({ signal }) => getBuildInfo(signal),
      retry: false,
      staleTime: Infinity,
    }),
  );
}
