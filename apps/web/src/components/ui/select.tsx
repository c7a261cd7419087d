import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The browser's own select (the phone's native picker), styled as Input. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn('min-h-11 rounded-xl border border-border bg-surface px-3 text-base text-foreground', className)}
      {...props}
    />
  );
}
