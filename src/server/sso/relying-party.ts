import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { providerCheckedMfa, type SsoSettings } from './settings';

/** What the provider vouched for at sign-in, kept until the person's page exchanges it for a session. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  groups: unknown;
  /** The provider's session (for back-channel logout), when it says. */
  sid: string | null;
  /** When the provider's vouching ends unless renewed: the ID token's expiry. */
  expiresAt: string;
  /** The provider says it checked a second factor at this sign-in (its amr or acr). */
  mfa: boolean;
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
}

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * The console as an OpenID relying party (openid-client): the authorization code flow with PKCE, state and nonce;
 * openid-client checks the ID token's signature against the provider's keys, its issuer, audience, expiry and nonce.
 */
export class RelyingParty {
  private constructor(
    readonly settings: SsoSettings,
    private readonly configuration: oidc.Configuration,
    private readonly keys: ReturnType<typeof createRemoteJWKSet>,
  ) {}

  /** `fetchWith`: how to reach the provider (tests put a fault in the way); the platform's fetch otherwise. */
  static async discover(settings: SsoSettings, fetchWith?: typeof fetch): Promise<RelyingParty> {
    // A provider on this machine (tests, the demo) may speak plain HTTP; any other must use HTTPS.
    const local = /^(localhost|127\.|\[::1\])/.test(settings.issuer.host);
    const configuration = await oidc.discovery(
      settings.issuer,
      settings.clientId,
      settings.clientSecret,
      undefined,
      {
        // The ID token's signature is checked against the provider's published keys, even over TLS (a token the
        // provider did not sign is refused whatever channel brought it).
        execute: local
          ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
          : [oidc.enableNonRepudiationChecks],
      },
    );
    if (fetchWith) configuration[oidc.customFetch] = fetchWith as never;
    const jwksUri = configuration.serverMetadata().jwks_uri;
    if (!jwksUri) throw new Error('The OpenID provider publishes no keys (jwks_uri)');
    return new RelyingParty(settings, configuration, createRemoteJWKSet(new URL(jwksUri)));
  }

  get issuer(): string {
    return this.configuration.serverMetadata().issuer;
  }

  /** Where to send the person, and what to keep to check their return. */
  async start(): Promise<{ url: URL; state: string; nonce: string; codeVerifier: string }> {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(this.configuration, {
      redirect_uri: this.settings.redirectUri,
      scope: `openid email profile ${this.settings.groupsClaim}`,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /** The person's return: the code exchanged and the ID token checked, or an error that says what was wrong. */
  async finish(
    returned: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ identity: SsoIdentity; tokens: ProviderTokens }> {
    const answer = await oidc.authorizationCodeGrant(this.configuration, returned, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = answer.claims();
    if (!claims) throw new Error('The provider answered without an ID token');
    // Many providers put the email and groups in userinfo only (its subject must be the ID token's).
    const said: Record<string, unknown> =
      claims[this.settings.groupsClaim] === undefined || claims.email === undefined
        ? { ...(await oidc.fetchUserInfo(this.configuration, answer.access_token, claims.sub)), ...claims }
        : claims;
    return {
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof said.email === 'string' ? said.email : null,
        emailVerified: said.email_verified === true,
        name: typeof said.name === 'string' ? said.name : null,
        groups: said[this.settings.groupsClaim],
        sid: typeof claims.sid === 'string' ? claims.sid : null,
        expiresAt: new Date(claims.exp * 1000).toISOString(),
        mfa: providerCheckedMfa(claims as { amr?: unknown; acr?: unknown }, this.settings.mfa),
      },
      tokens: { accessToken: answer.access_token, refreshToken: answer.refresh_token ?? null },
    };
  }

  /**
   * Asks the provider again who the person is: userinfo with the access token, renewed by the refresh token when it
   * has lapsed. Null when the provider no longer vouches for them (disabled, removed, tokens revoked).
   */
  async recheck(
    subject: string,
    tokens: ProviderTokens,
  ): Promise<{ groups: unknown; tokens: ProviderTokens; expiresAt: string | null } | null> {
    const read = async (accessToken: string) => {
      const info = await oidc.fetchUserInfo(this.configuration, accessToken, subject);
      return info[this.settings.groupsClaim];
    };
    try {
      return { groups: await read(tokens.accessToken), tokens, expiresAt: null };
    } catch {
      if (!tokens.refreshToken) return null;
    }
    try {
      const renewed = await oidc.refreshTokenGrant(this.configuration, tokens.refreshToken);
      const next = {
        accessToken: renewed.access_token,
        refreshToken: renewed.refresh_token ?? tokens.refreshToken,
      };
      const exp = renewed.claims()?.exp;
      return {
        groups: await read(next.accessToken),
        tokens: next,
        expiresAt: exp ? new Date(exp * 1000).toISOString() : null,
      };
    } catch {
      return null;
    }
  }

  /** A back-channel logout token, checked (signature, issuer, audience, event, no nonce): whom it signs out. */
  async logoutOf(token: string): Promise<{ subject: string | null; sid: string | null }> {
    const { payload } = await jwtVerify(token, this.keys, {
      issuer: this.issuer,
      audience: this.settings.clientId,
      maxTokenAge: '5m',
    });
    const events = payload.events as Record<string, unknown> | undefined;
    if (!events || typeof events !== 'object' || !(BACKCHANNEL_EVENT in events)) {
      throw new Error('not a back-channel logout token');
    }
    if ('nonce' in payload) throw new Error('a logout token carries no nonce');
    const subject = typeof payload.sub === 'string' ? payload.sub : null;
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    if (!subject && !sid) throw new Error('a logout token names a subject or a session');
    return { subject, sid };
  }
}
