import { AccessDenied } from './access-denied.tsx';

/** spec 2.3: the unauthorized marker route shows "Unauthorized". */
export default function UnauthorizedPage() {
  return (
    <main>
      <AccessDenied />
    </main>
  );
}
