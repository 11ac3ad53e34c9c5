import type { Db } from './db';
import { sql } from './prepare';

export interface AddressRow {
  id: string;
  user_id: string;
  line_1: string;
  line_2: string | null;
  line_3: string | null;
  city: string;
  state: string;
  postcode: string;
  country: string;
  created: string;
  created_ms: number;
}

export function insertAddress(db: Db, row: AddressRow): void {
  sql(
    db,
    `INSERT INTO addresses (id, user_id, line_1, line_2, line_3, city, state, postcode, country, created, created_ms)
     VALUES (@id, @user_id, @line_1, @line_2, @line_3, @city, @state, @postcode, @country, @created, @created_ms)`,
  ).run(row);
}

/** Newest first; addresses added in the same millisecond keep their insertion order (last added first). */
export function addressesOf(db: Db, userId: string): AddressRow[] {
  return sql<AddressRow>(
    db,
    'SELECT * FROM addresses WHERE user_id = ? ORDER BY created_ms DESC, seq DESC',
  ).all(userId);
}
