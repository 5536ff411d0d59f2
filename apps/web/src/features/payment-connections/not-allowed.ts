// A 403 from the connections API: the merchant may not (yet) connect providers here — the platform
// has not allowed connections, the Payment Hub is not active, or the user lacks access (docs/product-rules.md#roles-and-permissions).
export const isNotAllowed = (error: unknown): error is { message: string } =>
  Boolean(
    error &&
      typeof error === 'object' &&
      'code' in error &&
      error.code === 'forbidden' &&
      'message' in error &&
      typeof error.message === 'string',
  );
