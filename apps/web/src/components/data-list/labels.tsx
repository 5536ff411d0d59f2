import Badge from 'react-bootstrap/Badge';
import { providerStatusLabel } from '../../lib/contract-texts.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

/** "payment_service" → "Payment service": API codes shown as words. */
export const humanize = (code: string) => {
  const words = code.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
};

const PROVIDER_STATUS_VARIANT: Record<string, string> = {
  verified: 'success',
  unverified: 'secondary',
  failed: 'danger',
};

/** A provider connection's credential check: verified, unverified or failed. */
export function ProviderStatusBadge({ status }: { status: string }) {
  const { t } = usePortalI18n();
  return (
    <Badge bg={PROVIDER_STATUS_VARIANT[status] ?? 'secondary'}>
      {providerStatusLabel(status, humanize(status), t)}
    </Badge>
  );
}

/** On or off as a soft badge: "Enabled" / "Disabled" unless other words are given. */
export function EnabledBadge({ enabled, labels }: { enabled: boolean; labels?: [on: string, off: string] }) {
  const { t } = usePortalI18n();
  const [on, off] = labels ?? [t('components.enabled'), t('components.disabled')];
  return enabled ? (
    <Badge bg="success-subtle" text="success">
      {on}
    </Badge>
  ) : (
    <Badge bg="secondary-subtle" text="secondary">
      {off}
    </Badge>
  );
}
