import { PRODUCT_NAME, type SmsCampaign, type WhatsAppTemplate } from '@aaspaas/domain';
import { ArrowLeft, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { notify } from '@/lib/notify';
import { type CampaignAction, useCampaignAction } from '../api/campaign-action';
import { useCampaigns } from '../api/get-campaigns';
import { useDltSetup } from '../api/get-dlt-setup';
import { CampaignCard } from './campaign-card';
import { DltSetupSection } from './dlt-setup-section';
import { CampaignWizard } from './wizard/campaign-wizard';

const VIEWS = ['campaigns', 'setup'] as const;
type View = (typeof VIEWS)[number];

function CampaignList({ onNew, canCreate }: { onNew: () => void; canCreate: boolean }) {
  const { t } = useTranslation('sms');
  const campaigns = useCampaigns();
  const action = useCampaignAction();
  const [asked, setAsked] = useState<{ campaign: SmsCampaign; action: CampaignAction } | null>(null);
  const list = campaigns.data?.pages.flatMap((p) => p.campaigns) ?? [];
  const run = (campaign: SmsCampaign, act: CampaignAction) =>
    action.mutate(
      { id: campaign.id, action: act },
      {
        onSuccess: () => {
          setAsked(null);
          void notify(t(`campaigns.done.${act}`, { name: campaign.name }), 'success');
        },
        onError: (error) => {
          if (!asked) void notify(error.message, 'error');
        },
      },
    );

  if (campaigns.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <span className="sr-only">{t('campaigns.loading')}</span>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (campaigns.isError && list.length === 0) {
    return (
      <ErrorCard
        title={t('campaigns.failed')}
        message={campaigns.error.message}
        onRetry={() => void campaigns.refetch()}
        retrying={campaigns.isFetching}
        retryLabel={t('retry')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {list.length === 0 ? (
        <div className="rounded-2xl border border-border bg-surface p-5 text-center" data-testid="campaigns-empty">
          <p className="font-semibold">{t('campaigns.empty')}</p>
          <p className="mt-1 text-muted-foreground">{canCreate ? t('campaigns.emptyHint') : t('campaigns.needSetup')}</p>
          {canCreate ? (
            <Button size="lg" className="mt-4" onClick={onNew}>
              <Plus className="size-5" aria-hidden="true" />
              {t('campaigns.new')}
            </Button>
          ) : null}
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('campaigns.listLabel')}>
          {list.map((c) => (
            <CampaignCard
              key={c.id}
              campaign={c}
              onAction={(act) => (act === 'resume' ? run(c, act) : setAsked({ campaign: c, action: act }))}
            />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(campaigns.hasNextPage)}
        loading={campaigns.isFetchingNextPage}
        failed={campaigns.isFetchNextPageError}
        onLoadMore={() => void campaigns.fetchNextPage()}
        labels={{ loadMore: t('loadMore'), loading: t('loadingMore'), failed: t('moreFailed') }}
      />
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAsked(null);
            action.reset();
          }
        }}
        title={asked ? t(`campaigns.confirm.${asked.action}.title`, { name: asked.campaign.name }) : ''}
        description={asked ? t(`campaigns.confirm.${asked.action}.body`) : ''}
        confirmLabel={asked ? t(`campaigns.actions.${asked.action}`) : ''}
        cancelLabel={t('campaigns.confirm.keep')}
        tone={asked?.action === 'cancel' ? 'danger' : 'primary'}
        pending={action.isPending}
        error={action.isError ? action.error.message : null}
        onConfirm={() => asked && run(asked.campaign, asked.action)}
      />
    </div>
  );
}

/**
 * /campaigns: the business's SMS campaigns with live progress, the new-campaign wizard, and the DLT set-up they need.
 * `otherChannels`: the set-up of the other channels (WhatsApp), composed by the route, below the DLT set-up.
 */
export function CampaignsPage({
  otherChannels,
  whatsappTemplates = [],
}: { otherChannels?: ReactNode; whatsappTemplates?: WhatsAppTemplate[] } = {}) {
  const { t } = useTranslation('sms');
  useDocumentTitle(`${t('campaigns.title')} · ${PRODUCT_NAME}`);
  const [params, setParams] = useSearchParams();
  const setup = useDltSetup();
  const templates = setup.data?.templates ?? [];
  const ready = Boolean(setup.data?.entityId) && templates.length > 0;
  const view: View = params.get('view') === 'setup' ? 'setup' : 'campaigns';
  const creating = params.get('new') === '1' && ready;
  const go = (next: Record<string, string>) => setParams(next);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-5" data-testid="campaigns-page">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={paths.app.root.getHref()} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label={t('back')}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="flex-1 text-2xl font-bold">{creating ? t('wizard.title') : t('campaigns.title')}</h1>
        {!creating && view === 'campaigns' && ready ? (
          <Button className="w-full sm:w-auto" onClick={() => go({ new: '1' })}>
            <Plus className="size-5" aria-hidden="true" />
            {t('campaigns.new')}
          </Button>
        ) : null}
      </div>
      {creating ? (
        <CampaignWizard templates={templates} whatsappTemplates={whatsappTemplates} onDone={() => go({})} />
      ) : (
        <Tabs value={view} onValueChange={(v) => go(v === 'setup' ? { view: 'setup' } : {})}>
          <TabsList aria-label={t('campaigns.viewsLabel')}>
            {VIEWS.map((v) => (
              <TabsTrigger key={v} value={v}>
                {t(`campaigns.views.${v}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="campaigns">
            {setup.data && !ready ? (
              <div className="mb-4 rounded-2xl bg-primary-soft p-4" data-testid="setup-needed">
                <p className="font-semibold">{t('campaigns.setupNeeded')}</p>
                <Button variant="primary" className="mt-2" onClick={() => go({ view: 'setup' })}>
                  {t('campaigns.toSetup')}
                </Button>
              </div>
            ) : null}
            <CampaignList onNew={() => go({ new: '1' })} canCreate={ready} />
          </TabsContent>
          <TabsContent value="setup">
            <DltSetupSection />
            {otherChannels ? <div className="mt-6">{otherChannels}</div> : null}
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
