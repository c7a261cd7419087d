import { useSearchParams } from 'react-router';
import { SuccessPage } from '@/features/publishing/components/success-page';
import { PaymentResultPage } from '@/features/wallet/components/payment-result-page';

/** /success (outside the app container): `?post={id}` after publishing; `?topup={id}` after a payment. */
export function Component() {
  const [params] = useSearchParams();
  const topupId = params.get('topup');
  if (topupId) {
    const paymentId = params.get('razorpay_payment_id');
    const signature = params.get('razorpay_signature');
    const orderId = params.get('razorpay_order_id');
    const checkoutResult =
      paymentId && signature
        ? { razorpay_payment_id: paymentId, razorpay_signature: signature, ...(orderId ? { razorpay_order_id: orderId } : {}) }
        : null;
    return (
      <PaymentResultPage
        key={topupId}
        topupId={topupId}
        checkoutResult={checkoutResult}
        failed={params.get('status') === 'failed'}
      />
    );
  }
  const postId = params.get('post');
  return <SuccessPage key={postId ?? ''} postId={postId} />;
}
