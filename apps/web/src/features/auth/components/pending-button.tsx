import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A button that, while its request is pending, shows a spinner and the pending text (docs/product.md §4). */
export function PendingButton({
  pending,
  pendingText,
  children,
  disabled,
  ...props
}: ButtonProps & { pending: boolean; pendingText: string }) {
  return (
    <Button disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <>
          <Spinner />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
