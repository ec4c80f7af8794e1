import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, MIN_PASSWORD_LENGTH, PASSWORD_IS_USERNAME, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, passwordProblem } from '../../../shared/security/passwords.ts';
import { ADMIN_PASSWORD } from '../../support/runtime.ts';

describe('the password rule', () => {
  it('refuses short, common (any case, Italian ones too) and username-equal passwords', () => {
    // Prepare
    const cases: Array<[string, string, string | null]> = [
      ['123456789', 'mario', PASSWORD_TOO_SHORT],
      ['àèìòù1234', 'mario', PASSWORD_TOO_SHORT],
      ['password1234', 'mario', PASSWORD_TOO_COMMON],
      ['QWERTYUIOP', 'mario', PASSWORD_TOO_COMMON],
      ['1234567890', 'mario', PASSWORD_TOO_COMMON],
      ['forzainter1', 'mario', PASSWORD_TOO_COMMON],
      ['ciaociao123', 'mario', PASSWORD_TOO_COMMON],
      ['Mario.Rossi1', 'mario.rossi1', PASSWORD_IS_USERNAME],
      ['tetto-di-rame-42', 'mario', null],
    ];
    for (const [password, username, expected] of cases) {
      // Act / Assess
      expect(passwordProblem(password, username), password).toBe(expected);
    }
  });

  it('holds about two hundred common passwords, all as long as the minimum', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    expect([...COMMON_PASSWORDS].every((p) => p.length >= MIN_PASSWORD_LENGTH && p === p.toLowerCase())).toBe(true);
  });

  it('accepts the password the first start generates and the one the tests seed', () => {
    // The seed's generator: randomBytes(12) in base64url (infra/local/seed.ts).
    for (let i = 0; i < 50; i++) expect(passwordProblem(randomBytes(12).toString('base64url'), 'admin')).toBeNull();
    expect(passwordProblem(ADMIN_PASSWORD, 'admin')).toBeNull();
  });
});
