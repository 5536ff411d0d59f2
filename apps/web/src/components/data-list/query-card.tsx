// A card over one list request: its error with a retry, its loading state, its empty state, else
// the table the caller gives.
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { ListEmpty, ListError, ListLoading } from './list-states.tsx';

export function QueryCard({
  header,
  testId,
  query,
  empty,
  children,
}: {
  header: ReactNode;
  testId: string;
  query: { error: unknown; isLoading: boolean; mutate: () => unknown; data?: { count: number } };
  empty: ReactNode;
  children: ReactNode;
}) {
  const { data, error, isLoading, mutate } = query;
  let body: ReactNode = null;
  if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListLoading />;
  else if (data.count === 0) body = typeof empty === 'string' ? <ListEmpty title={empty} /> : empty;
  return (
    <Card className="mb-3" data-testid={testId}>
      <Card.Header>{header}</Card.Header>
      {body ? <Card.Body>{body}</Card.Body> : <div className="table-responsive">{children}</div>}
    </Card>
  );
}
