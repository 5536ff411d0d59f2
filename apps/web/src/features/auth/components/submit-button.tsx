import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** The primary submit button of a form, with a spinner while the form is submitting. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  testId,
  block = true,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  testId?: string;
  /** Full width (the sign-in cards) or content width (forms inside the app). */
  block?: boolean;
}) {
  return (
    <Button
      type="submit"
      variant="primary"
      size={block ? 'lg' : undefined}
      className={block ? 'w-100' : 'px-4'}
      disabled={pending}
      data-testid={testId}
    >
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
