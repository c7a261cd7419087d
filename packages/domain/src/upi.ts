/**
 * UPI pay-at-shop (docs/product.md §3, UPI at the counter): the shop's UPI ID (a VPA, `name@handle`) and
 * the `upi://pay` link an offer's "Pay ₹X by UPI" opens. No money passes through Aaspaas (ADR 049): the
 * link only asks the customer's own UPI app to pay the shop.
 */
export const UPI_MESSAGES = {
  invalid: 'Enter a UPI ID like yourshop@okaxis: letters or digits, then @, then the bank handle',
} as const;

/** NPCI's VPA: 2–256 of letters, digits, dot, hyphen or underscore, '@', a handle of letters (and digits). */
const VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

/** A UPI ID as stored: trimmed and lower-cased (UPI apps treat them so). */
export function normalizeUpiId(value: string): string {
  return value.trim().toLowerCase();
}

export function isUpiId(value: string): boolean {
  return VPA.test(value);
}

/** What an offer's pay link says: the shop's VPA and name, the amount, a note (the offer), and the claim's reference. */
type UpiPayment = { upiId: string; payeeName: string; amountPaise: number; note: string; reference: string };

/** The `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…&tr=…` link of a payment (amount in rupees with two decimals). */
export function upiPayLink(p: UpiPayment): string {
  const params = new URLSearchParams({
    pa: p.upiId,
    pn: p.payeeName.slice(0, 50),
    am: (p.amountPaise / 100).toFixed(2),
    cu: 'INR',
    tn: p.note.slice(0, 50),
    tr: p.reference,
  });
  // UPI apps read %20 for spaces (URLSearchParams writes '+') and some read the VPA's '@' only as it is.
  return `upi://pay?${params.toString().replace(/\+/g, '%20').replace(/%40/g, '@')}`;
}
