import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { DLT_CATEGORIES, type DltHeader, type DltTemplate } from '@aaspaas/domain';
import { useDltSetup } from '../api/get-dlt-setup';
import { type DltChange, useSaveDlt } from '../api/save-dlt';
import { validateEntity, validateHeader, validateTemplate } from '../utils/dlt-validation';
import { HeaderForm, type HeaderFormErrors } from './header-form';
import { TemplateForm, type TemplateFormErrors } from './template-form';

type Removal = { kind: 'removeHeader'; item: DltHeader } | { kind: 'removeTemplate'; item: DltTemplate };

/** The server's 400 on one field goes under that field; anything else on top of the form. */
function errorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!(error instanceof Error)) return {};
  if (error instanceof ApiError && error.field && fields.includes(error.field)) return { [error.field]: error.message };
  return { form: error.message };
}

/**
 * DLT set-up: the principal entity ID, the headers and the content templates the business registered
 * on an operator's DLT portal, entered once here so every campaign goes out with them.
 */
export function DltSetupSection() {
  const { t } = useTranslation('sms');
  const id = useId();
  const setup = useDltSetup();
  const save = useSaveDlt();
  const [entityDraft, setEntityDraft] = useState<string | null>(null);
  const [entityError, setEntityError] = useState<string | undefined>();
  const [headerErrors, setHeaderErrors] = useState<HeaderFormErrors>({});
  const [headerFormKey, setHeaderFormKey] = useState(0);
  const [templateErrors, setTemplateErrors] = useState<TemplateFormErrors>({});
  const [addingTemplate, setAddingTemplate] = useState(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [pendingKind, setPendingKind] = useState<DltChange['kind'] | null>(null);

  const run = (change: DltChange, onDone: () => void, onFail: (error: unknown) => void) => {
    setPendingKind(change.kind);
    save.mutate(change, {
      onSuccess: () => {
        onDone();
        void notify(t(`dlt.saved.${change.kind}`), 'success');
      },
      onError: onFail,
      onSettled: () => setPendingKind(null),
    });
  };

  if (setup.isPending) {
    return (
      <div className="flex flex-col gap-3" data-testid="dlt-loading">
        <span className="sr-only">{t('dlt.loading')}</span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (setup.isError) {
    return (
      <ErrorCard
        title={t('dlt.failed')}
        message={setup.error.message}
        onRetry={() => void setup.refetch()}
        retrying={setup.isFetching}
        retryLabel={t('retry')}
      />
    );
  }
  const { entityId, headers, templates } = setup.data;
  const entityValue = entityDraft ?? entityId ?? '';

  return (
    <div className="flex flex-col gap-5" data-testid="dlt-setup">
      <p className="text-muted-foreground">{t('dlt.intro')}</p>

      <section aria-labelledby={`${id}-entity`} className="rounded-2xl border border-border bg-surface p-4">
        <h2 id={`${id}-entity`} className="text-lg font-bold">
          {t('dlt.entity.title')}
        </h2>
        <form
          noValidate
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            const invalid = validateEntity(entityValue.trim()).entityId;
            setEntityError(invalid);
            if (invalid) return;
            run(
              { kind: 'entity', entityId: entityValue.trim() },
              () => setEntityDraft(null),
              (error) => setEntityError((error as Error).message),
            );
          }}
        >
          <FormField
            id={`${id}-entity-id`}
            label={t('dlt.entity.label')}
            hint={t('dlt.entity.hint')}
            error={entityError}
            className="flex-1"
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={entityValue}
                onChange={(e) => setEntityDraft(e.target.value)}
                className={invalidClass}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" className="sm:mt-7" disabled={pendingKind === 'entity'}>
            {pendingKind === 'entity' ? <Spinner className="size-5" /> : null}
            {t('dlt.entity.save')}
          </Button>
        </form>
      </section>

      <section aria-labelledby={`${id}-headers`} className="rounded-2xl border border-border bg-surface p-4">
        <h2 id={`${id}-headers`} className="text-lg font-bold">
          {t('dlt.headers.title')}
        </h2>
        {headers.length === 0 ? (
          <p className="mt-2 text-muted-foreground">{t('dlt.headers.empty')}</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-border" data-testid="dlt-headers">
            {headers.map((h) => (
              <li key={h.id} className="flex items-center gap-3 py-2">
                <span className="font-mono text-lg font-bold">{h.header}</span>
                <span className="flex-1 text-sm text-muted-foreground">{t(`dlt.headerTypes.${h.category}`)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('dlt.headers.remove', { header: h.header })}
                  onClick={() => setRemoval({ kind: 'removeHeader', item: h })}
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3">
          <HeaderForm
            key={headerFormKey}
            categories={DLT_CATEGORIES}
            pending={pendingKind === 'addHeader'}
            errors={headerErrors}
            onSubmit={(body) => {
              const invalid = validateHeader(body);
              setHeaderErrors(invalid);
              if (Object.keys(invalid).length > 0) return;
              run(
                { kind: 'addHeader', body },
                () => setHeaderFormKey((k) => k + 1),
                (error) => setHeaderErrors(errorsOf(error, ['header', 'category'])),
              );
            }}
          />
        </div>
      </section>

      <section aria-labelledby={`${id}-templates`} className="rounded-2xl border border-border bg-surface p-4">
        <h2 id={`${id}-templates`} className="text-lg font-bold">
          {t('dlt.templates.title')}
        </h2>
        {templates.length === 0 ? (
          <p className="mt-2 text-muted-foreground">{t('dlt.templates.empty')}</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-border" data-testid="dlt-templates">
            {templates.map((tpl) => (
              <li key={tpl.id} className="flex items-start gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{tpl.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {t(`dlt.categories.${tpl.category}`)} · {tpl.header} · {t('dlt.templates.idShort', { id: tpl.dltTemplateId })}
                  </p>
                  <p className="mt-1 rounded-lg bg-muted p-2 text-sm break-words whitespace-pre-wrap">{tpl.text}</p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('dlt.templates.remove', { name: tpl.name })}
                  onClick={() => setRemoval({ kind: 'removeTemplate', item: tpl })}
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3">
          {addingTemplate ? (
            headers.length === 0 ? (
              <p role="alert" className="text-danger">
                {t('dlt.templates.needHeader')}
              </p>
            ) : (
              <TemplateForm
                headers={headers.map((h) => ({ id: h.id, label: `${h.header} · ${t(`dlt.headerTypes.${h.category}`)}` }))}
                categories={DLT_CATEGORIES}
                pending={pendingKind === 'addTemplate'}
                errors={templateErrors}
                onCancel={() => {
                  setAddingTemplate(false);
                  setTemplateErrors({});
                }}
                onSubmit={(values) => {
                  const invalid = validateTemplate(values, headers);
                  setTemplateErrors(invalid);
                  if (Object.keys(invalid).length > 0) return;
                  run(
                    { kind: 'addTemplate', body: values },
                    () => setAddingTemplate(false),
                    (error) =>
                      setTemplateErrors(errorsOf(error, ['name', 'headerId', 'category', 'text', 'dltTemplateId'] as const)),
                  );
                }}
              />
            )
          ) : (
            <Button variant="secondary" size="lg" onClick={() => setAddingTemplate(true)}>
              <Plus className="size-5" aria-hidden="true" />
              {t('dlt.templates.add')}
            </Button>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={removal !== null}
        onOpenChange={(open) => !open && setRemoval(null)}
        title={removal?.kind === 'removeHeader' ? t('dlt.headers.removeTitle') : t('dlt.templates.removeTitle')}
        description={
          removal?.kind === 'removeHeader'
            ? t('dlt.headers.removeBody', { header: removal.item.header })
            : removal
              ? t('dlt.templates.removeBody', { name: removal.item.name })
              : ''
        }
        confirmLabel={t('dlt.remove')}
        cancelLabel={t('cancel')}
        tone="danger"
        pending={pendingKind === 'removeHeader' || pendingKind === 'removeTemplate'}
        error={save.isError && pendingKind === null && removal ? save.error.message : null}
        onConfirm={() => {
          if (!removal) return;
          run(
            { kind: removal.kind, id: removal.item.id },
            () => setRemoval(null),
            () => undefined,
          );
        }}
      />
    </div>
  );
}
