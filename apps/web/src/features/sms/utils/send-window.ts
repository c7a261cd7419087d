import { nextSmsWindowStart, windowApplies, type DltCategory } from '@aaspaas/domain';

/**
 * When a campaign of `category` asked to start at `asked` really starts: the next 10:00 India time
 * for a promotional or service-explicit one asked outside 10:00–21:00, else `asked` itself.
 */
export function sendingStartsAt(category: DltCategory, asked: Date): Date {
  return windowApplies(category) ? nextSmsWindowStart(asked) : asked;
}
