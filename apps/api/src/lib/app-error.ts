import { ERROR_STATUS, type ErrorCode } from '@kassa/contract/common';

export interface FieldError {
  path: string;
  message: string;
}

/** The one error type services throw; the error plugin turns it into the failure envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, errors?: FieldError[], headers?: Record<string, string>) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.headers = headers;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found.') => new AppError('not_found', what);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('forbidden', message);
export const unauthorized = (message = 'Please sign in again.') => new AppError('unauthorized', message);
export const invalid = (path: string, message: string) => new AppError('invalid_input', message, [{ path, message }]);
export const businessRule = (message: string) => new AppError('business_rule', message);
export const conflict = (message: string) => new AppError('conflict', message);
