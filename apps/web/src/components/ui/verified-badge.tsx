import { BadgeCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * The mark of a business the admin verified: a check and a short word, one image for screen readers
 * named by `label` ('Verified business'). Small enough to sit after a name on a 360 px screen.
 */
export function VerifiedBadge({ text, label, className }: { text: string; label: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="verified-badge"
      className={cn(
        'ml-1.5 inline-flex items-center gap-0.5 rounded-full bg-success-soft px-1.5 align-middle text-xs font-semibold whitespace-nowrap text-success',
        className,
      )}
    >
      <BadgeCheck className="size-3.5 shrink-0" aria-hidden="true" />
      {text}
    </span>
  );
}
