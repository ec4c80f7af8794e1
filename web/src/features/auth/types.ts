import type { Role } from '@shared/domain/roles.ts';

export interface User {
  id: number;
  username: string;
  role: Role;
  access_start: string | null;
  access_end: string | null;
  auth_method?: 'session' | 'api_key';
}

export const isAdmin = (user: User | null | undefined) => user?.role === 'amministratore';
