// Recovery codes, shown once after the app is set up or the codes are regenerated: Kassa keeps only
// their hashes, so this is the one moment to copy or download them.
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { copyToClipboard } from '../../../lib/clipboard.ts';

export const RECOVERY_CODES_SHOWN_ONCE =
  'Save these recovery codes now. You won’t see them again. Each one signs you in once if you lose your phone.';

function download(codes: string[]) {
  const blob = new Blob([`Kassa recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'kassa-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div data-testid="recovery-codes">
      <Alert variant="warning" className="small">
        {RECOVERY_CODES_SHOWN_ONCE}
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
          onClick={() => void copyToClipboard(codes.join('\n'), 'Recovery codes')}
          data-testid="recovery-codes-copy"
        >
          Copy
        </Button>
        <Button variant="outline-secondary" onClick={() => download(codes)} data-testid="recovery-codes-download">
          Download
        </Button>
        <Button variant="primary" className="ms-auto" onClick={onDone} data-testid="recovery-codes-done">
          I have saved them
        </Button>
      </div>
    </div>
  );
}
