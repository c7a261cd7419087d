import type { AdminStats } from '@aaspaas/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const whole = new Intl.NumberFormat('en-IN');
const CHANNELS = ['sms', 'whatsapp'] as const;
const OUTCOMES = ['sent', 'delivered', 'failed'] as const;

/** Platform-wide messaging over the dashboard's last 7 days (ADR 050): SMS beside WhatsApp, and the WhatsApp side's reach. */
export function MessagingStats({ messaging }: { messaging: AdminStats['messaging'] }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-4"
      data-testid="messaging-stats"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {t('dashboard.messaging.title')}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">{t('dashboard.messaging.connected')}</dt>
          <dd className="text-2xl font-extrabold tabular-nums" data-testid="messaging-connected">
            {whole.format(messaging.whatsappConnected)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">{t('dashboard.messaging.inbound')}</dt>
          <dd className="text-2xl font-extrabold tabular-nums" data-testid="messaging-inbound">
            {whole.format(messaging.whatsappInbound)}
          </dd>
        </div>
      </dl>
      <table className="mt-3 w-full text-left">
        <caption className="sr-only">{t('dashboard.messaging.caption')}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-1.5 pr-2">
              {t('dashboard.messaging.channel')}
            </th>
            {OUTCOMES.map((o) => (
              <th key={o} scope="col" className="px-2 py-1.5 text-right">
                {t(`dashboard.messaging.${o}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {CHANNELS.map((c) => (
            <tr key={c} className="border-b border-border last:border-0" data-testid={`messaging-${c}`}>
              <th scope="row" className="py-1.5 pr-2 font-semibold">
                {t(`dashboard.messaging.channels.${c}`)}
              </th>
              {OUTCOMES.map((o) => (
                <td key={o} className="px-2 py-1.5 text-right tabular-nums">
                  {whole.format(messaging[c][o])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
