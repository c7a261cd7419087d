import {
  type AdminUser,
  formatRupees,
  parseRupees,
  WALLET_ADJUSTMENT_MAX_PAISE,
  WALLET_ADJUSTMENT_MIN_PAISE,
  WALLET_ADJUSTMENT_REASON_MAX,
  WALLET_ADJUSTMENT_REASON_MIN,
  type WalletAdjustmentDirection,
  type WalletAdjustmentResult,
} from '@aaspaas/domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useAdjustWallet } from '../api/adjust-wallet';
import { newIdempotencyKey } from '../utils/idempotency-key';

type Errors = { amount?: string; reason?: string };

/**
 * The admin adds money to or deducts it from a business's wallet (docs/product.md §2, Admin routes): amount,
 * direction and a reason the business sees, then a step that says exactly what will happen. One key per
 * opening of the dialog, so a double-click or a retry after a lost answer moves the money once.
 */
export function WalletAdjustmentDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onDone: (result: WalletAdjustmentResult, user: AdminUser) => void;
}) {
  const { t } = useTranslation('admin');
  const adjust = useAdjustWallet();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [direction, setDirection] = useState<WalletAdjustmentDirection>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const id = useId();
  // A second click lands before the button is disabled: send once (the key is the server's guarantee).
  const sending = useRef(false);
  const amountPaise = parseRupees(amountText);
  const business = user?.businessName || user?.name || '';

  const check = (): Errors => {
    const found: Errors = {};
    if (amountPaise === null) found.amount = t('users.adjust.amountInvalid');
    else if (amountPaise < WALLET_ADJUSTMENT_MIN_PAISE || amountPaise > WALLET_ADJUSTMENT_MAX_PAISE) {
      found.amount = t('users.adjust.amountRange', {
        min: formatRupees(WALLET_ADJUSTMENT_MIN_PAISE),
        max: formatRupees(WALLET_ADJUSTMENT_MAX_PAISE),
      });
    } else if (direction === 'debit' && user && amountPaise > user.balancePaise) {
      found.amount = t('users.adjust.moreThanBalance', { balance: formatRupees(user.balancePaise) });
    }
    if (reason.trim().length < WALLET_ADJUSTMENT_REASON_MIN)
      found.reason = t('users.adjust.reasonShort', { min: WALLET_ADJUSTMENT_REASON_MIN });
    return found;
  };

  const submit = () => {
    if (!user || amountPaise === null || sending.current) return;
    sending.current = true;
    adjust.mutate(
      { userId: user.id, direction, amountPaise, reason: reason.trim(), idempotencyKey },
      {
        onSuccess: (result) => onDone(result, user),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const amount = amountPaise === null ? '' : formatRupees(amountPaise);
  const after = user && amountPaise !== null ? user.balancePaise + (direction === 'credit' ? amountPaise : -amountPaise) : 0;

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !adjust.isPending && onClose()}>
      <DialogContent role={step === 'confirm' ? 'alertdialog' : 'dialog'}>
        {step === 'form' ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('users.adjust.title', { business })}</DialogTitle>
              <DialogDescription>
                {t('users.adjust.description', { balance: formatRupees(user?.balancePaise ?? 0) })}
              </DialogDescription>
            </DialogHeader>
            <form
              noValidate
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                const found = check();
                setErrors(found);
                if (!found.amount && !found.reason) {
                  adjust.reset();
                  setStep('confirm');
                }
              }}
            >
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 font-semibold">{t('users.adjust.direction')}</legend>
                <div className="grid grid-cols-2 gap-2">
                  {(['credit', 'debit'] as const).map((d) => (
                    <label
                      key={d}
                      className={cn(
                        'flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-border px-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                        direction === d && 'border-primary bg-primary-soft font-semibold',
                      )}
                    >
                      <input
                        type="radio"
                        name={`${id}-direction`}
                        value={d}
                        checked={direction === d}
                        onChange={() => setDirection(d)}
                        className="size-5 accent-primary"
                      />
                      {t(`users.adjust.${d}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
              <FormField
                id={`${id}-amount`}
                label={t('users.adjust.amount')}
                hint={t('users.adjust.amountHint', {
                  min: formatRupees(WALLET_ADJUSTMENT_MIN_PAISE),
                  max: formatRupees(WALLET_ADJUSTMENT_MAX_PAISE),
                })}
                error={errors.amount}
              >
                {(control) => (
                  <div className="relative">
                    <span
                      className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
                      aria-hidden="true"
                    >
                      ₹
                    </span>
                    <Input
                      {...control}
                      inputMode="decimal"
                      autoComplete="off"
                      className={cn('pl-7 tabular-nums', errors.amount && 'border-danger')}
                      value={amountText}
                      onChange={(e) => setAmountText(e.target.value)}
                    />
                  </div>
                )}
              </FormField>
              <FormField
                id={`${id}-reason`}
                label={t('users.adjust.reason')}
                hint={t('users.adjust.reasonHint', { min: WALLET_ADJUSTMENT_REASON_MIN, max: WALLET_ADJUSTMENT_REASON_MAX })}
                error={errors.reason}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    maxLength={WALLET_ADJUSTMENT_REASON_MAX}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                  />
                )}
              </FormField>
              <DialogFooter>
                <Button variant="secondary" size="lg" onClick={onClose}>
                  {t('moderation.cancel')}
                </Button>
                <Button type="submit" size="lg">
                  {t('users.adjust.continue')}
                </Button>
              </DialogFooter>
            </form>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>
                {t(direction === 'credit' ? 'users.adjust.confirmCredit' : 'users.adjust.confirmDebit', { amount, business })}
              </DialogTitle>
              <DialogDescription>
                {t('users.adjust.confirmDescription', {
                  before: formatRupees(user?.balancePaise ?? 0),
                  after: formatRupees(Math.max(after, 0)),
                  label: t(direction === 'credit' ? 'users.adjust.labelCredit' : 'users.adjust.labelDebit'),
                })}
              </DialogDescription>
            </DialogHeader>
            <blockquote className="rounded-xl border-l-4 border-primary bg-surface px-3 py-2 break-words">
              {reason.trim()}
            </blockquote>
            {adjust.isError ? (
              <p role="alert" className="text-sm font-semibold break-words text-danger">
                {adjust.error.message}
              </p>
            ) : null}
            <DialogFooter>
              <Button variant="secondary" size="lg" onClick={() => setStep('form')} disabled={adjust.isPending}>
                {t('users.adjust.back')}
              </Button>
              <Button
                size="lg"
                variant={direction === 'debit' ? 'danger' : 'primary'}
                onClick={submit}
                disabled={adjust.isPending}
              >
                {adjust.isPending ? <Spinner className="size-5" /> : null}
                {adjust.isPending
                  ? t('users.adjust.saving')
                  : t(direction === 'credit' ? 'users.adjust.doCredit' : 'users.adjust.doDebit', { amount })}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
