import { Link } from 'react-router';
import { PATHS } from '../../config/paths.ts';

/** spec 2.3: the unauthorized marker route shows "Unauthorized". */
export default function UnauthorizedPage() {
  return (
    <main className="status-page">
      <h1 className="status-code" data-testid="unauthorized">
        Unauthorized
      </h1>
      <p className="text-body-secondary">You don't have access to this page.</p>
      <Link to={PATHS.home} className="btn btn-primary">
        Go to Kassa
      </Link>
    </main>
  );
}
