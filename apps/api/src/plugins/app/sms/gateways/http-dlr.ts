import { z } from 'zod';
import { hmacSha256Hex, signatureMatches } from '../../wallet/payment-signature';
import type { DeliveryReport } from './sms-gateway';

/** The header carrying the hex HMAC-SHA256 of the raw body, for a gateway that signs its reports. */
export const DLR_SIGNATURE_HEADER = 'x-dlr-signature';
/** At most this many reports in one post: a provider batches a few hundred. */
export const DLR_MAX_REPORTS = 1_000;

/**
 * Whether a report post comes from our gateway: the HMAC of its raw body with the shared secret in
 * DLR_SIGNATURE_HEADER, or — for a provider that can only be given a URL, as MSG91's panel — the
 * secret itself as `?token=` (the request log redacts it). No secret set: nothing is accepted.
 */
export function dlrAuthentic(input: {
  secret: string | undefined;
  body: Buffer;
  signature?: string | undefined;
  token?: string | undefined;
}): boolean {
  const { secret } = input;
  if (!secret) return false;
  if (input.signature !== undefined) return signatureMatches(hmacSha256Hex(secret, input.body), input.signature.toLowerCase());
  if (input.token !== undefined) return signatureMatches(hmacSha256Hex(secret, secret), hmacSha256Hex(secret, input.token));
  return false;
}

const Text = z.union([z.string().max(200), z.number()]).transform(String);

/** One number's report: MSG91's v3 webhook (status/desc, failedReason) or its newer one (telNum, failureReason). */
const ReportSchema = z.looseObject({
  requestId: Text,
  status: Text,
  desc: Text.optional(),
  failedReason: Text.optional(),
  failureReason: Text.optional(),
});
/** MSG91's v2 webhook: a request's reports under `report`, the list under `data` (a JSON string when form-encoded). */
const RequestReportsSchema = z.looseObject({
  requestId: Text,
  report: z.array(ReportSchema.omit({ requestId: true })).max(DLR_MAX_REPORTS),
});
const V2Schema = z.object({
  data: z.union([z.string().max(1_000_000), z.array(z.unknown())]),
});

type RawReport = z.infer<typeof ReportSchema>;

/**
 * The provider's status mapped to ours. MSG91: 1 delivered; 2 failed; 9 NDNC; 16 and 25 rejected; 17
 * blocked; words for the same in `desc` or the newer webhook's `status`. Interim states (sent,
 * pending, submitted) are not an end: null, and the report is ignored.
 */
export function dlrStatus(status: string, desc = ''): DeliveryReport['status'] | null {
  const s = status.trim().toUpperCase();
  const words = `${s} ${desc.trim().toUpperCase()}`;
  if (s === '1' || /\bDELIVERED\b/.test(words) || s === 'DELIVRD') return 'delivered';
  if (/EXPIRED/.test(words)) return 'expired';
  if (['2', '9', '16', '17', '25'].includes(s) || /FAIL|REJECT|NDNC|BLOCK|UNDELIV/.test(words)) return 'failed';
  return null;
}

function toReport(raw: RawReport): DeliveryReport | null {
  const status = dlrStatus(raw.status, raw.desc);
  if (!status) return null;
  const why = raw.failedReason || raw.failureReason || raw.desc || raw.status;
  return { providerMessageId: raw.requestId, status, error: status === 'delivered' ? undefined : why.slice(0, 200) };
}

export type ParsedDlr = { ok: true; reports: DeliveryReport[]; ignored: number } | { ok: false; error: string };

/** The reports of one post, whichever of MSG91's shapes it has (one, a list, or v2's `data`); form-encoded or JSON. */
export function parseDlrBody(raw: Buffer, contentType: string | undefined): ParsedDlr {
  let body: unknown;
  try {
    body = contentType?.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(raw.toString('utf8')))
      : JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, error: 'The delivery report is not valid JSON' };
  }
  const v2 = V2Schema.safeParse(body);
  if (v2.success) {
    let list: unknown = v2.data.data;
    if (typeof list === 'string') {
      try {
        list = JSON.parse(list);
      } catch {
        return { ok: false, error: 'The delivery report’s data is not valid JSON' };
      }
    }
    const requests = z.array(RequestReportsSchema).max(DLR_MAX_REPORTS).safeParse(list);
    if (!requests.success) return { ok: false, error: 'The delivery report’s data is not a list of requests with reports' };
    return collect(requests.data.flatMap((r) => r.report.map((one) => ({ ...one, requestId: r.requestId }))));
  }
  const many = z.union([ReportSchema, z.array(ReportSchema).max(DLR_MAX_REPORTS)]).safeParse(body);
  if (!many.success) return { ok: false, error: 'A delivery report needs requestId and status' };
  return collect(Array.isArray(many.data) ? many.data : [many.data]);
}

function collect(raws: RawReport[]): ParsedDlr {
  if (raws.length > DLR_MAX_REPORTS) return { ok: false, error: `At most ${DLR_MAX_REPORTS} delivery reports a request` };
  const reports: DeliveryReport[] = [];
  for (const raw of raws) {
    const report = toReport(raw);
    if (report) reports.push(report);
  }
  return { ok: true, reports, ignored: raws.length - reports.length };
}
