import { describe, expect, it } from 'vitest';
import { checkAction, isReportGone } from './action-request.ts';

const draft = {
  action: 'dismiss' as const,
  reason: 'Nothing against the rules',
  photoUrl: '',
  prompt: 'weekend',
  profileTexts: ['profession' as const],
  days: '7',
};

describe('the moderator’s decision, checked by the contract’s rules', () => {
  it('gives the request to confirm, with only the fields its action takes', () => {
    expect(checkAction(draft)).toEqual({
      request: { action: 'dismiss', reason: 'Nothing against the rules' },
    });
    expect(checkAction({ ...draft, action: 'suspend', days: '14' })).toEqual({
      request: { action: 'suspend', reason: 'Nothing against the rules', days: 14 },
    });
    expect(checkAction({ ...draft, action: 'remove-photo', photoUrl: '/media/p1.webp' })).toEqual({
      request: {
        action: 'remove-photo',
        reason: 'Nothing against the rules',
        photoUrl: '/media/p1.webp',
      },
    });
    expect(checkAction({ ...draft, action: 'remove-prompt-answer' })).toEqual({
      request: {
        action: 'remove-prompt-answer',
        reason: 'Nothing against the rules',
        prompt: 'weekend',
      },
    });
    expect(checkAction({ ...draft, action: 'remove-profile-text' })).toEqual({
      request: {
        action: 'remove-profile-text',
        reason: 'Nothing against the rules',
        profileTexts: ['profession'],
      },
    });
    expect(checkAction({ ...draft, action: 'hide-messages' })).toEqual({
      request: { action: 'hide-messages', reason: 'Nothing against the rules' },
    });
  });

  it('says which field is wrong by its error code: a reason is needed, a suspension needs days', () => {
    expect(checkAction({ ...draft, reason: '  ' })).toEqual({
      errors: { reason: 'MODERATION_REASON_REQUIRED' },
    });
    expect(checkAction({ ...draft, action: 'suspend', days: '' })).toEqual({
      errors: { days: 'SUSPENSION_DAYS_INVALID' },
    });
    expect(checkAction({ ...draft, action: 'remove-profile-text', profileTexts: [] })).toEqual({
      errors: { profileTexts: 'PROFILE_TEXT_TO_REMOVE_NONE' },
    });
  });

  it('knows the refusals that take the report out of this moderator’s queue', () => {
    expect(
      ['REPORT_CLOSED', 'REPORT_NOT_FOUND', 'REPORT_ABOUT_YOU', 'REPORT_FILED_BY_YOU'].every(
        isReportGone,
      ),
    ).toBe(true);
    expect(isReportGone('PHOTO_TO_REMOVE_UNKNOWN')).toBe(false);
    expect(isReportGone(undefined)).toBe(false);
  });
});
