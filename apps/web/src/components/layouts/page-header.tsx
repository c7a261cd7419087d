import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A screen's heading: its way back above it (when it has one), its title, and a line saying what it is for. */
export function PageHeader({
  title,
  intro,
  back,
  children,
}: {
  title: string;
  intro?: string;
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-1">
      {back ? (
        <Link
          to={back.to}
          className="-ml-2 inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-2 font-semibold text-primary hover:bg-muted"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl leading-tight font-extrabold break-words">{title}</h1>
        {children}
      </div>
      {intro ? <p className="text-muted-foreground">{intro}</p> : null}
    </header>
  );
}
