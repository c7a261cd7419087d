import { useSearchParams } from 'react-router';
import { SuccessPage } from '@/features/publishing/components/success-page';

/** /success?post={id} (outside the app container): after publishing. */
export function Component() {
  const [params] = useSearchParams();
  const postId = params.get('post');
  return <SuccessPage key={postId ?? ''} postId={postId} />;
}
