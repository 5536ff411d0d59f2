import { AccessDenied } from './access-denied.tsx';

/** docs/product-rules.md#layout: the unauthorized marker route shows "Unauthorized". */
export default function UnauthorizedPage() {
  return (
    <main>
      <AccessDenied />
    </main>
  );
}
