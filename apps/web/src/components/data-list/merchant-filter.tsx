import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { RemotePicker } from './remote-picker.tsx';
import type { ListParams } from './use-list-params.ts';

/**
 * A list's merchant filter: picked by name, kept in the address bar as merchant_id (sent to the API)
 * and merchant_name (only to show the choice after a reload).
 */
export function MerchantFilter({ list, testId }: { list: ListParams; testId: string }) {
  const { t } = usePortalI18n();
  const merchantId = list.get('merchant_id');
  return (
    <RemotePicker
      endpoint="/admin/merchant/"
      value={
        merchantId
          ? { id: merchantId, name: list.get('merchant_name') || t('components.merchantFilter.selected') }
          : null
      }
      onChange={(picked) => list.update({ merchant_id: picked?.id ?? null, merchant_name: picked?.name ?? null })}
      placeholder={t('components.merchantFilter.placeholder')}
      label={t('components.merchantFilter.label')}
      testId={testId}
    />
  );
}
