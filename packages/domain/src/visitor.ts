import { z } from 'zod';

/**
 * A visitor id as the server issues it: a UUID and its HMAC tag (base64url, 128 bits), joined by a
 * dot. Only the server can make one; anything else is refused, so a client cannot invent ids.
 */
export const SIGNED_VISITOR_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{22}$/;
export const VisitorIdSchema = z.string().regex(SIGNED_VISITOR_ID_PATTERN, 'Visitor id is missing or malformed');

/** POST /api/visitor: this browser's visitor id (the one it sent back, or a new one). */
export const VisitorIdResponseSchema = z.object({ visitorId: z.string() }).meta({ id: 'VisitorIdResponse' });
export type VisitorIdResponse = z.infer<typeof VisitorIdResponseSchema>;
