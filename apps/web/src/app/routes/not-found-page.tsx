import { Link } from 'react-router';
import { PATHS } from '../../config/paths.ts';

/** docs/product-rules.md#layout: the catch-all page shows the text _404. Open in both states, so no back-office layout. */
export default function NotFoundPage() {
  return (
    <main className="status-page">
      <p className="status-code" data-testid="not-found">
        _404
      </p>
      <h1 className="h4">We can't find that page</h1>
      <p className="text-body-secondary">The address may be mistyped, or the page has moved.</p>
      <Link to={PATHS.home} className="btn btn-primary">
        Go to Kassa
      </Link>
    </main>
  );
}
