// Editing a merchant's business profile from its detail page: the merchant form filled from the
// profile, saved with a PATCH. Owner and master merchant are set only at registration.
import type { MerchantAdminProfile } from '@kassa/contract/merchants';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { patchMerchant } from '../api/merchants-api.ts';
import { MerchantFormModal } from './merchant-form-modal.tsx';
import type { MerchantFormInput } from './merchant-form-schema.ts';

function profileToForm(merchant: MerchantAdminProfile): MerchantFormInput {
  return {
    name: merchant.name,
    email: merchant.email,
    phone: merchant.phone ?? '',
    address: merchant.address,
    city: merchant.city,
    state: merchant.state,
    zip_code: merchant.zip_code,
    country: merchant.country,
    default_currency: merchant.default_currency,
    website: merchant.website,
    industry_type_id: merchant.industry_type_id ?? '',
    logo: merchant.logo,
  };
}

export function EditMerchantModal({
  merchant,
  onHide,
  onSaved,
}: {
  merchant: MerchantAdminProfile;
  onHide: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = usePortalI18n();
  return (
    <MerchantFormModal
      mode="edit"
      show
      defaultValues={profileToForm(merchant)}
      onHide={onHide}
      onSubmit={async ({ owner: _owner, master_merchant_id: _master, ...profile }) => {
        const response = await patchMerchant(merchant.id, profile);
        showToast('success', apiSuccessMessage(response.message, t('merchants.saved')));
        await onSaved();
      }}
    />
  );
}
