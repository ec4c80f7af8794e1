import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useLocation } from 'react-router-dom';
import { ApiError, getToken, setToken, setUnauthorizedHandler, USER_KEY } from '@/lib/api-client.ts';
import { getCurrentUser } from './api/get-current-user.ts';
import { loginRequest } from './api/login.ts';
import { logoutRequest } from './api/logout.ts';
import type { User } from './types.ts';

/** Spec section 4: the current user is re-checked on load and every 25 minutes. */
export const RECHECK_MS = 1_500_000;

interface AuthState {
  user: User | null;
  /** True until the first check of a stored token has answered. */
  checking: boolean;
  login: (username: string, password: string) => Promise<void>;
  loginWithToken: (token: string) => Promise<void>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

function storedUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(() => (getToken() ? storedUser() : null));
  const [checking, setChecking] = useState<boolean>(() => Boolean(getToken()));
  const navigate = useNavigate();
  const location = useLocation();
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;

  const setUser = useCallback((u: User | null) => {
    setUserState(u);
    if (u) localStorage.setItem(USER_KEY, JSON.stringify(u));
    else localStorage.removeItem(USER_KEY);
  }, []);

  const clear = useCallback(() => {
    setToken(null);
    setUser(null);
  }, [setUser]);

  // A 401 on any call but the current-user check ends the session.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clear();
      if (pathRef.current !== '/login') navigate('/login', { replace: true, state: { from: pathRef.current } });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [clear, navigate]);

  const recheck = useCallback(async () => {
    if (!getToken()) {
      setChecking(false);
      return;
    }
    try {
      const u = await getCurrentUser();
      if (u) setUser(u);
      else clear();
    } catch (err) {
      // Only a refusal ends the session; a network blip keeps it.
      if (err instanceof ApiError && err.status !== 0) clear();
    } finally {
      setChecking(false);
    }
  }, [clear, setUser]);

  useEffect(() => {
    void recheck();
    const timer = setInterval(() => void recheck(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [recheck]);

  const login = useCallback(
    async (username: string, password: string) => {
      try {
        const { user: u, token } = await loginRequest(username, password);
        if (!u || !token) throw new Error('Risposta del server non valida - mancano dati utente o token');
        setToken(token);
        setUser(u);
      } catch (err) {
        clear();
        throw err;
      }
    },
    [clear, setUser],
  );

  const loginWithToken = useCallback(
    async (token: string) => {
      setToken(token);
      try {
        const u = await getCurrentUser(token);
        if (!u) throw new Error('Token non valido o risposta del server non valida');
        setUser(u);
      } catch (err) {
        clear();
        throw err;
      }
    },
    [clear, setUser],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // Logged out locally whatever the server says.
    } finally {
      clear();
      navigate('/login', { replace: true });
    }
  }, [clear, navigate]);

  const value = useMemo(() => ({ user, checking, login, loginWithToken, logout }), [user, checking, login, loginWithToken, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
