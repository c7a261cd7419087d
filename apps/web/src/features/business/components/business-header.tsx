import { displayIndianPhone, whatsappNumber, type BusinessProfile } from '@aaspaas/domain';
import { MapPin, MessageCircle, Phone, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { BusinessAbout } from '@/components/ui/business-about';
import { buttonVariants } from '@/components/ui/button';
import { OpenStatus } from '@/components/ui/open-status';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { notify } from '@/lib/notify';
import { BusinessAvatar } from './business-avatar';

function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * The business's public profile (docs/product.md §2 business info, §3): photo or initials, name, city/state,
 * call and WhatsApp buttons, phone with +91, address, 'About my Business', 'Business Categories';
 * 'No details available.' when the business has filled in none of them.
 */
export function BusinessHeader({ profile }: { profile: BusinessProfile }) {
  const { t } = useTranslation('business');
  const { t: tFeed } = useTranslation('feed');
  const name = profile.businessName.trim() || '—';
  const phone = displayIndianPhone(profile.businessPhone);
  const tel = phone ? `+${phone.replace(/\D/g, '')}` : null;
  const wa = whatsappNumber(profile.businessPhone);
  const address = clean(profile.businessAddress);
  const details = clean(profile.businessDetails);
  const categories = [...new Set(profile.businessCategories.map((c) => c.trim()).filter(Boolean))];
  const place = [clean(profile.city), clean(profile.state)].filter(Boolean).join(', ');
  const empty = !phone && !address && !details && categories.length === 0;
  const waHref = wa ? `https://wa.me/${wa}?text=${encodeURIComponent(t('whatsappGreeting', { name }))}` : null;

  return (
    <section
      aria-labelledby="business-name"
      data-testid="business-header"
      className="border-border bg-surface px-4 py-5 sm:rounded-2xl sm:border"
    >
      <div className="flex items-center gap-4">
        <BusinessAvatar name={name} imageUrl={profile.profileImageUrl} unavailableText={tFeed('post.imageUnavailable')} />
        <div className="min-w-0 flex-1">
          <h1 id="business-name" className="text-2xl leading-tight font-extrabold break-words">
            {name}
            {profile.verified ? (
              <VerifiedBadge text={t('verifiedShort')} label={t('verified')} className="px-2 py-0.5 text-sm" />
            ) : null}
          </h1>
          {profile.featured ? (
            <Badge variant="primary" className="mt-1">
              <Star className="size-3.5" aria-hidden="true" />
              {t('featured')}
            </Badge>
          ) : null}
          {place ? (
            <p className="mt-1 flex items-center gap-1 text-muted-foreground">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('location')}: </span>
              <span className="break-words">{place}</span>
            </p>
          ) : null}
          <p className="mt-0.5 text-sm text-muted-foreground">{t('postCount', { count: profile.postCount })}</p>
          <OpenStatus openNow={profile.openNow} changesAt={profile.openChangesAt} className="mt-1" />
        </div>
      </div>

      <div className="mt-5 grid grid-cols-2 gap-2">
        {tel ? (
          <a
            href={`tel:${tel}`}
            aria-label={t('callLabel', { name, phone })}
            className={buttonVariants({ size: 'lg' })}
            data-testid="business-call"
          >
            <Phone className="size-5" aria-hidden="true" />
            {t('call')}
          </a>
        ) : null}
        {waHref ? (
          <a
            href={waHref}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('whatsappLabel', { name })}
            data-testid="business-whatsapp"
            className={buttonVariants({ variant: 'whatsapp', size: 'lg', className: tel ? undefined : 'col-span-2' })}
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            {t('whatsapp')}
          </a>
        ) : (
          <button
            type="button"
            aria-label={t('whatsappLabel', { name })}
            data-testid="business-whatsapp"
            onClick={() => void notify(t('noWhatsapp'), 'info')}
            className={buttonVariants({ variant: 'whatsapp', size: 'lg', className: tel ? undefined : 'col-span-2' })}
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            {t('whatsapp')}
          </button>
        )}
      </div>

      <div className="mt-5 space-y-5 text-base">
        {phone || address ? (
          <dl className="space-y-3">
            {phone && tel ? (
              <div className="flex items-center gap-3">
                <dt>
                  <Phone className="size-5 text-muted-foreground" aria-hidden="true" />
                  <span className="sr-only">{t('phone')}</span>
                </dt>
                <dd>
                  <a
                    href={`tel:${tel}`}
                    className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {phone}
                  </a>
                </dd>
              </div>
            ) : null}
            {address ? (
              <div className="flex items-start gap-3">
                <dt className="pt-0.5">
                  <MapPin className="size-5 text-muted-foreground" aria-hidden="true" />
                  <span className="sr-only">{t('address')}</span>
                </dt>
                <dd className="break-words whitespace-pre-line">{address}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <BusinessAbout
          details={details}
          categories={categories}
          labels={{ about: t('about'), categories: t('categories') }}
          heading="h2"
        />
        {empty ? <p className="text-muted-foreground">{t('empty')}</p> : null}
      </div>
    </section>
  );
}
