// The provider choice of the new connection form, with the chosen provider's description (and a
// Sandbox badge, so nobody mistakes a test processor for a live one).
import type { ProviderInfo } from '@kassa/contract/connections';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { providerDescription } from '../../../lib/contract-texts.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export function ProviderPicker({
  controlId,
  providers,
  provider,
  error,
  selectProps,
}: {
  controlId: string;
  providers: readonly ProviderInfo[];
  /** The provider chosen now. */
  provider: ProviderInfo;
  error: string | undefined;
  /** register('provider') of the surrounding form. */
  selectProps: UseFormRegisterReturn;
}) {
  const { t } = usePortalI18n();
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{t('paymentConnections.provider')}</Form.Label>
      <Form.Select isInvalid={Boolean(error)} data-testid="provider-select" {...selectProps}>
        {providers.map((p) => (
          <option key={p.id} value={p.id}>
            {p.display_name}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      <Form.Text className="d-block text-body-secondary" data-testid="provider-description">
        {provider.is_sandbox && (
          <Badge bg="warning-subtle" text="warning-emphasis" className="me-2">
            {t('paymentConnections.sandbox')}
          </Badge>
        )}
        {providerDescription(provider, t)}
      </Form.Text>
    </Form.Group>
  );
}
