// Recovery codes, shown once after the app is set up or the codes are regenerated: Kassa keeps only
// their hashes, so this is the one moment to copy or download them.
import { accountsEn } from '@kassa/contract/i18n/catalogues/portal/accounts.en';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

/** The English warning, which the tests look for. */
export const RECOVERY_CODES_SHOWN_ONCE = accountsEn['auth.recovery.shownOnce'];

function download(title: string, codes: string[]) {
  const blob = new Blob([`${title}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'kassa-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = usePortalI18n();
  return (
    <div data-testid="recovery-codes">
      <Alert variant="warning" className="small">
        {t('auth.recovery.shownOnce')}
      </Alert>
      <ol className="font-monospace row row-cols-2 list-unstyled mb-3" data-testid="recovery-codes-list">
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ol>
      <div className="d-flex gap-2">
        <Button
          variant="outline-secondary"
          onClick={() => void copyToClipboard(codes.join('\n'), t('auth.recovery.copied'))}
          data-testid="recovery-codes-copy"
        >
          {t('auth.recovery.copy')}
        </Button>
        <Button
          variant="outline-secondary"
          onClick={() => download(t('auth.recovery.fileTitle'), codes)}
          data-testid="recovery-codes-download"
        >
          {t('auth.recovery.download')}
        </Button>
        <Button variant="primary" className="ms-auto" onClick={onDone} data-testid="recovery-codes-done">
          {t('auth.recovery.saved')}
        </Button>
      </div>
    </div>
  );
}
