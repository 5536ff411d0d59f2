// The signed-in user as the header shows them: avatar initials (a person icon for a guest), name and
// e-mail, or a placeholder while the profile is on its way.
import type { User } from '@kassa/contract/auth';
import { Icon } from '../../components/icon.tsx';
import { initials } from './header-identity.ts';

export function HeaderIdentityBadge({
  user,
  name,
  isGuest,
  isLoading,
}: {
  user: User | null;
  name: string;
  /** No name to show: a person icon instead of initials. */
  isGuest: boolean;
  isLoading: boolean;
}) {
  return (
    <span className="user-identity" aria-busy={isLoading || undefined}>
      <span className="user-avatar" aria-hidden="true">
        {isLoading ? null : isGuest ? <Icon name="users" size={18} /> : initials(name)}
      </span>
      {isLoading ? (
        <span className="user-text" data-testid="header-user-loading">
          <span className="skeleton-line" style={{ width: 110 }} />
          <span className="skeleton-line mt-1" style={{ width: 150 }} />
        </span>
      ) : (
        <span className="user-text">
          <span className="user-name" data-testid="header-user-name">
            {name}
          </span>
          <span className="user-email" data-testid="header-user-email">
            {user?.email ?? ''}
          </span>
        </span>
      )}
    </span>
  );
}
