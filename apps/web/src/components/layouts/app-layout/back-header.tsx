import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The header of the signed-in pages outside the app container: a back arrow and the page's title. */
export function BackHeader({ backTo, backLabel, title }: { backTo: string; backLabel: string; title: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface pt-[env(safe-area-inset-top)]">
      <div className="mx-auto flex max-w-2xl items-center gap-2 px-2 py-1">
        <Link
          to={backTo}
          aria-label={backLabel}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-foreground hover:bg-muted"
        >
          <ArrowLeft className="size-6" aria-hidden="true" />
        </Link>
        <h1 className="min-w-0 truncate text-lg font-bold">{title}</h1>
      </div>
    </header>
  );
}
