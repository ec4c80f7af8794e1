import { accessStatus } from '../../shared/domain/access.ts';
import { newJti, SESSION_SECONDS, signSession } from '../auth/tokens.ts';
import { ACCESS_PERIOD_DETAIL, ForbiddenError } from '../errors.ts';
import { clientAddress } from '../http/client-address.ts';
import { SESSION_COOKIE } from '../http/middleware.ts';
import { resourceHandler } from '../http/resource.ts';
import { ok } from '../http/respond.ts';
import { defineRoute, requirePrincipal } from '../http/types.ts';
import { checkCredentials, createSession, revokeSession } from '../services/sessions.ts';
import { requireUser, toPublicUser } from '../services/users.ts';

function sessionCookie(value: string, maxAge: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAge}`, ...(secure ? ['Secure'] : [])].join('; ');
}

const login = defineRoute('POST /api/auth/login', async (req, ctx) => {
  const { username, password } = req.body;
  const address = clientAddress(req.event, Boolean(ctx.config.behindCloudFront));
  const user = await checkCredentials(ctx, username, password, address);
  if (accessStatus(user.access_start, user.access_end, ctx.now()) !== 'active') throw new ForbiddenError(ACCESS_PERIOD_DETAIL);

  const jti = newJti();
  const { token, expiresAt } = signSession(
    await ctx.config.signingSecret(),
    { sub: String(user.id), jti, role: user.role, username: user.username },
    ctx.now(),
  );
  await createSession(ctx, { jti, user_id: user.id, expires_at: expiresAt });
  return ok(
    { user: toPublicUser(user), token, expires_at: new Date(expiresAt * 1000).toISOString() },
    undefined,
    200,
    [sessionCookie(token, SESSION_SECONDS, ctx.config.secureCookies)],
  );
});

const currentUser = defineRoute('GET /api/auth/user', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const user = await requireUser(ctx, principal.id);
  return ok({ user: { ...toPublicUser(user), auth_method: principal.via } });
});

const logout = defineRoute('POST /api/auth/logout', async (req, ctx) => {
  const principal = requirePrincipal(req);
  if (principal.jti) await revokeSession(ctx, principal.jti);
  return ok({ message: 'Logout effettuato' }, undefined, 200, [sessionCookie('', 0, ctx.config.secureCookies)]);
});

export const actions = { login, currentUser, logout };
export const handler = resourceHandler(actions);
