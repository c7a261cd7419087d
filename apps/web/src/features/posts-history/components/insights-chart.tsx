import { INSIGHTS_DAYS, type Insights } from '@aaspaas/domain';
import { BarChart3, Table2 } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { dayIndexAt, labelledDayIndexes, niceAxisMax } from '../utils/chart-scale';
import { formatCount } from '@/lib/format';
import { formatDay } from '../utils/format';

// Both colours stand out 3:1 against white (WCAG 1.4.11); the WhatsApp bar is also narrower and outlined.
const VIEWS_COLOUR = '#ea580c';
const WHATSAPP_COLOUR = '#0e7c41';

type Day = Insights['days'][number];

function Legend() {
  const { t } = useTranslation('posts-history');
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-sm" style={{ background: VIEWS_COLOUR }} />
        {t('chart.views')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-block h-3 w-1.5 rounded-sm" style={{ background: WHATSAPP_COLOUR }} />
        {t('chart.whatsapp')}
      </li>
    </ul>
  );
}

/** The numbers behind the chart, for screen readers (always) and for anyone who asks to see them. */
function DataTable({ id, days, caption, shown }: { id: string; days: Day[]; caption: string; shown: boolean }) {
  const { t } = useTranslation('posts-history');
  return (
    <div id={id} className={shown ? 'max-h-80 overflow-y-auto rounded-xl border border-border' : 'sr-only'}>
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('chart.day')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('chart.views')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('chart.whatsapp')}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((d) => (
            <tr key={d.day} className="border-t border-border">
              <th scope="row" className="px-3 py-1.5 font-normal">
                {formatDay(d.day, true)}
              </th>
              <td className="px-3 py-1.5 text-right">{formatCount(d.views)}</td>
              <td className="px-3 py-1.5 text-right">{formatCount(d.whatsapp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type InsightsChartProps = {
  insights: Pick<Insights, 'days' | 'lastDays'>;
  /** What the chart is about, for its label and the table's caption ('All your posts', 'This post'). */
  label: string;
  className?: string;
};

/**
 * Views (wide bars) and WhatsApp enquiries (narrow bars in front) per day over the last 30 days, in
 * a hand-written SVG: nothing to download for a phone, no library. One tab stop: arrow keys (or a
 * tap) pick a day and its numbers are read out; the whole series is a table for screen readers,
 * which anyone can show.
 */
export function InsightsChart({ insights, label, className }: InsightsChartProps) {
  const { t } = useTranslation('posts-history');
  const { days, lastDays } = insights;
  const [selected, setSelected] = useState<number | null>(null);
  const [tableShown, setTableShown] = useState(false);
  const plot = useRef<HTMLDivElement>(null);
  const tableId = useId();
  const readoutId = useId();

  const count = days.length;
  const peak = Math.max(0, ...days.map((d) => Math.max(d.views, d.whatsapp)));
  const empty = count === 0 || peak === 0;
  const top = niceAxisMax(peak);
  const day = selected !== null ? days[selected] : undefined;

  const readout = day
    ? t('chart.dayReadout', {
        day: formatDay(day.day, true),
        views: t('counters.views', { count: day.views, formatted: formatCount(day.views) }),
        whatsapp: t('counters.whatsapp', { count: day.whatsapp, formatted: formatCount(day.whatsapp) }),
      })
    : t('chart.totalReadout', {
        days: INSIGHTS_DAYS,
        views: t('counters.views', { count: lastDays.views, formatted: formatCount(lastDays.views) }),
        whatsapp: t('counters.whatsapp', { count: lastDays.whatsapp, formatted: formatCount(lastDays.whatsapp) }),
      });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = count - 1;
    const current = selected ?? last + 1;
    const next: Record<string, number | null> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: selected === null ? last : Math.min(last, current + 1),
      Home: 0,
      End: last,
      Escape: null,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    setSelected(next[event.key] ?? null);
  }

  function onPointer(event: PointerEvent<HTMLDivElement>) {
    // A mouse shows the day it hovers; a finger the day it lands on (and slides to, sideways).
    if (event.type === 'pointermove' && event.pointerType !== 'mouse' && event.buttons === 0) return;
    const box = plot.current?.getBoundingClientRect();
    if (!box) return;
    setSelected(dayIndexAt(event.clientX - box.left, box.width, count));
  }

  return (
    <figure className={cn('flex flex-col gap-3', className)} data-testid="insights-chart">
      <figcaption className="sr-only">{label}</figcaption>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Legend />
        {empty ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((v) => !v)}
          >
            {tableShown ? <BarChart3 className="size-4" aria-hidden="true" /> : <Table2 className="size-4" aria-hidden="true" />}
            {tableShown ? t('chart.hideTable') : t('chart.showTable')}
          </Button>
        )}
      </div>

      {empty ? (
        <p className="rounded-xl bg-muted px-4 py-6 text-center text-muted-foreground" data-testid="insights-empty">
          {t('chart.empty', { days: INSIGHTS_DAYS })}
        </p>
      ) : (
        <>
          <p id={readoutId} aria-live="polite" className="min-h-6 text-sm font-semibold" data-testid="chart-readout">
            {readout}
          </p>
          <div className="grid grid-cols-[auto_1fr] gap-x-2">
            {/* Value axis: three whole numbers, drawn as HTML so a stretched SVG cannot distort them. */}
            <div
              className="flex h-36 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
              aria-hidden="true"
            >
              <span className="-translate-y-1/2">{formatCount(top)}</span>
              <span>{formatCount(top / 2)}</span>
              <span className="translate-y-1/2">0</span>
            </div>
            <div
              ref={plot}
              role="group"
              tabIndex={0}
              aria-label={t('chart.label', { label })}
              aria-describedby={readoutId}
              aria-keyshortcuts="ArrowLeft ArrowRight Home End Escape"
              onKeyDown={onKeyDown}
              onPointerDown={onPointer}
              onPointerMove={onPointer}
              onPointerLeave={(e) => e.pointerType === 'mouse' && setSelected(null)}
              onBlur={() => setSelected(null)}
              className="relative h-36 cursor-crosshair touch-pan-y rounded-sm border-b border-l border-border"
            >
              <svg
                viewBox={`0 0 ${count} ${top}`}
                preserveAspectRatio="none"
                className="absolute inset-0 size-full overflow-visible"
                aria-hidden="true"
                focusable="false"
              >
                {[0.5, 1].map((f) => (
                  <line
                    key={f}
                    x1={0}
                    x2={count}
                    y1={top * (1 - f)}
                    y2={top * (1 - f)}
                    stroke="#e7e0d8"
                    strokeDasharray="3 3"
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
                {selected !== null ? <rect x={selected} y={0} width={1} height={top} fill="#f5f0ea" /> : null}
                {days.map((d, i) => (
                  <g key={d.day} data-testid="chart-day" data-day={d.day} data-views={d.views} data-whatsapp={d.whatsapp}>
                    {d.views > 0 ? (
                      <rect x={i + 0.12} y={top - d.views} width={0.76} height={d.views} fill={VIEWS_COLOUR} />
                    ) : null}
                    {d.whatsapp > 0 ? (
                      <rect
                        x={i + 0.32}
                        y={top - d.whatsapp}
                        width={0.36}
                        height={d.whatsapp}
                        fill={WHATSAPP_COLOUR}
                        stroke="#ffffff"
                        strokeWidth={1}
                        vectorEffect="non-scaling-stroke"
                      />
                    ) : null}
                  </g>
                ))}
              </svg>
            </div>
            <span aria-hidden="true" />
            {/* Day axis: a label every week back from today, the edge ones kept inside the box. */}
            <div className="relative h-5 text-xs text-muted-foreground" aria-hidden="true">
              {labelledDayIndexes(count).map((i) => {
                const d = days[i]!;
                const shift = i === count - 1 ? '-100%' : i === 0 ? '0' : '-50%';
                const left = i === count - 1 ? 100 : i === 0 ? 0 : ((i + 0.5) / count) * 100;
                return (
                  <span
                    key={d.day}
                    className="absolute top-1 whitespace-nowrap"
                    style={{ left: `${left}%`, transform: `translateX(${shift})` }}
                  >
                    {formatDay(d.day)}
                  </span>
                );
              })}
            </div>
          </div>
          <DataTable id={tableId} days={days} caption={t('chart.tableCaption', { label })} shown={tableShown} />
        </>
      )}
    </figure>
  );
}
