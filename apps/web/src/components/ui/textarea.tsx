import type { ComponentProps } from 'react';
import { invalidClass } from '@/components/ui/form-field';
import { cn } from '@/lib/utils';

/** A text box of several lines, styled as Input; red-edged while aria-invalid. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-24 w-full rounded-xl border border-border bg-surface px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring',
        invalidClass,
        className,
      )}
      {...props}
    />
  );
}
