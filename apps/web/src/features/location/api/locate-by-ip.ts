import type { LocateResponse } from '@aaspaas/domain';
import { api } from '@/lib/api-client';

/** POST /api/geo/locate: a rough point from the IP address, or source 'unknown'. */
export function locateByIp(signal?: AbortSignal): Promise<LocateResponse> {
  return api.post<LocateResponse>('/api/geo/locate', undefined, { signal });
}
