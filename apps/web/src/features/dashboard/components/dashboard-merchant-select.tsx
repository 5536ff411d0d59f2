// A master merchant's choice of whose payments the dashboard shows: its own, one sub-merchant's or
// all of them (docs/ARCHITECTURE.md: read-only across the tree). The choice lives in the address bar
// (`?merchant_id=`), so the Sub-merchants page can link to one sub-merchant's dashboard.
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useSubMerchantOptions } from '../api/sub-merchant-options-api.ts';

export function DashboardMerchantSelect({
  merchant,
  merchantId,
}: {
  merchant: { id: string; name: string };
  merchantId: string | null;
}) {
  const { t } = usePortalI18n();
  const [, setParams] = useSearchParams();
  const { data: subMerchants } = useSubMerchantOptions(true);
  const subOptions = subMerchants?.results ?? [];
  // A link may name a sub-merchant beyond the first page of names: keep it selectable all the same.
  const isUnlisted =
    merchantId !== null && merchantId !== 'all' && merchantId !== merchant.id && subMerchants !== undefined
      ? !subOptions.some((sub) => sub.id === merchantId)
      : false;
  const chooseMerchant = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('merchant_id', id);
        else next.delete('merchant_id');
        return next;
      },
      { replace: true },
    );

  return (
    <Form.Select
      className="w-auto ms-lg-auto"
      value={merchantId === merchant.id ? '' : (merchantId ?? '')}
      onChange={(event) => chooseMerchant(event.target.value)}
      aria-label={t('dashboard.merchant')}
      data-testid="dashboard-merchant"
    >
      <option value="">{merchant.name}</option>
      <option value="all">{t('dashboard.allMerchants')}</option>
      {subOptions.map((sub) => (
        <option key={sub.id} value={sub.id}>
          {sub.name}
        </option>
      ))}
      {isUnlisted && merchantId && (
        <option value={merchantId}>{t('dashboard.subMerchant', { id: merchantId.slice(0, 8) })}</option>
      )}
    </Form.Select>
  );
}
