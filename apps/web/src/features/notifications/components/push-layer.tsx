import { useResubscribe } from '../hooks/use-push-device.ts';
import { PushPrompt } from './push-prompt.tsx';

/**
 * Around every member screen, loaded apart from them: this device's subscription sent again
 * after a sign-in, and the question about notifications once there is something to be told of.
 */
export function PushLayer({ ask }: { ask: boolean }) {
  useResubscribe();
  return ask ? <PushPrompt /> : null;
}
