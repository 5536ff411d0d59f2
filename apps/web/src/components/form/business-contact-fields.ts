// A business's name and contact fields, named alike by the merchant register/edit form and the
// merchant's own business profile, so a server field error lands on either form the same way.
export const BUSINESS_CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'country',
] as const;
