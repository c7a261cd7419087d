import { X } from 'lucide-react';
import type { ElementType, ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A chosen value (a tag, a category) with its own remove button, large enough for a thumb. */
export function RemovableChip({
  children,
  removeLabel,
  onRemove,
  as: Tag = 'li',
  className,
}: {
  children: ReactNode;
  /** What a screen reader hears for the remove button ('Remove #diwali'). */
  removeLabel: string;
  onRemove: () => void;
  as?: ElementType;
  className?: string;
}) {
  return (
    <Tag
      className={cn(
        'inline-flex min-h-9 items-center gap-1 rounded-full bg-primary-soft pl-3 font-semibold text-primary-hover',
        className,
      )}
    >
      {children}
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="inline-flex size-9 items-center justify-center rounded-full hover:bg-orange-200"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </Tag>
  );
}
