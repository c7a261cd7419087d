import { formatRupees, type WhatsAppTemplateReplyPreview, whatsappVariableCount } from '@aaspaas/domain';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useWhatsAppSetup } from '../api/get-whatsapp-setup';
import { useSendTemplateReply, useTemplateReplyPreview } from '../api/inbox';

/**
 * After the 24-hour window (ADR 050): an approved template with its `{{n}}` values, its text and price
 * shown before anything is charged, then sent as a one-message WhatsApp campaign at that price.
 */
export function TemplateReplyForm({ waId, onSent }: { waId: string; onSent: () => void }) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const setup = useWhatsAppSetup();
  const previewing = useTemplateReplyPreview(waId);
  const sending = useSendTemplateReply(waId);
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [preview, setPreview] = useState<WhatsAppTemplateReplyPreview | null>(null);
  // One key per price seen: a second tap on Send is the same campaign, charged once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const approved = (setup.data?.templates ?? []).filter((tpl) => tpl.status === 'APPROVED');
  const template = approved.find((tpl) => tpl.id === templateId);
  const count = template ? whatsappVariableCount(template.body) : 0;
  const filled = Array.from({ length: count }, (_, i) => values[i]?.trim() ?? '');
  const draft = { whatsappTemplateId: templateId, whatsappVariables: filled.map((value) => ({ kind: 'text' as const, value })) };
  const changed = () => {
    setPreview(null);
    setSent(false);
    setError(null);
  };

  if (setup.isPending) return <Spinner className="size-5" />;
  if (approved.length === 0) return <p className="text-muted-foreground">{t('inbox.template.none')}</p>;

  return (
    <form
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4"
      aria-labelledby={`${id}-title`}
      data-testid="template-reply"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (!preview) {
          previewing.mutate(draft, { onSuccess: setPreview, onError: (err) => setError(err.message) });
          return;
        }
        sending.mutate(
          { ...draft, expectedCostPaise: preview.costPaise, idempotencyKey: key },
          {
            onSuccess: () => {
              setSent(true);
              setPreview(null);
              setValues([]);
              setKey(crypto.randomUUID());
              onSent();
            },
            onError: (err) => {
              // A new price (409) or an empty wallet: the business sees the price again before paying.
              setError(err.message);
              setPreview(null);
              setKey(crypto.randomUUID());
            },
          },
        );
      }}
    >
      <h3 id={`${id}-title`} className="font-bold">
        {t('inbox.template.title')}
      </h3>
      <label htmlFor={`${id}-template`} className="font-semibold">
        {t('inbox.template.choose')}
      </label>
      <Select
        id={`${id}-template`}
        value={templateId}
        onChange={(e) => {
          setTemplateId(e.target.value);
          setValues([]);
          changed();
        }}
      >
        <option value="">{t('inbox.template.placeholder')}</option>
        {approved.map((tpl) => (
          <option key={tpl.id} value={tpl.id}>
            {tpl.name} ({tpl.language}) · {t(`inbox.template.category.${tpl.category}`)}
          </option>
        ))}
      </Select>
      {template ? <p className="whitespace-pre-wrap text-sm text-muted-foreground">{template.body}</p> : null}
      {filled.map((value, i) => (
        <div key={i} className="flex flex-col gap-1">
          <label htmlFor={`${id}-v${i}`} className="font-semibold">
            {t('inbox.template.variable', { placeholder: `{{${i + 1}}}` })}
          </label>
          <Input
            id={`${id}-v${i}`}
            value={values[i] ?? ''}
            maxLength={30}
            onChange={(e) => {
              const next = [...values];
              next[i] = e.target.value;
              setValues(next);
              changed();
            }}
          />
        </div>
      ))}
      {preview ? (
        <div className="flex flex-col gap-1 rounded-xl bg-muted p-3" data-testid="template-reply-preview">
          <p className="whitespace-pre-wrap">{preview.text}</p>
          <p className="font-semibold">
            {t('inbox.template.price', {
              price: formatRupees(preview.costPaise),
              balance: formatRupees(preview.balancePaise),
            })}
          </p>
          {preview.windowApplies ? <p className="text-sm">{t('inbox.template.window')}</p> : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {sent ? (
        <p role="status" className="font-semibold">
          {t('inbox.template.sent')}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        variant={preview ? 'primary' : 'secondary'}
        disabled={!template || filled.some((v) => !v) || previewing.isPending || sending.isPending}
      >
        {previewing.isPending || sending.isPending ? (
          <Spinner className="size-5" />
        ) : preview ? (
          <Send className="size-5" aria-hidden="true" />
        ) : null}
        {preview ? t('inbox.template.send', { price: formatRupees(preview.costPaise) }) : t('inbox.template.preview')}
      </Button>
    </form>
  );
}
