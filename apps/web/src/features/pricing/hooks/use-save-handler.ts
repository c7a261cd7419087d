import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { isAuthError } from '@/lib/query-client';

/**
 * The submit handler of a price form: saves, says so, and on a refusal shows the server's message
 * above the button (the API checks the same rules, so this is rare) without losing what was typed.
 */
export function useSaveHandler<V extends FieldValues, Out>(
  form: UseFormReturn<V, unknown, Out>,
  save: (values: Out) => Promise<unknown>,
  savedMessage: string,
) {
  const { t: tCommon } = useTranslation();
  return form.handleSubmit(async (values) => {
    try {
      await save(values);
      void notify(savedMessage, 'success');
    } catch (error) {
      if (isAuthError(error)) return;
      form.setError('root.server', { message: isNetworkError(error) ? tCommon('errors.offline') : (error as Error).message });
    }
  });
}
