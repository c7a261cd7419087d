import { z } from 'zod';

/** A visitor id as the web generates it (a UUID); anything else is refused. */
export const VisitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Visitor id is missing or malformed');
