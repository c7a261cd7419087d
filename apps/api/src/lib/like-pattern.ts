/** A LIKE/ILIKE pattern matching `value` literally (its %, _ and \ escaped), anywhere or as a prefix. */
export function likePattern(value: string, anchored: 'contains' | 'prefix'): string {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  return anchored === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}
