import type { OrganizationRow } from '../db/schema/team';
import type { RelyingParty } from './relying-party';
import type { TokenVault } from './vault';

/** What single sign-on needs at run time: the provider, the vault of tokens, and the organization members join. */
export interface Sso {
  rp: RelyingParty;
  vault: TokenVault;
  organization(): Promise<OrganizationRow>;
}
