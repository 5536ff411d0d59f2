// The financial connection form's values as typed and how a saved partner fills them. The shared
// secret always starts empty: the server never sends it back, and an empty one on edit keeps it.
import type { FinancialConnectionView } from '@kassa/contract/financing';

export interface FinancialConnectionFormValues {
  name: string;
  description: string;
  logo: string;
  sso_url: string;
  shared_secret: string;
  industry_type_ids: string[];
  is_active: boolean;
}

/** Fields the server may name in a 400's errors list. */
export const FINANCIAL_CONNECTION_FORM_FIELDS = [
  'name',
  'description',
  'logo',
  'sso_url',
  'shared_secret',
  'industry_type_ids',
  'is_active',
] as const satisfies readonly (keyof FinancialConnectionFormValues)[];

export function financialConnectionToForm(editing: FinancialConnectionView | null): FinancialConnectionFormValues {
  return {
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    logo: editing?.logo ?? '',
    sso_url: editing?.sso_url ?? '',
    shared_secret: '',
    industry_type_ids: editing?.industry_type_ids ?? [],
    is_active: editing?.is_active ?? true,
  };
}
