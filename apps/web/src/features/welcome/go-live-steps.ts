// The steps to go live, each done or not from what the merchant has set up.
import type { MerchantProfile } from '@kassa/contract/auth';
import type { Page } from '@kassa/contract/common';
import type { ConnectionView } from '@kassa/contract/connections';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { Product } from '@kassa/contract/products';
import { PATHS } from '../../config/paths.ts';

export interface GoLiveStep {
  key: 'profile' | 'connection' | 'product';
  title: string;
  text: string;
  path: string;
  action: string;
  isDone: boolean;
  /** Its page is in the Payment Hub, which opens only once the platform activates the merchant. */
  needsPaymentHub: boolean;
}

/** Buyers see these on every checkout page and invoice (docs/product-rules.md#product-checkout, docs/product-rules.md#public-invoice). */
const PROFILE_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'country'] as const;

export const isProfileComplete = (profile: MerchantProfile | null | undefined) =>
  Boolean(profile && PROFILE_FIELDS.every((field) => String(profile[field] ?? '').trim() !== ''));

export function goLiveSteps(
  input: {
    profile: MerchantProfile | null | undefined;
    connections: ConnectionView[] | null | undefined;
    products: Page<Product> | null | undefined;
    /** Payments taken so far; with no service connected they went through the sandbox. */
    paymentCount?: number | null;
  },
  t: Translate,
): GoLiveStep[] {
  const hasService = Boolean(input.connections?.some((c) => c.kind === 'payment_service' && c.enabled));
  const sandboxPayments = !hasService && (input.paymentCount ?? 0) > 0;
  return [
    {
      key: 'profile',
      title: t('welcome.profile.title'),
      text: t('welcome.profile.text'),
      path: PATHS.setup,
      action: t('welcome.profile.action'),
      isDone: isProfileComplete(input.profile),
      needsPaymentHub: false,
    },
    {
      key: 'connection',
      // A merchant already taking payments through the sandbox is told where they stand, not asked
      // to "connect" as if nothing worked.
      title: sandboxPayments ? t('welcome.connection.sandboxTitle') : t('welcome.connection.title'),
      text: sandboxPayments
        ? t('welcome.connection.sandboxText', { count: input.paymentCount ?? 0 })
        : t('welcome.connection.text'),
      path: PATHS.paymentService,
      action: sandboxPayments ? t('welcome.connection.sandboxAction') : t('welcome.connection.action'),
      isDone: hasService,
      needsPaymentHub: true,
    },
    {
      key: 'product',
      title: t('welcome.product.title'),
      text: t('welcome.product.text'),
      path: PATHS.products,
      action: t('welcome.product.action'),
      isDone: (input.products?.count ?? 0) > 0,
      needsPaymentHub: true,
    },
  ];
}
