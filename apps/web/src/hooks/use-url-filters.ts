import { useSearchParams } from 'react-router';

/** A list's filters kept in the address (they survive a reload and can be shared): what one is, and setting one. */
export type UrlFilters = ReturnType<typeof useUrlFilters>;

export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  return {
    params,
    /** One filter's text, '' when it is not set. */
    get: (key: string) => params.get(key) ?? '',
    /** The filter when it is one of `allowed`: a typed or old address may hold anything. */
    oneOf: <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
      const value = params.get(key);
      return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
    },
    /** Sets one filter in place (no new history entry per keystroke); '' or 'all' removes it. */
    set: (key: string, value: string) => {
      const next = new URLSearchParams(params);
      if (value && value !== 'all') next.set(key, value);
      else next.delete(key);
      setParams(next, { replace: true });
    },
  };
}
