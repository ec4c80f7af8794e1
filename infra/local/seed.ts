import { randomBytes } from 'node:crypto';
import { DEFAULT_TIPOLOGIE } from '../../shared/domain/tipologie.ts';
import { hashPassword } from '../../functions/auth/passwords.ts';
import type { AppContext } from '../../functions/config/context.ts';
import { countUsers, createUser } from '../../functions/storage/repositories/users.ts';
import { createTipologia, listTipologie } from '../../functions/storage/repositories/tipologie.ts';

export interface SeedResult {
  /** Set only when the admin was created now: shown once, never stored in clear. */
  adminPassword?: string;
  adminUsername: string;
}

/** On an empty database: the `admin` user and the default DEI typologies of spec section 3. */
export async function seed(ctx: AppContext, adminPassword: string | undefined): Promise<SeedResult> {
  const result: SeedResult = { adminUsername: 'admin' };
  if ((await countUsers(ctx)) === 0) {
    const password = adminPassword || randomBytes(12).toString('base64url');
    await createUser(ctx, {
      username: 'admin',
      role: 'amministratore',
      access_start: null,
      access_end: null,
      password_hash: await hashPassword(password),
    });
    result.adminPassword = password;
  }
  if ((await listTipologie(ctx)).length === 0) {
    for (const t of DEFAULT_TIPOLOGIE) await createTipologia(ctx, { ...t, attivo: true });
  }
  return result;
}
