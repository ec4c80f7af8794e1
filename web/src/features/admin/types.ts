import type { ApiKey as ApiKeyOut } from '@shared/api/admin.ts';
import type { PublicUser } from '@shared/api/auth.ts';
import type { Role } from '@shared/domain/roles.ts';

/** A user as GET /api/admin/users presents it. */
export type AdminUser = PublicUser;

/** What the user form sends (web-only: the form's own fields). */
export interface UserInput {
  username: string;
  password?: string;
  role: Role;
  access_start: string | null;
  access_end: string | null;
}

/** An API key; `key` is only in the answer to the generation. */
export type ApiKey = ApiKeyOut & { key?: string };
