import type { MemberLikes } from '@/components/members/member-likes.ts';
import { LikeFeedbackProvider, useShaking } from '../hooks/like-feedback.tsx';
import { ComplimentButton } from './compliment-button.tsx';
import { LikeButton } from './like-button.tsx';
import { LikeFailure } from './like-failure.tsx';

/**
 * Sending a like, as the routes give it to the screens of other features: the suggestions'
 * cards, the profile dialog and the profile page (features do not import each other).
 */
export const memberLikes: MemberLikes = {
  Button: LikeButton,
  Compliment: ComplimentButton,
  Scope: LikeFeedbackProvider,
  Failure: LikeFailure,
  useShaking,
};
