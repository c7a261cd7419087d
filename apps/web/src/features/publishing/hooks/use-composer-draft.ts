import { useCallback, useEffect, useRef } from 'react';
import { clearDraft, draftDiffers, writeDraft, type Draft } from '../utils/draft-storage';
import type { ComposerValues } from '../utils/form-values';

export const DRAFT_SAVE_DELAY_MS = 500;

/**
 * Saves the composer's draft as the owner types (debounced), and at once when the page is hidden
 * or left, so a reload or a closed tab keeps it. A draft that says nothing more than the form's
 * starting point is removed instead. `stop()` ends saving (after a publish).
 */
export function useComposerDraft({
  draftKey,
  values,
  images,
  base,
  baseImages,
  templateId,
}: {
  draftKey: string;
  values: ComposerValues;
  images: readonly string[];
  base: ComposerValues;
  baseImages: readonly string[];
  templateId?: string;
}) {
  const latest = useRef<Omit<Draft, 'savedAt'>>({ values, images: [...images], templateId });
  const stopped = useRef(false);
  const baseRef = useRef({ base, baseImages });
  // Before the effects below, every render: what a flush (a timer, pagehide) writes is the latest.
  useEffect(() => {
    latest.current = { values, images: [...images], templateId };
    baseRef.current = { base, baseImages };
  });

  const flush = useCallback(() => {
    if (stopped.current) return;
    const draft = latest.current;
    if (!draftDiffers(draft, baseRef.current.base, baseRef.current.baseImages)) clearDraft(draftKey);
    else writeDraft(draftKey, draft);
  }, [draftKey]);

  const serialised = JSON.stringify([values, images]);
  useEffect(() => {
    const id = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(id);
  }, [serialised, flush]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      // Leaving the page inside the app: what was typed in the last half second is kept too.
      flush();
    };
  }, [flush]);

  const stop = useCallback(() => {
    stopped.current = true;
    clearDraft(draftKey);
  }, [draftKey]);

  const restart = useCallback(() => {
    stopped.current = false;
  }, []);

  return { flush, stop, restart };
}
