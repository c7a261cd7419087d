import { Button } from './button';
import { Spinner } from './spinner';

type LoadMoreProps = {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  /** Already translated: the button, its pending text, and what to do when a page failed. */
  labels: { loadMore: string; loading: string; failed: string };
};

/** The end of a paged list: why the next page did not come, and the button that asks for it. */
export function LoadMore({ hasMore, loading, failed, onLoadMore, labels }: LoadMoreProps) {
  return (
    <>
      {failed ? (
        <p role="alert" className="text-center font-semibold text-danger">
          {labels.failed}
        </p>
      ) : null}
      {hasMore ? (
        <Button variant="secondary" size="lg" className="self-center" disabled={loading} onClick={onLoadMore}>
          {loading ? <Spinner className="size-5" /> : null}
          {loading ? labels.loading : labels.loadMore}
        </Button>
      ) : null}
    </>
  );
}
