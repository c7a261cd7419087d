import { type Claim, formatRupees } from '@aaspaas/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { speak } from '../utils/speech';

/**
 * Claims that arrive while the claims list is open (docs/product.md §3, Claims): each new one is said
 * aloud ("New claim 4F7K: Diwali combo, ₹399") when the owner turned speech on, and its words are
 * returned for a polite live region, so a screen reader hears it too. The claims already there when
 * the list first loads are not announced: the owner sees them.
 */
export function useAnnounceNewClaims(claims: Claim[] | undefined): string {
  const { t, i18n } = useTranslation('counter');
  const seen = useRef<Set<string> | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!claims) return;
    if (!seen.current) {
      seen.current = new Set(claims.map((c) => c.id));
      return;
    }
    const known = seen.current;
    const arrived = claims.filter((c) => !known.has(c.id));
    for (const c of arrived) known.add(c.id);
    const pending = arrived.filter((c) => c.status !== 'redeemed' && !c.expired);
    if (pending.length === 0) return;
    // Oldest first, as they came to the counter.
    const words = [...pending]
      .reverse()
      .map((c) =>
        c.amountPaise !== null
          ? t('claims.spokenNewAmount', { code: c.code, title: c.title, amount: formatRupees(c.amountPaise) })
          : t('claims.spokenNew', { code: c.code, title: c.title }),
      )
      .join('. ');
    setSaid(words);
    speak(words, i18n.language);
  }, [claims, t, i18n.language]);
  return said;
}
