import { formatRupees, PRODUCT_NAME, type VerifyTopup } from '@aaspaas/domain';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useDownloadReceipt } from '../api/download-receipt';
import { useTopup } from '../api/get-topup';
import { useVerifyTopup } from '../api/verify-topup';

/**
 * /success?topup={id}: a payment's outcome. With Checkout's result in the URL it is verified first
 * (the server asks Razorpay what was captured); a pending one is asked about again until Razorpay confirms.
 */
export function PaymentResultPage({
  topupId,
  checkoutResult,
  failed,
}: {
  topupId: string;
  checkoutResult: VerifyTopup | null;
  failed: boolean;
}) {
  const { t } = useTranslation('wallet');
  useDocumentTitle(`${t('result.title')} · ${PRODUCT_NAME}`);
  const verify = useVerifyTopup();
  const asked = useRef(false);
  useEffect(() => {
    if (!checkoutResult || asked.current) return;
    asked.current = true;
    verify.mutate({ topupId, result: checkoutResult });
  }, [checkoutResult, topupId, verify]);
  const verifying = checkoutResult !== null && !verify.isSuccess && !verify.isError;
  const topup = useTopup(topupId, !verifying);
  const receipt = useDownloadReceipt();
  const state = verify.data ?? topup.data;

  let body;
  if (verifying || (!state && topup.isPending)) {
    body = (
      <div className="flex flex-col items-center gap-3" role="status">
        <Spinner className="size-10" />
        <p>{t('result.confirming')}</p>
      </div>
    );
  } else if (state?.status === 'paid' || state?.status === 'refunded') {
    body = (
      <>
        <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">{t('result.paidTitle')}</h1>
        <p className="mt-2" data-testid="payment-result">
          {t('result.paidBody', { amount: formatRupees(state.creditedPaise ?? state.amountPaise) })}
        </p>
        {state.receiptNumber ? (
          <p className="mt-1 text-muted-foreground">{t('result.receipt', { number: state.receiptNumber })}</p>
        ) : null}
        {state.receiptNumber ? (
          <Button variant="secondary" className="mt-4" disabled={receipt.isPending} onClick={() => receipt.mutate(state.id)}>
            {t('result.downloadReceipt')}
          </Button>
        ) : null}
      </>
    );
  } else if (state?.status === 'failed' || (failed && !state)) {
    body = (
      <>
        <XCircle className="mx-auto size-14 text-danger" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">{t('result.failedTitle')}</h1>
        <p className="mt-2" data-testid="payment-result">
          {t('result.failedBody')}
        </p>
      </>
    );
  } else if (state?.status === 'created') {
    body = (
      <>
        <Clock className="mx-auto size-14 text-primary" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">{t('result.pendingTitle')}</h1>
        <p className="mt-2" data-testid="payment-result">
          {t('result.pendingBody')}
        </p>
      </>
    );
  } else {
    body = (
      <div role="alert">
        <h1 className="text-2xl font-bold">{t('result.unknownTitle')}</h1>
        <p className="mt-2">{verify.error?.message ?? t('result.unknownBody')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void topup.refetch()}>
          {t('result.retry')}
        </Button>
      </div>
    );
  }

  return (
    <section className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center px-4 py-10 text-center" aria-live="polite">
      {body}
      <Link to={paths.app.wallet.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-8' })} data-testid="to-wallet">
        {t('result.toWallet')}
      </Link>
    </section>
  );
}
