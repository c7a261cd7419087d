import { WhatsAppConnectionInputSchema, type WhatsAppConnectionInput, type WhatsAppTemplate } from '@aaspaas/domain';
import { RefreshCw } from 'lucide-react';
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
import { useWhatsAppSetup } from '../api/get-whatsapp-setup';
import { type WhatsAppChange, useSaveWhatsApp } from '../api/save-whatsapp';

const FIELDS = ['phoneNumberId', 'wabaId', 'accessToken'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field | 'form', string>>;
const EMPTY: WhatsAppConnectionInput = { phoneNumberId: '', wabaId: '', accessToken: '' };

/** The contract's messages per field, checked before anything is sent. */
function validate(input: WhatsAppConnectionInput): Errors {
  const parsed = WhatsAppConnectionInputSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

function TemplateRow({ template }: { template: WhatsAppTemplate }) {
  const { t } = useTranslation('whatsapp');
  const approved = template.status === 'APPROVED';
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-bold">{template.name}</span>
        <span className="rounded-full bg-muted px-2 text-sm">{template.language}</span>
        <span className="text-sm text-muted-foreground">{t(`setup.categories.${template.category}`)}</span>
        <span className={approved ? 'text-sm font-semibold text-success' : 'text-sm font-semibold text-muted-foreground'}>
          {approved ? t('setup.approved') : t('setup.notApproved', { status: template.status })}
        </span>
      </div>
      <p className="whitespace-pre-wrap text-muted-foreground">{template.body}</p>
    </li>
  );
}

/**
 * WhatsApp in Campaigns → Sender set-up (ADR 050): the business's number on the Cloud API (phone number
 * ID, WhatsApp Business Account ID, access token), checked by the server and kept encrypted, and its
 * approved templates.
 */
export function WhatsAppSetupSection() {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const setup = useWhatsAppSetup();
  const save = useSaveWhatsApp();
  const [form, setForm] = useState<WhatsAppConnectionInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [editing, setEditing] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const [pending, setPending] = useState<WhatsAppChange['kind'] | null>(null);

  const run = (change: WhatsAppChange, onDone: () => void, onFail: (error: unknown) => void = () => undefined) => {
    setPending(change.kind);
    save.mutate(change, {
      onSuccess: () => {
        onDone();
        void notify(t(`setup.saved.${change.kind}`), 'success');
      },
      onError: (error) => {
        onFail(error);
        if (change.kind !== 'connect') void notify((error as Error).message, 'error');
      },
      onSettled: () => setPending(null),
    });
  };

  if (setup.isPending) {
    return (
      <div className="flex flex-col gap-3" data-testid="whatsapp-loading">
        <span className="sr-only">{t('setup.loading')}</span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (setup.isError) {
    return (
      <ErrorCard
        title={t('setup.failed')}
        message={setup.error.message}
        onRetry={() => void setup.refetch()}
        retrying={setup.isFetching}
        retryLabel={t('setup.retry')}
      />
    );
  }
  const { connection, templates, provider } = setup.data;
  const showForm = !connection || editing;

  const submit = () => {
    const input = { phoneNumberId: form.phoneNumberId.trim(), wabaId: form.wabaId.trim(), accessToken: form.accessToken.trim() };
    const invalid = validate(input);
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    run(
      { kind: 'connect', body: input },
      () => {
        setForm(EMPTY);
        setEditing(false);
      },
      (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        const message = (error as Error).message;
        setErrors(field && (FIELDS as readonly string[]).includes(field) ? { [field]: message } : { form: message });
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4"
      data-testid="whatsapp-setup"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('setup.title')}
      </h2>
      <p className="text-muted-foreground">{t('setup.intro')}</p>
      {provider === 'local' ? (
        <p className="rounded-xl bg-primary-soft p-3" data-testid="whatsapp-stand-in">
          {t('setup.standIn')}
        </p>
      ) : null}

      {connection ? (
        <div className="flex flex-col gap-2" data-testid="whatsapp-connection">
          <p className="font-semibold">
            {t('setup.connected', { number: connection.displayPhoneNumber, name: connection.verifiedName })}
          </p>
          <p className="text-sm text-muted-foreground">
            {t('setup.ids', {
              phoneNumberId: connection.phoneNumberId,
              wabaId: connection.wabaId,
              ending: connection.tokenEnding,
            })}
          </p>
          {!editing ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="lg" onClick={() => setEditing(true)}>
                {t('setup.replace')}
              </Button>
              <Button variant="ghost" size="lg" onClick={() => setConfirmDisconnect(true)}>
                {t('setup.disconnect')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      {showForm ? (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {FIELDS.map((field) => (
            <FormField
              key={field}
              id={`${id}-${field}`}
              label={t(`setup.fields.${field}.label`)}
              hint={t(`setup.fields.${field}.hint`)}
              error={errors[field]}
            >
              {(control) => (
                <Input
                  {...control}
                  type={field === 'accessToken' ? 'password' : 'text'}
                  inputMode={field === 'accessToken' ? undefined : 'numeric'}
                  autoComplete="off"
                  value={form[field]}
                  onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
                  className={invalidClass}
                />
              )}
            </FormField>
          ))}
          {errors.form ? (
            <p role="alert" className="font-semibold text-danger">
              {errors.form}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="lg" disabled={pending === 'connect'}>
              {pending === 'connect' ? <Spinner className="size-5" /> : null}
              {t('setup.connect')}
            </Button>
            {editing ? (
              <Button type="button" variant="ghost" size="lg" onClick={() => setEditing(false)}>
                {t('setup.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}

      {connection ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-bold">{t('setup.templates')}</h3>
            <Button
              variant="secondary"
              size="lg"
              onClick={() => run({ kind: 'sync' }, () => undefined)}
              disabled={pending === 'sync'}
            >
              {pending === 'sync' ? <Spinner className="size-5" /> : <RefreshCw className="size-5" aria-hidden="true" />}
              {t('setup.sync')}
            </Button>
          </div>
          {templates.length === 0 ? (
            <p className="text-muted-foreground">{t('setup.noTemplates')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border" data-testid="whatsapp-templates">
              {templates.map((template) => (
                <TemplateRow key={template.id} template={template} />
              ))}
            </ul>
          )}
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        title={t('setup.disconnectTitle')}
        description={t('setup.disconnectText')}
        confirmLabel={t('setup.disconnect')}
        cancelLabel={t('setup.cancel')}
        tone="danger"
        pending={pending === 'disconnect'}
        onConfirm={() => run({ kind: 'disconnect' }, () => setConfirmDisconnect(false))}
      />
    </section>
  );
}
