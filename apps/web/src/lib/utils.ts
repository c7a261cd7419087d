import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. tailwind-merge is left out on purpose (8.6 KB gzipped on the feed path):
 * components don't pass conflicting utilities; an override must not fight a base class.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
