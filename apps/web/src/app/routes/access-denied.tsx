import { Link } from 'react-router';
import { PATHS } from '../../config/paths.ts';

/** "Unauthorized": what a page the user may not open shows instead of its content. */
export function AccessDenied({ reason }: { reason?: string }) {
  return (
    <div className="status-page">
      <h1 className="status-code" data-testid="unauthorized">
        Unauthorized
      </h1>
      <p className="text-body-secondary" data-testid="unauthorized-reason">
        {reason ?? "You don't have access to this page."}
      </p>
      <Link to={PATHS.home} className="btn btn-primary">
        Go to Kassa
      </Link>
    </div>
  );
}
