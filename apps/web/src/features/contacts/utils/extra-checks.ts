import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A resolver that adds checks the domain schema leaves to the caller (a required consent tick on
 * the counter form, a valid number on the public join form), reported together with the schema's.
 */
export function withChecks<TValues extends FieldValues, TContext, TOut>(
  resolver: Resolver<TValues, TContext, TOut>,
  check: (values: TValues) => Partial<Record<keyof TValues & string, string | null>>,
): Resolver<TValues, TContext, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const extra = Object.entries(check(values)).filter((entry): entry is [string, string] => Boolean(entry[1]));
    if (!extra.length) return result;
    const errors: Record<string, FieldError | undefined> = { ...(result.errors as Record<string, FieldError | undefined>) };
    for (const [name, message] of extra) errors[name] ??= { type: 'validate', message };
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
