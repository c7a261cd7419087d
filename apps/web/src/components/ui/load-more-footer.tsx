import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** The part of an infinite query (TanStack Query) the footer reads. */
type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type LoadMoreFooterProps = {
  query: PagedQuery;
  /** Already translated: the button, its pending text, why the next page did not come, the list's end. */
  labels: { loadMore: string; loading: string; failed: string; end: string };
  /** Before the button: the sentinel of a list that also loads on scrolling. */
  children?: ReactNode;
};

/** The foot of a list of posts: 'Load More Posts' while full pages come back, then its end. */
export function LoadMoreFooter({ query, labels, children }: LoadMoreFooterProps) {
  const loading = query.isFetchingNextPage;
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-6">
      {query.hasNextPage ? (
        <>
          {children}
          {query.isFetchNextPageError ? (
            <p role="alert" className="text-center text-danger">
              {labels.failed}
            </p>
          ) : null}
          <Button
            variant="secondary"
            size="lg"
            className="w-full max-w-xs"
            onClick={() => void query.fetchNextPage()}
            disabled={loading}
          >
            {loading ? <Spinner label={labels.loading} /> : labels.loadMore}
          </Button>
        </>
      ) : (
        <p className="text-center text-sm text-muted-foreground">{labels.end}</p>
      )}
    </div>
  );
}
