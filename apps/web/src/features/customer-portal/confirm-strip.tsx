// The portal's "are you sure" strip under a row (remove a card, cancel a subscription), and the
// row's error line: one markup for every row that asks before acting.
import type { ReactNode } from 'react';

export interface ConfirmStripProps {
  open: boolean;
  label: string;
  question: ReactNode;
  yes: string;
  no: string;
  busy: boolean;
  onYes(): void;
  onNo(): void;
  error: string | null | undefined;
}

export function ConfirmStrip({ open, label, question, yes, no, busy, onYes, onNo, error }: ConfirmStripProps) {
  return (
    <>
      {open && (
        <div className="alert alert-warning mt-3 mb-0" role="alertdialog" aria-label={label}>
          <p className="mb-3">{question}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onYes}>
            {yes}
          </button>{' '}
          <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={onNo}>
            {no}
          </button>
        </div>
      )}
      {error && (
        <p className="text-danger small mt-1 mb-0" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
