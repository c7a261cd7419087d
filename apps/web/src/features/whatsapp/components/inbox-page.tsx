import { PRODUCT_NAME, type WhatsAppConversation } from '@aaspaas/domain';
import { ArrowLeft, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatIndiaDateTime } from '@/lib/format';
import { useWhatsAppSetup } from '../api/get-whatsapp-setup';
import { useConversations, useSendReply, useThread } from '../api/inbox';
import { SimulateInbound } from './simulate-inbound';
import { TemplateReplyForm } from './template-reply-form';

const windowOpen = (c: WhatsAppConversation) => c.windowOpenUntil !== null && new Date(c.windowOpenUntil).getTime() > Date.now();
const who = (c: WhatsAppConversation) => c.name || `+${c.waId}`;

function ConversationList({ conversations }: { conversations: WhatsAppConversation[] }) {
  const { t } = useTranslation('whatsapp');
  if (conversations.length === 0) return <p className="text-muted-foreground">{t('inbox.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface" data-testid="conversations">
      {conversations.map((c) => (
        <li key={c.waId}>
          <Link to={paths.app.inbox.getHref(c.waId)} className="flex min-h-16 items-center gap-3 p-3 hover:bg-muted">
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold">{who(c)}</span>
              <span className="truncate text-muted-foreground">
                {c.lastDirection === 'out' ? t('inbox.you') : ''}
                {c.lastText}
              </span>
              {c.postId ? <span className="text-sm text-primary-hover">{t('inbox.aboutPost')}</span> : null}
            </span>
            {c.unread > 0 ? (
              <Badge variant="primary" aria-label={t('inbox.unread', { count: c.unread })}>
                {c.unread}
              </Badge>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Thread({ waId }: { waId: string }) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const thread = useThread(waId);
  const send = useSendReply(waId);
  const [text, setText] = useState('');
  // One key per message typed: a second tap or a retried request is not a second message.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);

  if (thread.isPending) return <Skeleton className="h-48 w-full" />;
  if (thread.isError) {
    return (
      <ErrorCard
        title={t('inbox.failed')}
        message={thread.error.message}
        onRetry={() => void thread.refetch()}
        retrying={thread.isFetching}
        retryLabel={t('setup.retry')}
      />
    );
  }
  const { conversation, messages } = thread.data;
  const open = windowOpen(conversation);

  return (
    <section aria-labelledby={`${id}-who`} className="flex flex-col gap-3">
      <Link to={paths.app.inbox.getHref()} className="inline-flex min-h-11 items-center gap-1 font-semibold">
        <ArrowLeft className="size-5" aria-hidden="true" />
        {t('inbox.back')}
      </Link>
      <h2 id={`${id}-who`} className="text-lg font-bold">
        {who(conversation)}
      </h2>
      <ol className="flex flex-col gap-2" data-testid="thread">
        {messages.map((m) => (
          <li
            key={m.id}
            className={
              m.direction === 'in'
                ? 'max-w-[85%] self-start rounded-2xl bg-muted p-3'
                : 'max-w-[85%] self-end rounded-2xl bg-primary-soft p-3'
            }
          >
            <p className="whitespace-pre-wrap">{m.text}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {formatIndiaDateTime(m.createdAt)}
              {m.direction === 'out' ? ` · ${t(`inbox.status.${m.status}`)}` : ''}
              {m.postId ? ` · ${t('inbox.aboutPost')}` : ''}
            </p>
          </li>
        ))}
      </ol>
      {open ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) return;
            setError(null);
            send.mutate(
              { text: text.trim(), idempotencyKey: key },
              {
                onSuccess: () => {
                  setText('');
                  setKey(crypto.randomUUID());
                  void thread.refetch();
                },
                onError: (err) => {
                  setError(err.message);
                  setKey(crypto.randomUUID());
                },
              },
            );
          }}
        >
          <label htmlFor={`${id}-reply`} className="font-semibold">
            {t('inbox.reply')}
          </label>
          <Textarea id={`${id}-reply`} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={4096} />
          <p className="text-sm text-muted-foreground">
            {t('inbox.free', { until: formatIndiaDateTime(conversation.windowOpenUntil ?? '') })}
          </p>
          {error ? (
            <p role="alert" className="font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={send.isPending || !text.trim()}>
            {send.isPending ? <Spinner className="size-5" /> : <Send className="size-5" aria-hidden="true" />}
            {t('inbox.send')}
          </Button>
        </form>
      ) : (
        <>
          <p className="rounded-xl bg-muted p-3" data-testid="window-closed">
            {t('inbox.closed')}
          </p>
          <TemplateReplyForm waId={waId} onSent={() => void thread.refetch()} />
        </>
      )}
    </section>
  );
}

/** /inbox: customers' WhatsApp enquiries (ADR 050), newest first, new ones marked; a conversation opens with ?c=. */
export function InboxPage() {
  const { t } = useTranslation('whatsapp');
  useDocumentTitle(`${t('inbox.title')} · ${PRODUCT_NAME}`);
  const [params] = useSearchParams();
  const selected = params.get('c');
  const list = useConversations();
  const setup = useWhatsAppSetup();
  const standIn = setup.data?.provider === 'local' && setup.data.connection !== null;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('inbox.title')} intro={t('inbox.intro')} />
      {selected ? (
        <Thread waId={selected} />
      ) : list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : list.isError ? (
        <ErrorCard
          title={t('inbox.failed')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
          retryLabel={t('setup.retry')}
        />
      ) : (
        <>
          {list.data.unreadTotal > 0 ? (
            <p className="font-semibold" role="status">
              {t('inbox.newTotal', { count: list.data.unreadTotal })}
            </p>
          ) : null}
          <ConversationList conversations={list.data.conversations} />
          {standIn ? <SimulateInbound /> : null}
        </>
      )}
    </div>
  );
}
