import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** A person known to the test provider. */
export interface TestPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at the provider will be (the provider's own login step answers as this person). */
  signInAs(sub: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package, its in-memory adapter) on 127.0.0.1, with one confidential
 * client for `redirectUri`. Its login and consent steps answer at once as the person `signInAs` chose, so a test
 * (or a browser) goes through the whole code flow — authorization, consent grant, token, userinfo — unattended.
 */
export async function startTestProvider(opts: { redirectUri: string; people: TestPerson[]; port?: number }): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const clientId = 'grabline-test';
  const clientSecret = 'grabline-test-secret-0123456789';
  let current = opts.people[0]?.sub;

  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [opts.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    async findAccount(_ctx: unknown, id: string) {
      const person = opts.people.find((p) => p.sub === id);
      return person && { accountId: id, claims: async () => ({ ...person }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], groups: ['groups'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ['grabline-test-provider-cookie-key'] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
  });
  const handle = provider.callback();

  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: current } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId!, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (sub) => {
      current = sub;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
