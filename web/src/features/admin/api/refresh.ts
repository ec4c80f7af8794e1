import { mutate } from 'swr';
import { API_KEYS_KEY } from './get-api-keys.ts';
import { DASHBOARD_KEY } from './get-dashboard.ts';
import { USERS_KEY } from './get-users.ts';

/** Users, API keys and the dashboard counters change together: each admin action reloads them. */
export const refreshAdmin = () => Promise.all([mutate(USERS_KEY), mutate(API_KEYS_KEY), mutate(DASHBOARD_KEY)]);
