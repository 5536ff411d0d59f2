// What a bench buyer sends to POST /apiv1/pay/charge/: the sandbox's always-approved card and a
// billing address, for the checkout token it was given.
export const sandboxChargeBody = (token: string) => ({
  token,
  method: 'card',
  card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
  billing: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailAddress: 'ada@example.com',
    address: { line1: '1 Analytical Way', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'US' },
  },
});
