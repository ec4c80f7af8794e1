import type { Role } from '../../shared/domain/roles.ts';

/** Who calls: what the auth middleware proved, read by services and repositories (no HTTP here). */
export interface Principal {
  id: number;
  username: string;
  role: Role;
  /** How the caller proved who they are. */
  via: 'session' | 'api_key';
  /** Session id, to revoke it at logout. */
  jti?: string;
}
