import { PendingButton } from '../../../components/pending-button.tsx';

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
    <PendingButton
      type="submit"
      variant="primary"
      size={block ? 'lg' : undefined}
      className={block ? 'w-100' : 'px-4'}
      pending={pending}
      label={label}
      pendingLabel={pendingLabel}
      testId={testId}
    />
  );
}
