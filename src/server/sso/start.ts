import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import type { Team } from '../team';
import { RelyingParty } from './relying-party';
import { roleMapInForce, settleRoleMap } from './role-map';
import type { SsoSettings } from './settings';
import type { Sso } from './sso';
import { TokenVault } from './vault';

/**
 * Single sign-on for the organization whose client id members join (upstream: the one organization; the sandbox:
 * the demo's). The provider is discovered once, at start: a console that cannot reach it does not start half-way. The
 * environment's mapping of groups to roles is settled against the stored one then (role-map.ts).
 */
export async function startSso(
  team: Team,
  settings: SsoSettings,
  orgClientId: string,
  fetchWith?: typeof fetch,
): Promise<Sso> {
  const rp = await RelyingParty.discover(settings, fetchWith);
  const organization = async () => {
    const org = await findOrganizationByClientId(team.database.db, orgClientId);
    if (!org) throw new Error(`No organization with client id ${orgClientId} in the console database`);
    return org;
  };
  // The groups mean these people only under this provider and this claim: both are sealed with the mapping.
  const mapping = {
    roleOfGroup: settings.roleOfGroup,
    issuer: settings.issuer.href,
    groupsClaim: settings.groupsClaim,
  };
  await settleRoleMap(team, await organization(), mapping);
  return {
    rp,
    vault: new TokenVault(team.auditKey.secret),
    organization,
    async roleMap() {
      return roleMapInForce(team, (await organization()).id, mapping);
    },
  };
}
