import type { Permission } from '../lib/roles';
import type { LazyPage } from './lazy-page';

export interface PageRoute {
  /** The URL patterns the page answers (wouter's syntax). */
  paths: readonly string[];
  page: LazyPage;
  /** Its link in the navigation and the command palette, in this table's order; none for a record's page. */
  nav?: string;
  /** false: its code is not brought while the operator signs in (lazy-page.ts says why the others' is). */
  preload?: false;
  /** What a member's role needs for the page (lib/roles.ts); every read by default. */
  permission?: Permission;
  /** Only where members sign in (the team's own pages). */
  teamOnly?: true;
}
