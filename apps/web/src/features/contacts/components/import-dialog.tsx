import type { ContactImportResult } from '@aaspaas/domain';
import { FileUp, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isNetworkError } from '@/lib/not-found';
import { useImportContacts } from '../api/import-contacts';
import type { ImportPreview } from '../utils/import-preview';
import { notifyFailure } from '../utils/notify-failure';
import { CheckboxField } from '@/components/ui/form-field';

/** What the file chooser offers: spreadsheets saved as CSV and phones' contact exports. */
const IMPORT_FILE_ACCEPT = '.csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard';
import { ImportPreviewView } from './import-preview-view';
import { ImportSummary } from './import-summary';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'preview'; fileName: string; preview: ImportPreview }
  | { kind: 'done'; preview: ImportPreview; result: ContactImportResult };

/**
 * Import a CSV or a phone's vCard export: parsed in the browser, previewed with each row's problem
 * (the domain's own rules), sent once the business confirms the customers' consent, then the
 * server's summary with the reason of every row it did not import.
 */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('contacts');
  const fileId = useId();
  const consentId = useId();
  const importer = useImportContacts();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [reading, setReading] = useState(false);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  function reset() {
    setStep({ kind: 'choose' });
    setConsent(false);
    setConsentError(null);
    setSendError(null);
    importer.reset();
  }

  function changeOpen(next: boolean) {
    if (importer.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setReading(true);
    try {
      // The parsers (papaparse among them) load only when a file is chosen.
      const [{ readImportFile }, { previewImport }] = await Promise.all([
        import('../utils/import-file'),
        import('../utils/import-preview'),
      ]);
      const { rows } = await readImportFile(file);
      if (rows.length === 0) setStep({ kind: 'choose', error: t('import.noRows') });
      else setStep({ kind: 'preview', fileName: file.name, preview: previewImport(rows) });
    } catch {
      setStep({ kind: 'choose', error: t('import.unreadable') });
    } finally {
      setReading(false);
    }
  }

  async function send(preview: ImportPreview) {
    if (!consent) {
      setConsentError(t('import.consentRequired'));
      return;
    }
    setSendError(null);
    try {
      const result = await importer.mutateAsync({ rows: preview.toSend, consent: true });
      setStep({ kind: 'done', preview, result });
    } catch (error) {
      setSendError(isNetworkError(error) ? t('errors.offline') : (error as Error).message);
      notifyFailure(t, t('toast.importFailed'), error, true);
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent placement="sheet" className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('import.title')}</DialogTitle>
          <DialogDescription>{t('import.description')}</DialogDescription>
        </DialogHeader>

        {step.kind === 'choose' ? (
          <div className="flex flex-col gap-2">
            <label htmlFor={fileId} className="font-semibold">
              {t('import.fileLabel')}
            </label>
            <input
              id={fileId}
              type="file"
              accept={IMPORT_FILE_ACCEPT}
              disabled={reading}
              aria-describedby={`${fileId}-hint`}
              onChange={(e) => void choose(e.target.files?.[0])}
              className="min-h-12 w-full rounded-xl border border-dashed border-border p-2 text-base file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-primary-soft file:px-4 file:font-semibold file:text-primary-hover"
            />
            <p id={`${fileId}-hint`} className="text-sm text-muted-foreground">
              {t('import.fileHint')}
            </p>
            {reading ? <Spinner className="size-5" label={t('import.reading')} /> : null}
            {step.error ? (
              <p role="alert" className="text-sm font-semibold text-danger">
                {step.error}
              </p>
            ) : null}
          </div>
        ) : null}

        {step.kind === 'preview' ? (
          <div className="flex flex-col gap-4">
            <p className="flex items-center gap-2 font-semibold break-all">
              <FileUp className="size-5 shrink-0 text-primary" aria-hidden="true" />
              {step.fileName}
            </p>
            <ImportPreviewView preview={step.preview} />
            <CheckboxField
              id={consentId}
              label={t('import.consent')}
              description={t('import.consentHint')}
              checked={consent}
              onChange={(e) => {
                setConsent(e.target.checked);
                if (e.target.checked) setConsentError(null);
              }}
              error={consentError ?? undefined}
            />
            {sendError ? (
              <p role="alert" className="text-sm font-semibold text-danger">
                {sendError}
              </p>
            ) : null}
            <DialogFooter className="mt-0">
              <Button variant="secondary" size="lg" onClick={reset} disabled={importer.isPending}>
                {t('import.another')}
              </Button>
              <Button size="lg" onClick={() => void send(step.preview)} disabled={importer.isPending || step.preview.ready === 0}>
                {importer.isPending ? <Spinner className="size-5" /> : <Upload className="size-5" aria-hidden="true" />}
                {importer.isPending ? t('import.sending') : t('import.send', { count: step.preview.ready })}
              </Button>
            </DialogFooter>
          </div>
        ) : null}

        {step.kind === 'done' ? (
          <div className="flex flex-col gap-4">
            <ImportSummary result={step.result} rows={step.preview.toSend} />
            <DialogFooter className="mt-0">
              <Button variant="secondary" size="lg" onClick={reset}>
                {t('import.another')}
              </Button>
              <Button size="lg" onClick={() => changeOpen(false)}>
                {t('import.done')}
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
