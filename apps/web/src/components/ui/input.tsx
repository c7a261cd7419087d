import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring',
        className,
      )}
      {...props}
    />
  );
}
