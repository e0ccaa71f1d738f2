import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/spec.md §4: idle → recording → stopped (with playback). */
export type RecorderState =
  | { status: 'idle' }
  | { status: 'recording'; seconds: number }
  | { status: 'stopped'; audio: Blob; url: string; seconds: number };

export type RecorderProblem = 'denied' | 'unsupported';

/** The containers the server accepts, in the order browsers record them best. */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];
/** Speech is clear at 32 kb/s; two minutes stay far below a voice note's 2 MB limit. */
const BITS_PER_SECOND = 32_000;

type Recording = {
  recorder: MediaRecorder;
  stream: MediaStream;
  timer: ReturnType<typeof setInterval>;
  done: Promise<Blob>;
};

/**
 * The microphone recorder of the chat's composer and of the voice introduction (ADR 072).
 * `stop()` answers the recording (also when it was already stopped), so "send while recording"
 * can stop and send in one press; a recording stops by itself at `maxSeconds`, the server's limit
 * for what it is (two minutes for a voice note, thirty seconds for an introduction).
 */
export function useVoiceRecorder(maxSeconds: number) {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const recording = useRef<Recording | null>(null);
  const stoppedAudio = useRef<Blob | null>(null);

  const stop = useCallback(async (): Promise<Blob | null> => {
    const current = recording.current;
    if (!current) return stoppedAudio.current;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    return current.done;
  }, []);

  const start = useCallback(async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setProblem('unsupported');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setProblem('denied');
      return;
    }
    const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, {
      audioBitsPerSecond: BITS_PER_SECOND,
      ...(mimeType ? { mimeType } : {}),
    });
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    const elapsed = () => Math.floor((Date.now() - startedAt) / 1000);
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const done = new Promise<Blob>((resolve) => {
      recorder.onstop = () => {
        clearInterval(timer);
        for (const track of stream.getTracks()) track.stop();
        const audio = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
        recording.current = null;
        stoppedAudio.current = audio;
        setState({ status: 'stopped', audio, url: URL.createObjectURL(audio), seconds: elapsed() });
        resolve(audio);
      };
    });
    const timer = setInterval(() => {
      const seconds = elapsed();
      if (seconds >= maxSeconds) void stop();
      else setState({ status: 'recording', seconds });
    }, 250);
    recording.current = { recorder, stream, timer, done };
    recorder.start();
    setState({ status: 'recording', seconds: 0 });
  }, [stop, maxSeconds]);

  /** Back to idle: the recording is thrown away (or was sent). */
  const discard = useCallback(() => {
    const current = recording.current;
    if (current) {
      current.recorder.onstop = null;
      clearInterval(current.timer);
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      for (const track of current.stream.getTracks()) track.stop();
      recording.current = null;
    }
    stoppedAudio.current = null;
    setState((previous) => {
      if (previous.status === 'stopped') URL.revokeObjectURL(previous.url);
      return { status: 'idle' };
    });
  }, []);

  // Leaving the conversation (or the profile) frees the microphone.
  useEffect(() => discard, [discard]);

  return { state, problem, start, stop, discard };
}
