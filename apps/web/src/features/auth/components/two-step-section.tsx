// "Two-step sign-in" on the account page: set up an authenticator app, see that it is on, make new
// recovery codes, remove it. Without an app, signing in asks for a code sent by e-mail.
import type { TotpEnrolment, TotpProofBody } from '@kassa/contract/auth';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { PendingButton } from '../../../components/pending-button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { regenerateRecoveryCodes, removeTotp, startTotpEnrolment, useTotpStatus } from '../api/totp-api.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { TotpProofForm } from './totp-proof-form.tsx';
import { TotpSetup } from './totp-setup.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'remove' };

export function TwoStepSection() {
  const { data: status, error, mutate } = useTotpStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const idle = () => setStep({ kind: 'idle' });

  const start = async () => {
    setStarting(true);
    try {
      setStep({ kind: 'setup', enrolment: await startTotpEnrolment() });
    } catch (e) {
      toastApiError(e, 'Could not start setting up the app. Please try again.');
    } finally {
      setStarting(false);
    }
  };

  const regenerate = async (proof: TotpProofBody) => {
    try {
      const response = await regenerateRecoveryCodes(proof);
      await mutate();
      setStep({ kind: 'codes', codes: response.result.recovery_codes });
      return null;
    } catch (e) {
      return apiErrorMessage(e, 'Could not make new recovery codes. Please try again.');
    }
  };

  const remove = async (proof: TotpProofBody) => {
    const sure = await confirmDialog({
      title: 'Remove the authenticator app?',
      text: 'Signing in will ask for a code sent by e-mail instead, and your recovery codes stop working.',
      confirmButtonText: 'Yes, remove it',
      cancelButtonText: 'No, keep it',
    });
    if (!sure) return null;
    try {
      const response = await removeTotp(proof);
      showToast('success', response.message ?? 'The authenticator app was removed.');
      await mutate();
      idle();
      return null;
    } catch (e) {
      return apiErrorMessage(e, 'Could not remove the app. Please try again.');
    }
  };

  return (
    <Card className="form-card mt-4" data-testid="two-step-section">
      <Card.Body>
        <h2 className="h5 d-flex align-items-center gap-2">
          Two-step sign-in
          {status?.enabled && (
            <Badge bg="success" data-testid="totp-on">
              On
            </Badge>
          )}
        </h2>
        {error ? (
          <p className="text-danger">Could not load your two-step settings. Reload the page to try again.</p>
        ) : !status ? (
          <p className="text-muted">Loading…</p>
        ) : step.kind === 'codes' ? (
          <RecoveryCodesPanel codes={step.codes} onDone={idle} />
        ) : step.kind === 'setup' ? (
          <TotpSetup
            enrolment={step.enrolment}
            onCancel={idle}
            onConfirmed={(codes) => {
              void mutate();
              setStep({ kind: 'codes', codes });
            }}
          />
        ) : status.enabled ? (
          <>
            <p data-testid="totp-status">
              Signing in asks for a code from your authenticator app. {status.recovery_codes_left} unused recovery{' '}
              {status.recovery_codes_left === 1 ? 'code' : 'codes'} left.
            </p>
            {step.kind === 'regenerate' ? (
              <TotpProofForm
                label="Make new recovery codes"
                pendingLabel="Making codes…"
                testId="totp-regenerate"
                onSubmit={regenerate}
                onCancel={idle}
              />
            ) : step.kind === 'remove' ? (
              <TotpProofForm
                label="Remove the app"
                pendingLabel="Removing…"
                variant="danger"
                testId="totp-remove"
                onSubmit={remove}
                onCancel={idle}
              />
            ) : (
              <div className="d-flex gap-2">
                <Button
                  variant="outline-primary"
                  onClick={() => setStep({ kind: 'regenerate' })}
                  data-testid="totp-regenerate"
                >
                  New recovery codes
                </Button>
                <Button variant="outline-danger" onClick={() => setStep({ kind: 'remove' })} data-testid="totp-remove">
                  Remove the app
                </Button>
              </div>
            )}
          </>
        ) : (
          <>
            <p data-testid="totp-status">
              Signing in asks for a code sent by e-mail. An authenticator app on your phone is quicker and keeps working
              when e-mail does not.
            </p>
            <PendingButton
              variant="primary"
              pending={starting}
              label="Set up an authenticator app"
              pendingLabel="Starting…"
              onClick={start}
              testId="totp-setup-start"
            />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
