import { useEffect, useState } from 'react';
import { readJson, removeStorage, writeJson } from '@/lib/storage';
import { EMPTY_OFFER_DRAFT, type OfferDraft } from '../utils/offer-draft';

const keyOf = (templateId: string) => `aaspaas_template_draft_${templateId}`;

function stored(templateId: string): OfferDraft {
  const saved = readJson<Partial<OfferDraft>>(keyOf(templateId), 'session');
  const draft = { ...EMPTY_OFFER_DRAFT };
  for (const field of Object.keys(draft) as Array<keyof OfferDraft>) {
    const value = saved?.[field];
    if (typeof value === 'string') draft[field] = value;
  }
  return draft;
}

/**
 * What the owner typed for one template, kept in the tab's session storage: a reload, or a trip to
 * /edit-profile to add a missing detail, does not lose it. `clear` once the picture is made.
 */
export function useOfferDraft(templateId: string) {
  const [draft, setDraft] = useState<OfferDraft>(() => stored(templateId));
  useEffect(() => {
    if (Object.values(draft).some((v) => v !== '')) writeJson(keyOf(templateId), draft, 'session');
    else removeStorage(keyOf(templateId), 'session');
  }, [draft, templateId]);
  return {
    draft,
    setField: (field: keyof OfferDraft, value: string) => setDraft((d) => ({ ...d, [field]: value })),
    clear: () => removeStorage(keyOf(templateId), 'session'),
  };
}
