import { z } from 'zod';

/** The one error shape of every API answer that is not a success (docs/product.md §8). */
export const ErrorResponseSchema = z.object({ message: z.string() }).meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
