import { useId, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { translateMessage } from '@/lib/translate-message';

type Props = ComponentProps<typeof Input> & { label: string; error?: string };

/** A labelled input whose error (a contract's message, in the language shown) is announced (role=alert) and tied to it (aria-describedby). */
export function FormField({ label, error, id, ...inputProps }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-semibold text-foreground">
        {label}
      </label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={error ? 'border-danger' : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
