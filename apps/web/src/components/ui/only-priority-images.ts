import { createContext, useContext } from 'react';

/**
 * true inside the feed's first screen as the server draws it (ADR 009): there only the image marked
 * fetchPriority="high" (the first card's first photo, the LCP) is asked for. That screen lies under
 * the splash until the app draws its own, so the other photos and avatars would only take bandwidth
 * from that photo and the app's code on a slow phone; the app asks for them once it runs.
 */
export const OnlyPriorityImages = createContext(false);

export function useOnlyPriorityImages(): boolean {
  return useContext(OnlyPriorityImages);
}
