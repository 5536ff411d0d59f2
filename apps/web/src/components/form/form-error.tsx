/** Why a dialog's action failed, under its fields; nothing while there is no error. */
export function FormError({ message, testId }: { message: string | null | undefined; testId: string }) {
  if (!message) return null;
  return (
    <p className="text-danger small mt-3 mb-0" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
