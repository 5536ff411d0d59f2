import { INVOICE_STATUSES, type InvoiceStatus } from '@kassa/contract/invoices';
import Nav from 'react-bootstrap/Nav';

const STATUS_LABEL: Record<InvoiceStatus, string> = {
  draft: 'Drafts',
  sent: 'Sent',
  viewed: 'Viewed',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** The invoices list's status filter as tabs; '' is All. */
export function InvoiceStatusTabs({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return (
    <Nav variant="underline" className="status-tabs" role="tablist" aria-label="Invoice status">
      <Nav.Item>
        <Nav.Link as="button" active={value === ''} onClick={() => onChange('')} data-testid="status-all">
          All
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
            {STATUS_LABEL[status]}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
