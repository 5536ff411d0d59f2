// What other buyer pages (the customer portal) use of the checkout feature: its fetch helper, frame,
// loading and error states, merchant logo, in-page navigation and the sign-in link's e-mail field
// (docs/ARCHITECTURE.md#layers).
export { buyerErrorMessage, checkoutErrorMessage, checkoutRequest } from './api/checkout-fetch.ts';
export { useCheckoutNavigate } from './checkout-navigation.tsx';
export { CheckoutFrame, CheckoutSpinner, CheckoutUnavailable } from './components/checkout-frame.tsx';
export { CheckoutSkeleton } from './components/checkout-skeleton.tsx';
export { EmailLinkField, useEmailLinkRequest } from './components/email-link-field.tsx';
export { MerchantLogo } from './components/merchant-header.tsx';
