import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { translateMessage } from '@/lib/translate-message';
import { cn } from '@/lib/utils';

type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/** A labelled control with an optional hint and its error (role=alert, a contract's message in the language shown), wired by ids. */
export function FormField({
  id,
  label,
  hint,
  error,
  optionalLabel,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Shown after the label of a field that may stay empty. */
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
        {optionalLabel ? <span className="ml-1 text-sm font-normal text-muted-foreground"> {optionalLabel}</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

export const invalidClass = 'aria-[invalid=true]:border-danger';

/** A text box with a fixed mark in front of it (+91, ₹) that is shown, not typed. */
export function PrefixedInput({
  prefix,
  prefixClassName,
  className,
  ...props
}: ComponentProps<'input'> & { prefix: string; prefixClassName?: string }) {
  return (
    <div className="flex items-stretch">
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex items-center rounded-l-xl border border-r-0 border-border bg-muted px-3 text-muted-foreground',
          prefixClassName,
        )}
      >
        {prefix}
      </span>
      <Input className={cn('rounded-l-none', invalidClass, className)} {...props} />
    </div>
  );
}

/** The 10-digit number with +91 shown in front (the stored form is the 10 digits). */
export function MobileInput(props: ComponentProps<'input'>) {
  return <PrefixedInput prefix="+91" type="tel" inputMode="tel" autoComplete="tel-national" {...props} />;
}

/** A large tick box with its label beside it: the whole row is the target. */
export function CheckboxField({
  id,
  label,
  description,
  error,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { id: string; label: ReactNode; description?: ReactNode; error?: string }) {
  const errorId = error ? `${id}-error` : undefined;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label
        htmlFor={id}
        className="flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
      >
        <input
          id={id}
          type="checkbox"
          aria-invalid={Boolean(error)}
          aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
          className="mt-0.5 size-6 shrink-0 accent-primary"
          {...input}
        />
        <span className="font-semibold">{label}</span>
      </label>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
