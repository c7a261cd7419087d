import { z } from 'zod';

/**
 * The one error shape of every API answer that is not a success (docs/product.md §8). `field` names
 * the request's property the error is about (the body's top-level key, e.g. `mobileNumber`), so a
 * form puts the message under that field; clients that only read `message` lose nothing.
 */
export const ErrorResponseSchema = z.object({ message: z.string(), field: z.string().optional() }).meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
