// The buyer the payment tests pay as: a UK billing address (a postal code, no state).
export const billing = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddress: 'ada@example.com',
  address: {
    line1: '1 Analytical Way',
    city: 'London',
    state: '',
    zipCode: 'N1 9GU',
    postalCode: 'N1 9GU',
    country: 'GB',
  },
};

/** A US buyer (state and ZIP code); the country is a parameter for the anti-fraud country check. */
export const usBilling = (emailAddress = 'ada@example.com', country = 'US') => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddress,
  address: { line1: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', postalCode: '62701', country },
});

/** The customer the Virtual Terminal tests key in, paying with her own billing address. */
export const terminalBilling = {
  firstName: 'Grace',
  lastName: 'Hopper',
  emailAddress: 'grace@example.com',
  address: { line1: '1 Navy Way', city: 'Arlington', state: 'VA', zipCode: '22201', postalCode: '', country: 'US' },
};
