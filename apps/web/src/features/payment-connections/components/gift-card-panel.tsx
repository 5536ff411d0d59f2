// Sandbox gift cards of the merchant: issue one (the PIN is shown once, only its
// keyed hash is stored) and list them with their balances, so a buyer can try partial and full
// payments with a gift card at checkout.

import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import { formatMoney } from '@kassa/contract/money';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../../components/data-list/pagination-bar.tsx';
import { toQueryString } from '../../../components/data-list/use-list-params.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { type IssuedGiftCard, issueGiftCard, useGiftCards } from '../api/payment-connections-api.ts';
import { type GiftCardFormOutput, type GiftCardFormValues, giftCardForm } from './gift-card-form.ts';

const PAGE_SIZE = 10;

export function GiftCardPanel({ canIssue }: { canIssue: boolean }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useGiftCards(toQueryString({ page, page_size: PAGE_SIZE }));
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<GiftCardFormValues, unknown, GiftCardFormOutput>({
    resolver: zodResolver(giftCardForm),
    defaultValues: { code: '', pin: '', balance: '', currency: DEFAULT_CURRENCY },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const response = await issueGiftCard(values);
      setIssued(response.result);
      showToast('success', response.message ?? 'Gift card issued.');
      reset({ code: '', pin: '', balance: '', currency: values.currency });
      setPage(1);
      await mutate();
    } catch (err) {
      applyFieldErrors(err, setError, ['code', 'pin', 'balance', 'currency']);
      toastApiError(err, 'The gift card was not issued.');
    }
  });

  /** One of the issue form's text fields: its id, small label, registration and error. */
  const issueField = (name: 'code' | 'pin' | 'balance', label: string) => ({
    id: `gift-card-${name}`,
    label,
    labelClassName: 'small mb-1',
    error: errors[name]?.message,
    ...register(name),
  });

  const rows = data?.results ?? [];
  return (
    <Card className="connection-card" data-testid="gift-card-panel">
      <Card.Body>
        <h2 className="h6 mb-1">Sandbox gift cards</h2>
        <p className="small text-body-secondary">
          Issue test gift cards and use them at checkout to pay part or all of a total.
        </p>
        {canIssue && (
          <Form noValidate onSubmit={submit} className="mb-3" data-testid="gift-card-form">
            <Row className="g-2 align-items-start">
              <Col xs={12} md={4}>
                <TextField {...issueField('code', 'Code (optional)')} placeholder="Generated when empty" />
              </Col>
              <Col xs={6} md={2}>
                <TextField
                  {...issueField('pin', 'PIN (optional)')}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="6 digits"
                />
              </Col>
              <Col xs={6} md={2}>
                <TextField {...issueField('balance', 'Balance')} inputMode="decimal" placeholder="50.00" />
              </Col>
              <Col xs={6} md={2}>
                <Form.Label htmlFor="gift-card-currency" className="small mb-1">
                  Currency
                </Form.Label>
                <Form.Select id="gift-card-currency" data-testid="gift-card-currency" {...register('currency')}>
                  <CurrencyOptions />
                </Form.Select>
              </Col>
              <Col xs={6} md={2} className="d-flex align-items-end gift-card-submit">
                <PendingButton
                  type="submit"
                  className="w-100"
                  pending={isSubmitting}
                  label="Issue card"
                  pendingLabel="Issuing…"
                  testId="gift-card-issue"
                />
              </Col>
            </Row>
          </Form>
        )}
        {issued && (
          <Alert variant="success" dismissible onClose={() => setIssued(null)} data-testid="gift-card-issued">
            <div className="fw-semibold mb-1">Gift card issued — note the PIN now, it is not shown again.</div>
            <div className="d-flex flex-wrap gap-3 font-monospace">
              <span>
                Code <strong data-testid="issued-code">{issued.code}</strong>
              </span>
              <span>
                PIN <strong data-testid="issued-pin">{issued.pin}</strong>
              </span>
              <span>
                Balance <strong>{formatMoney(issued.balance, issued.currency)}</strong>
              </span>
            </div>
          </Alert>
        )}
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading />
        ) : rows.length === 0 ? (
          <ListEmpty title="No gift cards yet" text="Issue one above to try gift card payments at checkout." />
        ) : (
          <div className="table-responsive">
            <Table hover className="list-table mb-0" data-testid="gift-card-table">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col" className="text-end">
                    Balance
                  </th>
                  <th scope="col">Issued</th>
                  <th scope="col">Last change</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((card) => (
                  <tr key={card.id} data-testid="gift-card-row">
                    <td className="font-monospace">{card.code}</td>
                    <td className="text-end" data-testid="gift-card-balance-cell">
                      {formatMoney(card.balance, card.currency)}
                    </td>
                    <td className="text-nowrap">{formatDateTime(card.created_at)}</td>
                    <td className="text-nowrap">{formatDateTime(card.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        {data && data.count > PAGE_SIZE && (
          <PaginationBar count={data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} noun="gift cards" />
        )}
      </Card.Body>
    </Card>
  );
}
