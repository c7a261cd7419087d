import { type AppUser, type Claim, formatRupees, parseRupees } from '@aaspaas/domain';
import { CheckCircle2, DoorClosed, DoorOpen, Store } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatIndiaTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useClaims } from '../api/get-claims';
import { useRedeemClaim } from '../api/redeem-claim';
import { useSaveCounterSettings } from '../api/save-counter-settings';
import { useAnnounceNewClaims } from '../hooks/use-announce-new-claims';
import { speak } from '../utils/speech';

const IST_MS = 330 * 60_000;
/** An 'HH:MM' as an instant (of any day) for formatIndiaTime: '17:00' reads '5 pm'. */
const todayAt = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2000, 0, 1, h, m) - IST_MS).toISOString();
};

/** "Closed today" and "Back at 5 pm" with one tap, or open again (docs/product.md §3, Opening hours). */
function ClosureButtons({ user }: { user: AppUser }) {
  const { t } = useTranslation('counter');
  const save = useSaveCounterSettings();
  const [backAt, setBackAt] = useState('17:00');
  const id = useId();
  const set = (closure: string | null) => save.mutate({ closure }, { onError: (error) => void notify(error.message, 'error') });
  if (!user.hours) return <p className="text-sm text-muted-foreground">{t('closure.noHours')}</p>;
  return (
    <div className="flex flex-col gap-2">
      {user.closedUntil ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="flex items-center gap-2 font-semibold" data-testid="closed-until">
            <DoorClosed className="size-5" aria-hidden="true" />
            {t('closure.closedUntil', { time: formatIndiaTime(user.closedUntil) })}
          </p>
          <Button variant="secondary" size="sm" onClick={() => set(null)} disabled={save.isPending}>
            <DoorOpen className="size-5" aria-hidden="true" />
            {t('closure.reopen')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => set('today')} disabled={save.isPending} data-testid="closed-today">
            <DoorClosed className="size-5" aria-hidden="true" />
            {t('closure.today')}
          </Button>
          <label htmlFor={id} className="sr-only">
            {t('closure.backAtLabel')}
          </label>
          <Input id={id} type="time" value={backAt} onChange={(e) => setBackAt(e.target.value)} className="w-32" />
          <Button variant="secondary" size="sm" onClick={() => set(backAt)} disabled={save.isPending}>
            {t('closure.backAt', { time: formatIndiaTime(todayAt(backAt)) })}
          </Button>
        </div>
      )}
    </div>
  );
}

/** One claim of today: its code and offer, and one tap to mark it redeemed with the rupees received. */
function ClaimRow({ claim }: { claim: Claim }) {
  const { t, i18n } = useTranslation('counter');
  const redeem = useRedeemClaim();
  const id = useId();
  const [amount, setAmount] = useState(claim.amountPaise !== null ? String(claim.amountPaise / 100) : '');
  const done = claim.status === 'redeemed';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const receivedPaise = parseRupees(amount) ?? undefined;
    redeem.mutate(
      { id: claim.id, receivedPaise },
      {
        onSuccess: (c) => {
          const said = t('claims.spoken', { amount: formatRupees(c.receivedPaise ?? 0), title: c.title });
          void notify(said, 'success');
          speak(said, i18n.language);
        },
        onError: (error) => void notify(error.message, 'error'),
      },
    );
  };
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid="claim-row" data-code={claim.code}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono text-xl font-extrabold tracking-widest">{claim.code}</span>
        <span className="text-sm text-muted-foreground">{formatIndiaTime(claim.createdAt)}</span>
      </div>
      <p className="text-sm">{claim.title}</p>
      {done ? (
        <p className="flex items-center gap-2 font-semibold text-success" data-testid="claim-redeemed">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {t('claims.redeemed', { amount: formatRupees(claim.receivedPaise ?? 0) })}
        </p>
      ) : claim.expired ? (
        <p className="text-sm text-muted-foreground">{t('claims.expired')}</p>
      ) : (
        <form onSubmit={submit} className="flex items-end gap-2">
          <label htmlFor={id} className="flex flex-1 flex-col text-sm">
            {t('claims.received')}
            <Input id={id} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
          <Button type="submit" disabled={redeem.isPending} data-testid="redeem-button">
            {t('claims.redeem')}
          </Button>
        </form>
      )}
    </li>
  );
}

/** Redeem by the code the customer shows, when the claim is not on screen. */
function RedeemByCode() {
  const { t, i18n } = useTranslation('counter');
  const redeem = useRedeemClaim();
  const [code, setCode] = useState('');
  const id = useId();
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        redeem.mutate(
          { code },
          {
            onSuccess: (c) => {
              setCode('');
              const said = t('claims.spoken', { amount: formatRupees(c.receivedPaise ?? 0), title: c.title });
              void notify(said, 'success');
              speak(said, i18n.language);
            },
            onError: (error) => void notify(error.message, 'error'),
          },
        );
      }}
    >
      <label htmlFor={id} className="flex flex-1 flex-col text-sm font-semibold">
        {t('claims.byCode')}
        <Input id={id} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} maxLength={4} autoComplete="off" />
      </label>
      <Button type="submit" variant="secondary" disabled={redeem.isPending || code.length !== 4}>
        {t('claims.redeem')}
      </Button>
    </form>
  );
}

/**
 * The /app home's counter (docs/product.md §3): open or closed now, the one-tap closure, today's claims
 * (new ones announced as they arrive: useAnnounceNewClaims).
 */
export function CounterPanel({ user }: { user: AppUser }) {
  const { t } = useTranslation('counter');
  const claims = useClaims();
  const headingId = useId();
  const list = claims.data ?? [];
  const announced = useAnnounceNewClaims(claims.data);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
      data-testid="counter-panel"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <Store className="size-5" aria-hidden="true" />
        {t('panel.title')}
      </h2>
      <ClosureButtons user={user} />
      <h3 className="font-bold">{t('claims.title')}</h3>
      <p className="sr-only" aria-live="polite" data-testid="claims-announced">
        {announced}
      </p>
      {claims.isError ? <p className="text-sm text-danger">{claims.error.message}</p> : null}
      {list.length === 0 && claims.isSuccess ? <p className="text-sm text-muted-foreground">{t('claims.none')}</p> : null}
      <ul className="flex flex-col gap-2">
        {list.map((c) => (
          <ClaimRow key={c.id} claim={c} />
        ))}
      </ul>
      <RedeemByCode />
    </section>
  );
}
