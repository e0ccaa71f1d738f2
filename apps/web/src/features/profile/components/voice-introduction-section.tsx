import type { CurrentUser } from '@mawadda/contract';
import { VOICE_INTRODUCTION_MAX_SECONDS } from '@mawadda/contract/profile-prompts';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useVoiceRecorder } from '@/hooks/use-voice-recorder.ts';
import { ApiError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useVoiceIntroduction } from '../hooks/use-profile.ts';
import { useProfileTranslation } from '../i18n.ts';
import { ProfileSection } from './profile-section.tsx';

/**
 * The member's voice introduction (ADR 072): up to thirty seconds recorded here, listened to
 * before it is saved, replaced or removed. It acts on its own, outside the profile's form. The
 * saved one loads only when played (`preload="none"`).
 */
export function VoiceIntroductionSection({ user }: { user: CurrentUser }) {
  const { t } = useProfileTranslation();
  const recorder = useVoiceRecorder(VOICE_INTRODUCTION_MAX_SECONDS);
  const { save, remove } = useVoiceIntroduction();
  const { state } = recorder;
  const failed = save.error ?? remove.error;
  const failure =
    failed instanceof ApiError ? translateError(t, failed.body) : failed ? t('voice.failed') : null;
  const saved = user.voiceIntroduction;

  async function keep() {
    const audio = await recorder.stop();
    if (!audio) return;
    await save.mutateAsync(audio).then(recorder.discard, () => undefined);
  }

  return (
    <ProfileSection title={t('sections.voice')} anchor="voice-introduction">
      <p className="mb-4 text-sm text-ink-muted">
        {t('voice.hint', { max: VOICE_INTRODUCTION_MAX_SECONDS })}
      </p>
      {saved && state.status === 'idle' ? (
        <div className="mb-4 flex flex-col gap-2">
          <p className="text-sm font-medium text-ink">
            {t('voice.saved', { seconds: Math.round(saved.seconds) })}
          </p>
          {/* biome-ignore lint/a11y/useMediaCaption: a member's own voice, spoken, has no captions. */}
          <audio controls preload="none" src={saved.url} aria-label={t('voice.listenSaved')} />
        </div>
      ) : null}
      {state.status === 'recording' ? (
        <p role="status" className="mb-3 font-medium text-rose-800">
          {t('voice.recording', { seconds: state.seconds, max: VOICE_INTRODUCTION_MAX_SECONDS })}
        </p>
      ) : null}
      {state.status === 'stopped' ? (
        <div className="mb-3 flex flex-col gap-2">
          <p className="text-sm font-medium text-ink">
            {t('voice.preview', { seconds: state.seconds })}
          </p>
          {/* biome-ignore lint/a11y/useMediaCaption: the member listens to their own recording. */}
          <audio controls src={state.url} aria-label={t('voice.listenPreview')} />
        </div>
      ) : null}
      {recorder.problem ? (
        <div className="mb-3">
          <Alert tone="error">{t(`voice.problem.${recorder.problem}`)}</Alert>
        </div>
      ) : null}
      {failure ? (
        <div className="mb-3">
          <Alert tone="error">{failure}</Alert>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {state.status === 'idle' ? (
          <Button variant="secondary" onClick={() => void recorder.start()}>
            {saved ? t('voice.recordAgain') : t('voice.record')}
          </Button>
        ) : null}
        {state.status === 'recording' ? (
          <Button variant="secondary" onClick={() => void recorder.stop()}>
            {t('voice.stop')}
          </Button>
        ) : null}
        {state.status !== 'idle' ? (
          <>
            <Button busy={save.isPending} onClick={() => void keep()}>
              {t('voice.save')}
            </Button>
            <Button variant="ghost" onClick={recorder.discard}>
              {t('voice.discard')}
            </Button>
          </>
        ) : null}
        {saved && state.status === 'idle' ? (
          <Button variant="ghost" busy={remove.isPending} onClick={() => remove.mutate()}>
            {t('voice.remove')}
          </Button>
        ) : null}
      </div>
    </ProfileSection>
  );
}
