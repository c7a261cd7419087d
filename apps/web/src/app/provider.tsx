import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { PageLoading } from '@/components/layouts/splash';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { createQueryClient } from '@/lib/query-client';

/**
 * App-wide providers: error boundary, TanStack Query (docs/product.md §9 cache), toasts (one at a time), and
 * the boundary that waits while a page's translations (a lazy i18n namespace) arrive.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
        <LazyToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
