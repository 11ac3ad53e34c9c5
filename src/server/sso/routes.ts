import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { escapeHtml } from '../../lib/escape-html';
import { Refusal } from '../errors';
import { originOf, teamRoute } from '../pipeline/route';
import type { Team } from '../team';
import { type PasswordRuleChange, passwordRuleView } from './password-rule';
import { askPasswordRule } from './password-rule-request';
import { logOutFromProvider } from './sessions';
import { ATTEMPT_TTL_MS, beginSignIn, finishSignIn, handOff } from './sign-in';

/** The cookie that binds a sign-in to the browser that started it (login CSRF): nothing else, for ten minutes. */
const ATTEMPT_COOKIE = 'payout_console_sso';
const COOKIE_PATH = '/api/team/sso';

const notConfigured = () =>
  new Refusal(404, 'sso-off', 'This console does not sign in through an identity provider');

function cookieOptions(team: Team) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: team.publicOrigin.startsWith('https:'),
    maxAge: Math.floor(ATTEMPT_TTL_MS / 1000),
  };
}

/** A refusal a person meets in their browser, mid-redirect: a page that says what was wrong and how to start again. */
function refusalPage(c: Context, refusal: Refusal) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in refused</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<main><h1>Sign-in refused</h1><p role="alert">${escapeHtml(refusal.message)}</p>
<p><a href="/sign-in">Back to sign-in</a></p></main></body></html>`;
  return c.html(html, refusal.status);
}

/** Off with the break-glass admin named, or on again for everyone (sso/password-rule.ts). */
const passwordRuleBody = z.discriminatedUnion('passwords', [
  z
    .object({
      passwords: z.literal('off'),
      break_glass_member_id: z.string().trim().min(1, 'Choose the break-glass admin').max(100),
    })
    .strict(),
  z.object({ passwords: z.literal('on'), break_glass_member_id: z.null().optional() }).strict(),
]);

/** Signing in through the company's identity provider (OpenID Connect; sso/, README "Single sign-on"). */
export const ssoRoutes = [
  teamRoute({
    method: 'GET',
    path: '/sso/start',
    access: 'public',
    action: 'sso.start',
    async handle({ c, team }) {
      if (!team.sso) return notConfigured();
      const { attemptId, url } = await beginSignIn(team, team.sso);
      setCookie(c, ATTEMPT_COOKIE, attemptId, cookieOptions(team));
      return c.redirect(url.href, 302);
    },
  }),
  teamRoute({
    method: 'GET',
    path: '/sso/callback',
    access: 'public',
    action: 'sso.callback',
    async handle({ c, team, line }) {
      if (!team.sso) return notConfigured();
      // The redirect URI as registered, whatever Host this request came with (a proxy in front).
      const returned = new URL(team.sso.rp.settings.redirectUri);
      returned.search = new URL(c.req.url).search;
      const finished = await finishSignIn(team, team.sso, getCookie(c, ATTEMPT_COOKIE), returned);
      if (finished instanceof Refusal) {
        line.detail = finished.message;
        return refusalPage(c, finished);
      }
      const member = finished.admitted.member;
      line.actor = { orgId: member.org_id, memberId: member.id, email: member.email, role: member.role };
      return c.redirect(`${team.publicOrigin}/sign-in?sso=${encodeURIComponent(finished.code)}`, 302);
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/sso/handoff',
    access: 'public',
    body: z.object({ code: z.string().min(1).max(200), totp: z.string().trim().max(10).optional() }).strict(),
    action: 'sign-in',
    async handle({ c, team, body, line }) {
      if (!team.sso) return notConfigured();
      const handed = await handOff(team, team.sso, getCookie(c, ATTEMPT_COOKIE), body);
      if (handed instanceof Refusal) {
        // Asked for the code: a step, not a failure; the cookie stays for the code's answer.
        if (handed.code === 'totp-required') line.outcome = 'ok';
        else deleteCookie(c, ATTEMPT_COOKIE, { path: COOKIE_PATH });
        return handed;
      }
      deleteCookie(c, ATTEMPT_COOKIE, { path: COOKIE_PATH });
      const { member } = handed;
      line.actor = { orgId: member.org_id, memberId: member.id, email: member.email, role: member.role };
      line.detail = `through ${team.sso.rp.settings.providerName}`;
      return c.json(handed.session, 201);
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/sso/backchannel-logout',
    access: 'public',
    action: 'sso.logout',
    async handle({ c, team, line }) {
      if (!team.sso) return notConfigured();
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const token = form.logout_token;
      if (typeof token !== 'string' || token.length > 10_000) {
        line.detail = 'No logout token';
        return c.json({ error: 'invalid_request', error_description: 'logout_token is required' }, 400);
      }
      let who: { subject: string | null; sid: string | null };
      try {
        who = await team.sso.rp.logoutOf(token);
      } catch (failure) {
        line.detail = `A logout token that does not verify: ${(failure as Error).message.slice(0, 120)}`;
        return c.json(
          { error: 'invalid_request', error_description: 'The logout token does not verify' },
          400,
        );
      }
      const { ended, memberIds } = await logOutFromProvider(team, team.sso, who);
      line.targets = memberIds;
      line.detail = `${ended} session(s) ended`;
      c.header('Cache-Control', 'no-store');
      return c.body(null, 200);
    },
  }),
  teamRoute({
    method: 'GET',
    path: '/password-rule',
    access: 'admin',
    action: 'password-rule.read',
    async handle({ c, member, team }) {
      return c.json(await passwordRuleView(team, member.organization.id));
    },
  }),
  teamRoute({
    method: 'PUT',
    path: '/password-rule',
    access: 'admin',
    body: passwordRuleBody,
    action: 'password-rule.change',
    async handle({ c, body, member, line, team }) {
      const change: PasswordRuleChange =
        body.passwords === 'off'
          ? { passwords: 'off', break_glass_member_id: body.break_glass_member_id }
          : { passwords: 'on', break_glass_member_id: null };
      const request = await askPasswordRule(team, member, change, originOf(team));
      if (request instanceof Refusal) return request;
      line.targets = [...(change.break_glass_member_id ? [change.break_glass_member_id] : []), request.id];
      return c.json({ kind: 'waiting', request }, 202);
    },
  }),
];
