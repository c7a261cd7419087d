import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A small drawing of a jar of pickle on a shelf: the same product in both photos. */
function Jar({ x, y, scale }: { x: number; y: number; scale: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <rect x={-14} y={-34} width={28} height={8} rx={2} fill="#9a3412" />
      <rect x={-18} y={-27} width={36} height={42} rx={7} fill="#f59e0b" />
      <rect x={-12} y={-14} width={24} height={14} rx={2} fill="#fff7ed" />
      <rect x={-8} y={-9} width={16} height={3} rx={1.5} fill="#c2410c" />
    </g>
  );
}

/** Two photos of the same jar: bright, plain and close; then dark, cluttered and far. */
export function PhotoComparison() {
  const { t } = useTranslation('learn');
  return (
    <div role="group" className="grid max-w-md grid-cols-2 gap-3" aria-label={t('photos.exampleLabel')}>
      <figure className="flex flex-col gap-1.5">
        <svg viewBox="0 0 120 90" className="w-full rounded-xl border border-border" aria-hidden="true" focusable="false">
          <rect width={120} height={90} fill="#fffbeb" />
          <circle cx={102} cy={16} r={9} fill="#fcd34d" />
          <rect y={66} width={120} height={24} fill="#fde68a" />
          <Jar x={60} y={58} scale={1.35} />
        </svg>
        <figcaption className="inline-flex items-center gap-1 text-sm font-semibold text-success">
          <Check className="size-4 shrink-0" aria-hidden="true" />
          {t('photos.good')}
        </figcaption>
      </figure>
      <figure className="flex flex-col gap-1.5">
        <svg viewBox="0 0 120 90" className="w-full rounded-xl border border-border" aria-hidden="true" focusable="false">
          <rect width={120} height={90} fill="#44403c" />
          <rect x={6} y={20} width={22} height={46} fill="#57534e" />
          <rect x={86} y={30} width={28} height={36} fill="#78716c" />
          <circle cx={40} cy={58} r={7} fill="#a8a29e" />
          <rect x={58} y={48} width={16} height={18} fill="#292524" />
          <rect y={66} width={120} height={24} fill="#292524" />
          <g opacity={0.6}>
            <Jar x={96} y={62} scale={0.55} />
          </g>
        </svg>
        <figcaption className="inline-flex items-center gap-1 text-sm font-semibold text-danger">
          <X className="size-4 shrink-0" aria-hidden="true" />
          {t('photos.bad')}
        </figcaption>
      </figure>
    </div>
  );
}

/** A shop owner's phone with a post on it and people nearby: the page's opening picture. */
export function PhoneHero() {
  return (
    <svg viewBox="0 0 240 120" className="h-auto w-full max-w-sm" aria-hidden="true" focusable="false">
      <circle cx={120} cy={62} r={54} fill="#ffedd5" />
      <circle cx={120} cy={62} r={36} fill="#fed7aa" />
      <rect x={96} y={14} width={48} height={92} rx={8} fill="#1c1917" />
      <rect x={100} y={22} width={40} height={76} rx={3} fill="#ffffff" />
      <rect x={104} y={27} width={32} height={22} rx={2} fill="#fdba74" />
      <rect x={104} y={53} width={26} height={4} rx={2} fill="#57534e" />
      <rect x={104} y={60} width={18} height={4} rx={2} fill="#c2410c" />
      <rect x={104} y={70} width={32} height={8} rx={3} fill="#0e7c41" />
      <rect x={104} y={82} width={14} height={4} rx={2} fill="#e7e0d8" />
      <g fill="#c2410c">
        <circle cx={44} cy={44} r={7} />
        <rect x={36} y={53} width={16} height={18} rx={7} />
        <circle cx={196} cy={40} r={7} />
        <rect x={188} y={49} width={16} height={18} rx={7} />
        <circle cx={186} cy={88} r={6} fill="#9a3412" />
        <rect x={179} y={96} width={14} height={15} rx={6} fill="#9a3412" />
        <circle cx={56} cy={92} r={6} fill="#9a3412" />
        <rect x={49} y={100} width={14} height={15} rx={6} fill="#9a3412" />
      </g>
      <g stroke="#c2410c" strokeWidth={2} strokeLinecap="round" strokeDasharray="2 5" fill="none">
        <path d="M60 58 Q78 56 94 60" />
        <path d="M146 56 Q164 50 182 52" />
        <path d="M146 84 Q160 90 174 92" />
        <path d="M94 86 Q80 94 66 96" />
      </g>
    </svg>
  );
}
