import { INVOICE_STATUSES, type InvoiceStatus } from '@kassa/contract/invoices';
import Nav from 'react-bootstrap/Nav';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

const STATUS_LABEL: Record<InvoiceStatus, string> = {
  draft: 'invoices.tabs.draft',
  sent: 'invoices.tabs.sent',
  viewed: 'invoices.tabs.viewed',
  partially_paid: 'invoices.tabs.partiallyPaid',
  paid: 'invoices.tabs.paid',
  overdue: 'invoices.tabs.overdue',
  void: 'invoices.tabs.void',
};

/** The invoices list's status filter as tabs; '' is All. */
export function InvoiceStatusTabs({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const { t } = usePortalI18n();
  return (
    <Nav variant="underline" className="status-tabs" role="tablist" aria-label={t('invoices.tabs.label')}>
      <Nav.Item>
        <Nav.Link as="button" active={value === ''} onClick={() => onChange('')} data-testid="status-all">
          {t('invoices.tabs.all')}
        </Nav.Link>
      </Nav.Item>
      {INVOICE_STATUSES.map((status) => (
        <Nav.Item key={status}>
          <Nav.Link
            as="button"
            active={value === status}
            onClick={() => onChange(status)}
            data-testid={`status-${status}`}
          >
            {t(STATUS_LABEL[status])}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
