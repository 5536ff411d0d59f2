// The steps to go live, each done or not from what the merchant has set up.
import type { MerchantProfile } from '@kassa/contract/auth';
import type { Page } from '@kassa/contract/common';
import type { ConnectionView } from '@kassa/contract/connections';
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

export function goLiveSteps(input: {
  profile: MerchantProfile | null | undefined;
  connections: ConnectionView[] | null | undefined;
  products: Page<Product> | null | undefined;
  /** Payments taken so far; with no service connected they went through the sandbox. */
  paymentCount?: number | null;
}): GoLiveStep[] {
  const hasService = Boolean(input.connections?.some((c) => c.kind === 'payment_service' && c.enabled));
  const sandboxPayments = !hasService && (input.paymentCount ?? 0) > 0;
  return [
    {
      key: 'profile',
      title: 'Complete your business profile',
      text: 'Name, contact details and address appear on your checkout pages and invoices.',
      path: PATHS.setup,
      action: 'Open Setup',
      isDone: isProfileComplete(input.profile),
      needsPaymentHub: false,
    },
    {
      key: 'connection',
      // A merchant already taking payments through the sandbox is told where they stand, not asked
      // to "connect" as if nothing worked.
      title: sandboxPayments ? 'Move from the sandbox to real payments' : 'Connect a payment service',
      text: sandboxPayments
        ? `Your ${input.paymentCount} payments so far went through the Kassa sandbox, which moves no real money. Connect your processor to take real payments.`
        : 'Choose the processor that takes your card payments (the sandbox works for testing).',
      path: PATHS.paymentService,
      action: sandboxPayments ? 'Connect your processor' : 'Connect',
      isDone: hasService,
      needsPaymentHub: true,
    },
    {
      key: 'product',
      title: 'Add your first product',
      text: 'Each product gets a checkout link and a QR code to share.',
      path: PATHS.products,
      action: 'Add a product',
      isDone: (input.products?.count ?? 0) > 0,
      needsPaymentHub: true,
    },
  ];
}
