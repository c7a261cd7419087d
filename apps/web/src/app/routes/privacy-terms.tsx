import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { SitePageView } from '@/features/pages/components/site-page-view';

/** /privacy-terms: the stored Privacy Policy (as on /privacyterms), leading back to /settings. */
export function Component() {
  const { t } = useTranslation('profile');
  return <SitePageView slug="privacy" back={{ to: paths.account.settings.getHref(), label: t('settings.backToSettings') }} />;
}
