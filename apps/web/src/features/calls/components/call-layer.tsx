import { destinations } from '@mawadda/contract/destinations';
import { useEffect } from 'react';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { useRealtimeState, useRealtimeSubscription } from '@/lib/realtime/use-realtime.ts';
import { calls, useCallState } from '../hooks/use-call.ts';
import { isCallRefusal } from '../utils/call-transitions.ts';
import { startRingTone } from '../utils/ring-tone.ts';
import { CallNoticeBanner } from './call-notice.tsx';
import { CallView } from './call-view.tsx';
import { IncomingCallDialog } from './incoming-call-dialog.tsx';

/**
 * The calls of the signed-in member, over every member screen: it listens on `/topic/call/{me}`,
 * rings with the incoming-call modal, shows the call in progress and how the last one ended. The
 * call ends when the socket drops (the server ends it for the other side) and when the member
 * leaves the member area. A call the server will not place (apps/server calls.service) ends with
 * why, except for a free member calling: the app answers that with the subscription modal.
 */
export function CallLayer({ me }: { me: string }) {
  const call = useCallState();
  const { status } = useRealtimeState();

  useRealtimeSubscription(destinations.call(me), calls.receive);

  useEffect(() => {
    if (status !== 'connected') calls.socketClosed();
  }, [status]);

  useEffect(() => () => calls.hangUp(), []);

  useEffect(
    () =>
      realtime.onRefusal(({ code, params }) => {
        if (isCallRefusal(code)) calls.refused(code, params);
        else if (code === 'SUBSCRIPTION_REQUIRED') calls.hangUp();
      }),
    [],
  );

  const ringing = call.phase === 'incoming' && !call.accepting;
  useEffect(() => (ringing ? startRingTone() : undefined), [ringing]);

  if (call.phase === 'idle') {
    return call.notice ? (
      <CallNoticeBanner notice={call.notice} onClose={calls.dismissNotice} />
    ) : null;
  }
  if (call.phase === 'incoming') {
    return (
      <IncomingCallDialog
        peer={call.peer}
        type={call.type}
        accepting={call.accepting}
        onAccept={calls.accept}
        onRefuse={calls.refuse}
      />
    );
  }
  return (
    <CallView
      call={call}
      onEnd={calls.hangUp}
      onToggleMute={calls.toggleMute}
      onToggleCamera={calls.toggleCamera}
    />
  );
}
