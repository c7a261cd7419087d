import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The end of a price form: the server's refusal, if any, above the Save button. */
export function PriceFormFooter({ serverError, submitting }: { serverError?: string; submitting: boolean }) {
  const { t } = useTranslation('pricing');
  return (
    <>
      {serverError ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {serverError}
        </p>
      ) : null}
      <Button type="submit" disabled={submitting} className="self-start">
        {submitting ? t('saving') : t('save')}
      </Button>
    </>
  );
}
