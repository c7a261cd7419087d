import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

type Issue = $ZodRawIssue;

/** The messages table's sentence for a value that is not valid. */
export const NOT_VALID = 'This value is not valid';

/**
 * zod's own message for a check a contract gave no message of its own ("Too small: expected string
 * to have >=1 characters"), as a plain sentence of the `messages` table, so the form fields show it in
 * the language shown (translateMessage). The contracts' own messages come first: zod uses these only
 * where a schema says nothing.
 */
export function plainValidationMessage(issue: Issue): string {
  const missing = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'This is required' : NOT_VALID;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'This is required' : `Enter at least ${issue.minimum} characters`;
      if (issue.origin === 'number') return `Enter at least ${issue.minimum}`;
      return `Choose at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `Enter at most ${issue.maximum} characters`;
      if (issue.origin === 'number') return `Enter at most ${issue.maximum}`;
      return `Choose at most ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Please enter a valid email address' : NOT_VALID;
    default:
      return missing ? 'This is required' : NOT_VALID;
  }
}

/** From now on, zod's own messages are plain sentences of the `messages` table. */
export function applyPlainValidationMessages(): void {
  z.config({ customError: plainValidationMessage });
}
