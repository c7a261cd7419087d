import { displayIndianPhone, type BusinessProfile } from '@aaspaas/domain';
import { ChevronRight, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BusinessAbout } from '@/components/ui/business-about';
import { buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { SmartImage } from '@/components/ui/smart-image';
import { paths } from '@/config/paths';
import { useBusinessProfile } from '@/lib/api/get-business-profile';

type Fallback = Pick<BusinessProfile, 'businessName' | 'profileImageUrl' | 'businessPhone'>;

/**
 * Business info popup (docs/product.md §2): profile image, phone shown with +91, address, 'About my Business',
 * 'Business Categories'; 'No details available.' when there is nothing; a link to the business page.
 */
export default function BusinessInfoDialog({
  userId,
  fallback,
  onClose,
  restoreFocus,
}: {
  userId: string;
  fallback: Fallback;
  onClose: () => void;
  /** Puts the focus back on the avatar or name that opened the popup, when it closes. */
  restoreFocus?: () => void;
}) {
  const { t } = useTranslation('dialogs');
  const { t: tFeed } = useTranslation('feed');
  const { data, isPending, isError } = useBusinessProfile(userId);
  const profile = data ?? null;
  const name = profile?.businessName ?? fallback.businessName;
  const image = profile?.profileImageUrl ?? fallback.profileImageUrl;
  const phone = displayIndianPhone(profile?.businessPhone ?? fallback.businessPhone);
  const address = profile?.businessAddress?.trim() || null;
  const details = profile?.businessDetails?.trim() || null;
  const categories = profile?.businessCategories.filter((c) => c.trim()) ?? [];
  const empty = !isPending && !phone && !address && !details && categories.length === 0;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        placement="sheet"
        aria-describedby={undefined}
        data-testid="business-info"
        // Radix returns focus to a Dialog.Trigger; this popup is opened by the card, not a trigger.
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          restoreFocus?.();
        }}
      >
        <DialogHeader className="flex-row items-center gap-3">
          {image ? (
            <SmartImage
              src={image}
              alt={t('businessInfo.profileAlt', { name })}
              unavailableText={tFeed('post.imageUnavailable')}
              responsive={false}
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-full bg-muted object-cover"
              fallbackClassName="size-16 shrink-0 rounded-full bg-muted text-xs text-muted-foreground"
            />
          ) : null}
          <DialogTitle className="text-xl break-words">
            {name}
            {profile?.verified ? <VerifiedBadge text={tFeed('post.verified')} label={tFeed('post.verifiedLabel')} /> : null}
          </DialogTitle>
        </DialogHeader>

        {isPending ? (
          <div className="space-y-3" aria-hidden="true">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <div className="space-y-4 text-base">
            {isError && !profile ? (
              <DialogDescription className="text-danger">{t('businessInfo.loadFailed')}</DialogDescription>
            ) : null}
            {phone ? (
              <p className="flex items-center gap-3">
                <Phone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">{t('businessInfo.phone')}: </span>
                <a
                  href={`tel:${phone.replace(/\s/g, '')}`}
                  className="min-h-11 content-center font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {phone}
                </a>
              </p>
            ) : null}
            {address ? (
              <p className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">{t('businessInfo.address')}: </span>
                <span className="break-words">{address}</span>
              </p>
            ) : null}
            <BusinessAbout
              details={details}
              categories={categories}
              labels={{ about: t('businessInfo.about'), categories: t('businessInfo.categories') }}
              heading="h3"
            />
            {empty ? <p className="text-muted-foreground">{t('businessInfo.empty')}</p> : null}
          </div>
        )}

        <Link
          to={paths.business.getHref(userId)}
          className={buttonVariants({ variant: 'secondary', size: 'lg', className: 'mt-5 w-full justify-between' })}
        >
          {t('businessInfo.openPage')}
          <ChevronRight className="size-5" aria-hidden="true" />
        </Link>
      </DialogContent>
    </Dialog>
  );
}
