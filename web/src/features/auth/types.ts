import type { CurrentUserResponse, PublicUser } from '@shared/api/auth.ts';

/** The logged-in user: the login answers without auth_method, the current-user check with it. */
export type User = PublicUser & { auth_method?: CurrentUserResponse['data']['user']['auth_method'] };

export const isAdmin = (user: User | null | undefined) => user?.role === 'amministratore';
