import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, seedMembers, sessionFor } from '../../../test/fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { members } from '../../db/schema.ts';
import { createActivityRecorder } from './activity-recorder.ts';

const context = await createTestApp();
afterAll(() => context.app.close());
const { app, clock } = context;
const { db } = context.database;
const DAY_MS = 86_400_000;

async function activityOf(ids: string[]) {
  const rows = await db
    .select({ id: members.id, at: members.lastActiveAt, day: members.activityDay })
    .from(members)
    .where(inArray(members.id, ids));
  return new Map(rows.map((row) => [row.id, { at: row.at.getTime(), day: row.day }]));
}

describe("members' activity", () => {
  it('is written for every member seen, once, off the request, and not for the others', async () => {
    const long = Math.floor(clock.now().getTime() / DAY_MS) - 10;
    const [amina = '', youssef = '', idle = ''] = await seedMembers(db, [
      { gender: 'femme', activityDay: long },
      { gender: 'homme', activityDay: long },
      { gender: 'homme', activityDay: long },
    ]);
    const before = await activityOf([idle]);
    const recorder = createActivityRecorder({ db, clock, log: app.log });
    recorder.touch(amina);
    recorder.touch(youssef);
    recorder.touch(amina);
    await recorder.flush();

    const after = await activityOf([amina, youssef, idle]);
    const today = Math.floor(clock.now().getTime() / DAY_MS);
    expect(after.get(amina)).toEqual({ at: clock.now().getTime(), day: today });
    expect(after.get(youssef)).toEqual({ at: clock.now().getTime(), day: today });
    expect(after.get(idle)).toEqual(before.get(idle));
  });

  it("marks a member active after a request, once the app's next write has run", async () => {
    const [member = ''] = await seedMembers(db, [{ gender: 'femme', activityDay: 1 }]);
    await db
      .update(members)
      .set({ lastActiveAt: new Date(clock.now().getTime() - DAY_MS) })
      .where(inArray(members.id, [member]));
    const token = await sessionFor(db, member);
    const answer = await app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    await expect
      .poll(async () => (await activityOf([member])).get(member)?.day, { timeout: 5000 })
      .toBe(Math.floor(clock.now().getTime() / DAY_MS));
  });

  it('logs a failed write instead of failing, and goes on', async () => {
    const errors: unknown[] = [];
    const log = { ...app.log, error: (entry: unknown) => errors.push(entry) } as typeof app.log;
    const broken = {
      update: () => {
        throw new Error('database gone');
      },
    } as never;
    const recorder = createActivityRecorder({ db: broken, clock, log });
    recorder.touch('someone');
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
