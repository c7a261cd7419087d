import { OFFER_MAX_VALID_DAYS, ValidUntilSchema, indiaDay } from '@aaspaas/domain';
import { Repeat2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/** An expired offer comes back valid for a week unless the owner picks another day. */
export const REPOST_DEFAULT_VALID_DAYS = 7;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

type RepostDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  excerpt: string;
  /** The offer's valid-until has passed: the copy needs a new one. */
  expired: boolean;
  /** The post is an offer with a valid-until (the copy keeps its length, counted from today). */
  hasValidity: boolean;
  onConfirm: (expiresAt: string | undefined) => void;
  pending: boolean;
  error: string | null;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Post a copy at the top of the feed. An expired offer asks for a new valid-until date (India's
 * calendar, checked by the same rule as the server); any other post just asks to confirm.
 */
export function RepostDialog({
  open,
  onOpenChange,
  excerpt,
  expired,
  hasValidity,
  onConfirm,
  pending,
  error,
  onCloseAutoFocus,
}: RepostDialogProps) {
  const { t } = useTranslation('posts-history');
  const fieldId = useId();
  const today = indiaDay(new Date());
  const [date, setDate] = useState(() => addDays(today, REPOST_DEFAULT_VALID_DAYS));
  const [dateError, setDateError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!expired) {
      onConfirm(undefined);
      return;
    }
    const checked = ValidUntilSchema.safeParse(date);
    if (!checked.success || !date) {
      setDateError(checked.error?.issues[0]?.message ?? t('repost.dateRequired'));
      return;
    }
    setDateError(null);
    onConfirm(date);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent hideClose onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} noValidate>
          <DialogHeader className="pr-0">
            <DialogTitle>{expired ? t('repost.titleExpired') : t('repost.title')}</DialogTitle>
            <DialogDescription>
              <span className="block font-semibold break-words text-foreground">“{excerpt}”</span>
              <span className="mt-2 block">
                {expired ? t('repost.descriptionExpired') : hasValidity ? t('repost.descriptionOffer') : t('repost.description')}
              </span>
            </DialogDescription>
          </DialogHeader>
          {expired ? (
            <FormField
              id={fieldId}
              label={t('repost.validUntil')}
              hint={t('repost.validUntilHint')}
              error={dateError ?? undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  required
                  min={today}
                  max={addDays(today, OFFER_MAX_VALID_DAYS)}
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                  className={invalidClass}
                />
              )}
            </FormField>
          ) : null}
          {error ? (
            <p role="alert" className="mt-3 text-sm font-semibold break-words text-danger">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" size="lg" onClick={() => onOpenChange(false)} disabled={pending}>
              {t('repost.cancel')}
            </Button>
            <Button type="submit" size="lg" disabled={pending}>
              {pending ? <Spinner className="size-5" /> : <Repeat2 className="size-5" aria-hidden="true" />}
              {pending ? t('repost.pending') : t('repost.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
