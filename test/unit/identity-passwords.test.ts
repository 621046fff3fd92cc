import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, assertStrongPassword } from '../../shared/workspace/identity/passwords.js';

describe('password policy', () => {
  it('has 30 common passwords and rejects them before the length rule', () => {
    expect(COMMON_PASSWORDS.size).toBe(30);
    expect(() => assertStrongPassword('Password1')).toThrow('Password is too common. Please choose a stronger one.');
    expect(() => assertStrongPassword('Zx8$kq2Lm')).toThrow('at least 10');
    expect(() => assertStrongPassword('Zx8$kq2Lm0')).not.toThrow();
  });
});
