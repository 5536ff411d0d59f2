import { ComingSoon } from '../../components/coming-soon.tsx';

export function AdminUsersPage() {
  return (
    <ComingSoon
      title="Admin Users"
      description="Platform staff administrators and the view permissions each one holds."
    />
  );
}
