// Setting up an authenticator app: the QR code to scan (or the secret to type), then the first code,
// which turns the app on and answers the recovery codes.
import { OTP_LENGTH, otpCode, type TotpEnrolment } from '@kassa/contract/auth';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PendingButton } from '../../../components/pending-button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { validationText } from '../../../lib/validation-text.ts';
import { confirmTotp } from '../api/totp-api.ts';
import { CodeInput } from './code-input.tsx';

/** The server's SVG as an image: shown through <img>, so nothing of it runs as page markup. */
const qrSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TotpSetup({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpCode.safeParse(code);
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]
          ? validationText(parsed.error.issues[0].message, i18n)
          : t('auth.totp.codeMissing', { length: OTP_LENGTH }),
      );
      return;
    }
    setPending(true);
    setError(null);
    try {
      const response = await confirmTotp({ code: parsed.data });
      onConfirmed(response.result.recovery_codes);
    } catch (e) {
      setError(apiErrorMessage(e, t('auth.totp.failed')));
      setPending(false);
    }
  };

  return (
    <div data-testid="totp-setup">
      <ol className="ps-3">
        <li>{t('auth.totp.scan')}</li>
        <li>
          {t('auth.totp.typeKey')}{' '}
          <code className="user-select-all" data-testid="totp-secret">
            {grouped(enrolment.secret)}
          </code>
        </li>
        <li>{t('auth.totp.enterCode', { length: OTP_LENGTH })}</li>
      </ol>
      <img
        src={qrSource(enrolment.qr_svg)}
        alt={t('auth.totp.qrAlt')}
        width={180}
        height={180}
        className="d-block mb-3 border rounded"
        data-testid="totp-qr"
      />
      <Form noValidate onSubmit={submit} aria-label={t('auth.totp.form')}>
        <Form.Group className="mb-3" controlId="totp-confirm-code" style={{ maxWidth: '14rem' }}>
          <Form.Label>{t('auth.totp.codeLabel')}</Form.Label>
          <CodeInput
            value={code}
            isInvalid={Boolean(error)}
            onChange={(e) => setCode(e.target.value)}
            data-testid="totp-confirm-code"
          />
          <Form.Control.Feedback type="invalid" data-testid="totp-confirm-error">
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        <div className="d-flex gap-2">
          <PendingButton
            type="submit"
            variant="primary"
            pending={pending}
            label={t('auth.totp.turnOn')}
            pendingLabel={t('auth.totp.checking')}
            testId="totp-confirm-submit"
          />
          <Button variant="outline-secondary" onClick={onCancel}>
            {t('auth.cancel')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
