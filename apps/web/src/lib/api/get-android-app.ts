import type { AndroidAppInfo } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/android-app: the Play Store listing, when the app is published. */
export function getAndroidApp(signal?: AbortSignal): Promise<AndroidAppInfo> {
  return api.get<AndroidAppInfo>('/api/android-app', { signal, auth: false });
}

export function useAndroidApp(enabled: boolean) {
  // Changes only with the server's configuration: one answer per visit.
  return useQuery(
    queryOptions({ queryKey: ['android-app'], queryFn: ({ signal }) => getAndroidApp(signal), staleTime: Infinity, enabled }),
  );
}
