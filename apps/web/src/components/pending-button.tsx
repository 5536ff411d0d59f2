import type { ComponentProps } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** A button that shows a spinner and its pending label while its action runs. */
export function PendingButton({
  pending,
  label,
  pendingLabel,
  testId,
  ...props
}: Omit<ComponentProps<typeof Button>, 'children'> & {
  pending: boolean;
  label: string;
  pendingLabel: string;
  testId?: string;
}) {
  return (
    <Button {...props} disabled={pending || props.disabled} data-testid={testId}>
      {pending ? (
        <>
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          {pendingLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
}
