import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/** Moves a user's codes back in time, as if `seconds` had passed since they were sent. */
export function ageCodes(db: Db, email: string, seconds: number) {
  return db.execute(sql`update one_time_codes set
    created_at = created_at - make_interval(secs => ${seconds}), expires_at = expires_at - make_interval(secs => ${seconds})
    where user_id = (select id from users where email = ${email})`);
}
