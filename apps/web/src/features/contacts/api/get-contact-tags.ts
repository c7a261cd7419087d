import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactKeys, contactsCacheOptions } from './contact-keys';
import { getContacts } from './get-contacts';

/** Every tag the business uses (the list answers them with its first page), for the form's suggestions. */
export function getContactTags(signal?: AbortSignal): Promise<string[]> {
  return getContacts({}, null, signal, 1).then((list) => list.tags);
}

export function contactTagsQueryOptions() {
  return queryOptions({ queryKey: contactKeys.tags(), queryFn: ({ signal }) => getContactTags(signal), ...contactsCacheOptions });
}

export function useContactTags() {
  return useQuery(contactTagsQueryOptions());
}
