import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

type LoadMoreFooterProps = {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  /** Already translated: the button, its pending text, why the next page did not come, the list's end. */
  labels: { loadMore: string; loading: string; failed: string; end: string };
  /** Before the button: the sentinel of a list that also loads on scrolling. */
  children?: ReactNode;
};

/** The foot of a list of posts: 'Load More Posts' while full pages come back, then its end. */
export function LoadMoreFooter({ hasMore, loading, failed, onLoadMore, labels, children }: LoadMoreFooterProps) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-6">
      {hasMore ? (
        <>
          {children}
          {failed ? (
            <p role="alert" className="text-center text-danger">
              {labels.failed}
            </p>
          ) : null}
          <Button variant="secondary" size="lg" className="w-full max-w-xs" onClick={onLoadMore} disabled={loading}>
            {loading ? <Spinner label={labels.loading} /> : labels.loadMore}
          </Button>
        </>
      ) : (
        <p className="text-center text-sm text-muted-foreground">{labels.end}</p>
      )}
    </div>
  );
}
