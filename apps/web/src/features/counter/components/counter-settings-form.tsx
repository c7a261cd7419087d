import type { AppUser } from '@aaspaas/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RemovableChip } from '@/components/ui/removable-chip';
import { formatIndiaDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSaveCounterSettings } from '../api/save-counter-settings';
import { type DayForm, fromDayForms, toDayForms } from '../utils/hours-form';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function DayRow({ day, value, onChange }: { day: (typeof DAYS)[number]; value: DayForm; onChange: (next: DayForm) => void }) {
  const { t } = useTranslation('counter');
  const id = useId();
  const setRange = (i: number, key: 'opens' | 'closes', time: string) =>
    onChange({ ...value, ranges: value.ranges.map((r, j) => (j === i ? { ...r, [key]: time } : r)) });
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid={`hours-${day}`}>
      <legend className="px-1 font-semibold">{t(`days.${day}`)}</legend>
      <label htmlFor={`${id}-mode`} className="sr-only">
        {t('hours.modeLabel', { day: t(`days.${day}`) })}
      </label>
      <select
        id={`${id}-mode`}
        value={value.mode}
        onChange={(e) => onChange({ ...value, mode: e.target.value as DayForm['mode'] })}
        className="min-h-11 rounded-xl border border-border bg-surface px-3"
      >
        <option value="hours">{t('hours.modeHours')}</option>
        <option value="allDay">{t('hours.modeAllDay')}</option>
        <option value="closed">{t('hours.modeClosed')}</option>
      </select>
      {value.mode === 'hours'
        ? value.ranges.map((range, i) => (
            <div key={i} className="flex items-end gap-2">
              <label className="flex flex-1 flex-col text-sm">
                {t('hours.opens')}
                <Input type="time" value={range.opens} onChange={(e) => setRange(i, 'opens', e.target.value)} />
              </label>
              <label className="flex flex-1 flex-col text-sm">
                {t('hours.closes')}
                <Input type="time" value={range.closes} onChange={(e) => setRange(i, 'closes', e.target.value)} />
              </label>
              {i > 0 ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('hours.removeRange')}
                  onClick={() => onChange({ ...value, ranges: value.ranges.filter((_, j) => j !== i) })}
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          ))
        : null}
      {value.mode === 'hours' && value.ranges.length < 2 ? (
        <Button
          variant="link"
          size="sm"
          className="self-start"
          onClick={() => onChange({ ...value, ranges: [...value.ranges, { opens: '16:00', closes: '21:00' }] })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('hours.addRange')}
        </Button>
      ) : null}
    </fieldset>
  );
}

/**
 * /edit-profile's counter (docs/product.md §3): the week's opening hours (several ranges a day, open all day,
 * closed; a range past midnight runs into the next day) and the UPI ID for pay-at-shop on offers.
 */
export function CounterSettingsForm({ user }: { user: AppUser }) {
  const { t } = useTranslation('counter');
  const save = useSaveCounterSettings();
  const upiId = useId();
  const [days, setDays] = useState(() => toDayForms(user.hours));
  const [upi, setUpi] = useState(user.upiId ?? '');
  const [holidays, setHolidays] = useState<string[]>(user.hours?.holidays ?? []);
  const [holiday, setHoliday] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    try {
      await save.mutateAsync({ hours: fromDayForms(days, holidays), upiId: upi });
      void notify(t('settings.saved'), 'success');
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-labelledby={`${upiId}-title`}
      data-testid="counter-settings"
    >
      <h2 id={`${upiId}-title`} className="text-lg font-bold">
        {t('settings.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('hours.intro')}</p>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => setDays(days.map(() => days[0]!))}>
        {t('hours.copyMonday')}
      </Button>
      <div className="grid gap-3 sm:grid-cols-2">
        {DAYS.map((day, i) => (
          <DayRow key={day} day={day} value={days[i]!} onChange={(next) => setDays(days.map((d, j) => (j === i ? next : d)))} />
        ))}
      </div>
      <fieldset className="flex flex-col gap-2" data-testid="holidays">
        <legend className="font-semibold">{t('holidays.title')}</legend>
        <p className="text-sm text-muted-foreground">{t('holidays.hint')}</p>
        <div className="flex items-end gap-2">
          <label className="flex flex-col text-sm">
            {t('holidays.date')}
            <Input type="date" value={holiday} onChange={(e) => setHoliday(e.target.value)} />
          </label>
          <Button
            variant="secondary"
            size="sm"
            disabled={!holiday || holidays.includes(holiday)}
            onClick={() => {
              setHolidays([...holidays, holiday].sort());
              setHoliday('');
            }}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('holidays.add')}
          </Button>
        </div>
        {holidays.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {holidays.map((day) => (
              <RemovableChip
                key={day}
                removeLabel={t('holidays.remove', { date: formatIndiaDate(`${day}T12:00:00+05:30`) })}
                onRemove={() => setHolidays(holidays.filter((d) => d !== day))}
              >
                {formatIndiaDate(`${day}T12:00:00+05:30`)}
              </RemovableChip>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <FormField id={upiId} label={t('upi.label')} hint={t('upi.hint')} optionalLabel={t('upi.optional')} error={error}>
        {(control) => (
          <Input
            {...control}
            value={upi}
            onChange={(e) => setUpi(e.target.value)}
            placeholder={t('upi.placeholder')}
            autoComplete="off"
          />
        )}
      </FormField>
      <Button type="submit" disabled={save.isPending} className="self-start">
        {t('settings.save')}
      </Button>
    </form>
  );
}
