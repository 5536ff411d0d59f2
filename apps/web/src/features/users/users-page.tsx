import { ComingSoon } from '../../components/coming-soon.tsx';

export function UsersPage() {
  return (
    <ComingSoon title="User Management" description="Invite staff and sub-users and choose what each of them may do." />
  );
}
