// The API's hosted pages (the card fields' and the approval popup's shells, the approval page's own
// texts) in English (docs/i18n.md). Plain texts, no ICU: the approval script carries them all.
export const hostedEn = {
  'page.fieldsTitle': 'Secure payment',
  'page.fieldsLoading': 'Loading the secure payment form…',
  'page.approvalTitle': 'Approve your payment',
  'page.approvalLoading': 'Loading the payment…',
  'page.returnTitle': 'Payment authentication',
  'approval.badge': 'Secure payment confirmation',
  'approval.title': 'Confirm your payment',
  'approval.merchant': 'Merchant',
  'approval.amount': 'Amount',
  'approval.description': 'Description',
  'approval.approve': 'Approve',
  'approval.decline': 'Decline',
  'approval.closesSoon': 'This window closes by itself.',
  'approval.canClose': 'You can close this window.',
  'outcome.approved': 'Payment approved.',
  'outcome.declined': 'Payment declined.',
  'outcome.alreadyApproved': 'This payment has already been approved.',
  'outcome.alreadyDeclined': 'This payment has already been declined.',
  'outcome.notWaiting': 'This payment no longer waits for approval.',
  'outcome.pending': 'Your bank is still confirming this payment.',
  'outcome.notFound': 'This payment does not exist.',
  'error.generic': 'Something went wrong. Please try again.',
  'error.unreachable': 'We could not reach the payment server. Check your connection and try again.',
} as const;

export type HostedKey = keyof typeof hostedEn;
