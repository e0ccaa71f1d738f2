import { describe, expect, it } from 'vitest';
import { seedMembers } from '../../test/fixtures.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import {
  findCredentials,
  findMemberByEmail,
  findMemberByGoogleSubject,
  findMemberById,
  insertMember,
  lockMember,
  updateMember,
} from './members.repository.ts';

const database = await openTestDatabase();
const { db } = database;

describe('the members repository', () => {
  it('reads members without their password hash; only the sign-in check gets it', async () => {
    const [id] = await seedMembers(db, [{ gender: 'femme' }]);
    if (!id) throw new Error('no member');
    await updateMember(db, id, { passwordHash: '$argon2id$secret', googleSubject: 'g-1' });
    const member = await findMemberById(db, id);
    if (!member) throw new Error('no member');

    const reads = [
      member,
      await findMemberByEmail(db, member.email.toUpperCase()),
      await findMemberByGoogleSubject(db, 'g-1'),
      await db.transaction((tx) => lockMember(tx, id)),
      await insertMember(db, { email: 'new.one@example.com', name: 'New', passwordHash: 'x' }),
    ];
    const created = reads.at(-1)?.id;
    expect(reads.map((read) => read?.id)).toEqual([id, id, id, id, created]);
    expect(created).toMatch(/^[0-9a-f-]{36}$/);
    for (const read of reads) {
      expect(read).not.toHaveProperty('passwordHash');
    }
    expect(await findCredentials(db, member.email)).toEqual({
      id,
      passwordHash: '$argon2id$secret',
    });
    await database.close();
  });
});
