/** Two tones together, on for 1 s then off for 2 s: a phone ringing, made rather than downloaded. */
const FREQUENCIES_HZ = [440, 480];
const ON_S = 1;
const CYCLE_S = 3;
const VOLUME = 0.12;
/** Cycles scheduled ahead; the tone stops with the context, wherever it is. */
const CYCLES = 12;

/**
 * Starts the incoming-call ring (WebAudio, no sound file) and answers the function that stops it.
 * Without WebAudio (or with the page's sound blocked) the modal still shows: the ring is a
 * courtesy, never a requirement.
 */
export function startRingTone(): () => void {
  if (typeof AudioContext === 'undefined') return () => {};
  const context = new AudioContext();
  const gain = context.createGain();
  gain.gain.value = 0;
  gain.connect(context.destination);
  const start = context.currentTime + 0.05;
  for (let cycle = 0; cycle < CYCLES; cycle += 1) {
    const at = start + cycle * CYCLE_S;
    gain.gain.setValueAtTime(VOLUME, at);
    gain.gain.setValueAtTime(0, at + ON_S);
  }
  const oscillators = FREQUENCIES_HZ.map((frequency) => {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start(start);
    return oscillator;
  });
  return () => {
    for (const oscillator of oscillators) oscillator.stop();
    void context.close();
  };
}
