import type { Role } from '../../lib/roles';
import type { OrganizationRow } from '../db/schema/team';
import type { RelyingParty } from './relying-party';
import type { TokenVault } from './vault';

/**
 * What single sign-on needs at run time: the provider, the vault of tokens, the organization members join and the
 * mapping of groups to roles in force.
 */
export interface Sso {
  rp: RelyingParty;
  vault: TokenVault;
  organization(): Promise<OrganizationRow>;
  /** Which group gives which role, as it is in force now (role-map.ts): read at each sign-in and session check. */
  roleMap(): Promise<ReadonlyMap<string, Role>>;
}
