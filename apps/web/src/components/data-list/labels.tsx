import Badge from 'react-bootstrap/Badge';

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
  return <Badge bg={PROVIDER_STATUS_VARIANT[status] ?? 'secondary'}>{humanize(status)}</Badge>;
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <Badge bg="success-subtle" text="success">
      Enabled
    </Badge>
  ) : (
    <Badge bg="secondary-subtle" text="secondary">
      Disabled
    </Badge>
  );
}
