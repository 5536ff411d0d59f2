// "Two-step sign-in" on the account page: set up an authenticator app, see that it is on, make new
// recovery codes, remove it. Without an app, signing in asks for a code sent by e-mail.
import type { TotpEnrolment, TotpProofBody } from '@kassa/contract/auth';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { PendingButton } from '../../../components/pending-button.tsx';
import { apiErrorMessage, apiSuccessMessage } from '../../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
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
  const { t } = usePortalI18n();
  const { data: status, error, mutate } = useTotpStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const idle = () => setStep({ kind: 'idle' });

  const start = async () => {
    setStarting(true);
    try {
      setStep({ kind: 'setup', enrolment: await startTotpEnrolment() });
    } catch (e) {
      toastApiError(e, t('auth.twoStep.startFailed'));
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
      return apiErrorMessage(e, t('auth.twoStep.regenerateFailed'));
    }
  };

  const remove = async (proof: TotpProofBody) => {
    const sure = await confirmDialog({
      title: t('auth.twoStep.removeTitle'),
      text: t('auth.twoStep.removeText'),
      confirmButtonText: t('auth.removeIt'),
      cancelButtonText: t('auth.keepIt'),
    });
    if (!sure) return null;
    try {
      const response = await removeTotp(proof);
      showToast('success', apiSuccessMessage(response.message, t('auth.twoStep.removed')));
      await mutate();
      idle();
      return null;
    } catch (e) {
      return apiErrorMessage(e, t('auth.twoStep.removeFailed'));
    }
  };

  return (
    <Card className="form-card mt-4" data-testid="two-step-section">
      <Card.Body>
        <h2 className="h5 d-flex align-items-center gap-2">
          {t('auth.twoStep.title')}
          {status?.enabled && (
            <Badge bg="success" data-testid="totp-on">
              {t('auth.twoStep.on')}
            </Badge>
          )}
        </h2>
        {error ? (
          <p className="text-danger">{t('auth.twoStep.loadFailed')}</p>
        ) : !status ? (
          <p className="text-muted">{t('auth.loading')}</p>
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
            <p data-testid="totp-status">{t('auth.twoStep.statusOn', { count: status.recovery_codes_left })}</p>
            {step.kind === 'regenerate' ? (
              <TotpProofForm
                label={t('auth.twoStep.regenerate')}
                pendingLabel={t('auth.twoStep.regenerating')}
                testId="totp-regenerate"
                onSubmit={regenerate}
                onCancel={idle}
              />
            ) : step.kind === 'remove' ? (
              <TotpProofForm
                label={t('auth.twoStep.remove')}
                pendingLabel={t('auth.twoStep.removing')}
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
                  {t('auth.twoStep.newCodes')}
                </Button>
                <Button variant="outline-danger" onClick={() => setStep({ kind: 'remove' })} data-testid="totp-remove">
                  {t('auth.twoStep.remove')}
                </Button>
              </div>
            )}
          </>
        ) : (
          <>
            <p data-testid="totp-status">{t('auth.twoStep.statusOff')}</p>
            <PendingButton
              variant="primary"
              pending={starting}
              label={t('auth.twoStep.setUp')}
              pendingLabel={t('auth.twoStep.starting')}
              onClick={start}
              testId="totp-setup-start"
            />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
