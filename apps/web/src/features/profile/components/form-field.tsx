import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/** A labelled control with an optional hint and its error (role=alert), wired by ids. */
export function FormField({
  id,
  label,
  hint,
  error,
  optional,
  optionalLabel,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  optionalLabel?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-semibold">
        {label}
        {optional ? <span className="ml-1 text-sm font-normal text-muted-foreground">{optionalLabel}</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-28 w-full rounded-xl border border-border bg-surface px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
}
