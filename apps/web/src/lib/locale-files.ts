/** 'en/auth' for '../locales/en/auth.json': a namespace's file by language and namespace. */
export function loaderKey(file: string): string {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return `${m?.[1] ?? 'en'}/${m?.[2] ?? 'common'}`;
}
