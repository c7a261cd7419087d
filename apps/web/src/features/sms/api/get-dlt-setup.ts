import type { DltSetup } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { smsKeys } from './sms-keys';

export function getDltSetup(signal?: AbortSignal): Promise<DltSetup> {
  return api.get<DltSetup>('/api/sms/dlt', { signal });
}

export function dltSetupQueryOptions() {
  return queryOptions({ queryKey: smsKeys.dlt(), queryFn: ({ signal }) => getDltSetup(signal) });
}

export function useDltSetup() {
  return useQuery(dltSetupQueryOptions());
}
