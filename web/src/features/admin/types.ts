import type { Role } from '@shared/domain/roles.ts';

export interface AdminUser {
  id: number;
  username: string;
  role: Role;
  access_start: string | null;
  access_end: string | null;
  created_at?: string;
}

export interface UserInput {
  username: string;
  password?: string;
  role: Role;
  access_start: string | null;
  access_end: string | null;
}

export interface ApiKey {
  id: number;
  user_id: number;
  username: string | null;
  description: string;
  key_prefix: string;
  key_suffix: string;
  key_masked: string;
  created_at: string;
  /** Only in the answer to the generation. */
  key?: string;
}
