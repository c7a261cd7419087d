import type { contacts } from '#src/db/schema';

type ConsentColumns = Pick<
  typeof contacts.$inferInsert,
  'whatsappConsentAt' | 'whatsappConsentMethod' | 'whatsappConsentProof' | 'whatsappOptedOutAt'
>;

/** The proof kept with an opt-in given on the join page: the number's owner typed the code sent to it. */
export const JOIN_PAGE_PROOF =
  'Ticked "Also on WhatsApp" on the join page and confirmed it with the one-time code sent to this number';

/**
 * The WhatsApp opt-in columns a business's own edit sets (ADR 050): `true` records an opt-in given in
 * person (kept as it was when there is one), `false` withdraws it, nothing leaves it alone.
 */
export function whatsappConsentEdit(
  wanted: boolean | undefined,
  current: { whatsappConsentAt: Date | null } | null,
  now: Date,
): ConsentColumns {
  if (wanted === true && !current?.whatsappConsentAt) {
    return {
      whatsappConsentAt: now,
      whatsappConsentMethod: 'in_person',
      whatsappConsentProof: 'Recorded by the business',
      whatsappOptedOutAt: null,
    };
  }
  if (wanted === false) return { whatsappConsentAt: null, whatsappConsentMethod: null, whatsappConsentProof: null };
  return {};
}

/** An opt-in from the join page, confirmed by the one-time code. */
export function whatsappJoinConsent(now: Date): ConsentColumns {
  return {
    whatsappConsentAt: now,
    whatsappConsentMethod: 'join_page',
    whatsappConsentProof: JOIN_PAGE_PROOF,
    whatsappOptedOutAt: null,
  };
}

/** The customer stopped WhatsApp messages: the opt-in ends at once and the first stop's time is kept. */
export function whatsappStopped(now: Date): ConsentColumns {
  return { whatsappConsentAt: null, whatsappConsentMethod: null, whatsappConsentProof: null, whatsappOptedOutAt: now };
}
