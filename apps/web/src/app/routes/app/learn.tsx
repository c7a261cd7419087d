import { LearnPage } from '@/features/learn/components/learn-page';

/** /learn: a short guide to getting results from posts and offers. */
export function Component() {
  return <LearnPage />;
}
