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
