import * as z from 'zod';
import { badRequest } from '../errors.js';

/**
 * Turns zod issues into class-validator style messages, because the spec's error bodies are in that
 * dialect (`property x should not exist`, `password must be longer than or equal to 8 characters`).
 */
export function issueMessages(error: z.ZodError, root = ''): string[] {
  const out: string[] = [];
  for (const issue of error.issues) {
    const path = [root, ...issue.path.map(String)].filter(Boolean).join('.');
    const name = path || 'value';
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) out.push(`property ${path ? `${path}.` : ''}${key} should not exist`);
        break;
      case 'invalid_type':
        // zod omits `input` from issues unless asked; its message names what it received.
        if (/received undefined$/.test(issue.message)) out.push(`${name} should not be empty`);
        else out.push(`${name} must be ${article(issue.expected)}`);
        break;
      case 'too_small':
        out.push(
          issue.origin === 'string'
            ? `${name} must be longer than or equal to ${issue.minimum} characters`
            : issue.origin === 'array'
              ? `${name} must contain at least ${issue.minimum} elements`
              : `${name} must not be less than ${issue.minimum}`,
        );
        break;
      case 'too_big':
        out.push(
          issue.origin === 'string'
            ? `${name} must be shorter than or equal to ${issue.maximum} characters`
            : issue.origin === 'array'
              ? `${name} must contain no more than ${issue.maximum} elements`
              : `${name} must not be greater than ${issue.maximum}`,
        );
        break;
      case 'invalid_format':
        if (issue.format === 'email') out.push(`${name} must be an email`);
        // A pattern's own message says what is allowed ("slug must be lower_snake…"); zod's default
        // ("Invalid string: must match pattern /…/") is left for the generic phrase.
        else if (issue.format === 'regex' && !issue.message.startsWith('Invalid')) out.push(underName(name, issue.message));
        else out.push(`${name} must match the ${issue.format} format`);
        break;
      case 'invalid_value':
        out.push(`${name} must be one of the following values: ${issue.values.map(String).join(', ')}`);
        break;
      default:
        out.push(issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`);
    }
  }
  return [...new Set(out)];
}

/** A message written for the field's own key ("name must…") said under its whole path ("actions.0.name must…"). */
function underName(name: string, message: string) {
  if (message.startsWith(name)) return message;
  const leaf = name.split('.').pop() ?? '';
  return leaf && message.startsWith(`${leaf} `) ? `${name}${message.slice(leaf.length)}` : `${name}: ${message}`;
}

const article = (t: string) => (t === 'object' ? 'an object' : t === 'array' ? 'an array' : t === 'int' ? 'an integer number' : `a ${t}`);

/** Parses or throws the spec's 400 `{statusCode:400, message:[...]}`. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, root = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(issueMessages(result.error, root));
  return result.data;
}
