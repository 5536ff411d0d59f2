import { isAdminRole } from '@kassa/contract/access';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { MasterMerchantList } from './components/master-merchant-list.tsx';
import { OwnSubMerchantList } from './components/own-sub-merchant-list.tsx';

/**
 * docs/product-rules.md#routes Sub-merchants. Admins see every master merchant and open it to see its
 * sub-merchants; a master merchant's own users (the sidebar offers the page to them only) see their
 * sub-merchants read-only (docs/ARCHITECTURE.md).
 */
export function SubMerchantsPage() {
  const role = useSessionSelector((s) => s.auth.user?.role);
  // Until the profile arrives the role is unknown: the admin list's request would be refused.
  if (role === undefined) return <PageSpinner />;
  return isAdminRole(role) ? <MasterMerchantList /> : <OwnSubMerchantList />;
}
