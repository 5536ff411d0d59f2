// Messages for validation failures a schema does not word itself, installed by the API and by the
// web app's forms, so a person never reads zod's defaults ("Invalid input: expected number, received
// NaN"). Schema-level messages still win.
import { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

const message: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'This field is required';
      if (issue.expected === 'number' && typeof issue.input === 'number') return 'Enter a number';
      return `Must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    }
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1 ? 'This field is required' : `Use at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `Add at least ${issue.minimum}`;
      return `Must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `At most ${issue.maximum} allowed`;
      return `Must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `Must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'uuid'
        ? 'Not a valid id'
        : issue.format === 'email'
          ? 'Enter a valid e-mail address'
          : 'Not in the expected format';
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}`;
    default:
      return 'This value is not valid';
  }
};

export function installValidationMessages() {
  z.config({ customError: message });
}
