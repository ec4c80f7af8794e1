export const ROLES = ['redattore', 'amministratore'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'redattore';

export const ROLE_LABEL: Record<Role, string> = {
  amministratore: 'Amministratore',
  redattore: 'Redattore',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
