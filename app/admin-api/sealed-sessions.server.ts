/**
 * Shopify's access and refresh tokens sealed at rest. The session storage Shopify's library uses
 * is Shopify's own Drizzle adapter, wrapped: every session is stored with its tokens sealed
 * (AES-256-GCM under ENCRYPTION_KEY/ENCRYPTION_KEYS, `session:<shop>` bound in, as the shipping
 * keys are) and handed back to the library opened. Nothing else changes for the library.
 *
 * Rows stored before sealing hold tokens in plain text: they are still read, and sealed the first
 * time they are (here and in the Admin gateway's own read, `sessions.server.ts`); `npm run
 * secrets:reseal` seals all of them at once.
 */
import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { isSealed, type SecretKeys } from "../secrets/crypto.server";
import { openToken, sealToken } from "./token-seal.server";

function mapTokens(session: Session, change: (token: string) => string): Session {
  const params = session.toObject();
  return new Session({
    ...params,
    ...(params.accessToken ? { accessToken: change(params.accessToken) } : {}),
    ...(params.refreshToken ? { refreshToken: change(params.refreshToken) } : {}),
  });
}

export class SealedSessionStorage implements SessionStorage {
  constructor(
    private readonly inner: SessionStorage,
    private readonly keys: () => SecretKeys,
  ) {}

  private sealed(session: Session): Session {
    return mapTokens(session, (t) => sealToken(t, this.keys(), session.shop));
  }

  private opened(session: Session): Session {
    return mapTokens(session, (t) => openToken(t, this.keys(), session.shop));
  }

  storeSession(session: Session): Promise<boolean> {
    return this.inner.storeSession(this.sealed(session));
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const stored = await this.inner.loadSession(id);
    if (!stored) return undefined;
    const opened = this.opened(stored);
    const plain = [stored.accessToken, stored.refreshToken].some((t) => t && !isSealed(t));
    if (plain) await this.inner.storeSession(this.sealed(opened));
    return opened;
  }

  deleteSession(id: string): Promise<boolean> {
    return this.inner.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    return this.inner.deleteSessions(ids);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    return (await this.inner.findSessionsByShop(shop)).map((s) => this.opened(s));
  }
}
