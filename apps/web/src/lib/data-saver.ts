/**
 * Data saver (ADR 048): smaller photos, no photos fetched ahead, chat photos and voice notes
 * fetched on a tap. On when the browser asks to save data (`navigator.connection.saveData`, or
 * the server telling back a `Save-Data: on` it received), unless the member chose for this
 * device; the member's choice is kept on the device, since what data costs is the phone's plan,
 * not the account's.
 */
const STORAGE_KEY = 'dataSaver';
/**
 * The server's last word on the browser's `Save-Data`, kept for the next page load: its first
 * screen is drawn before any answer arrives, and would fetch the large photos otherwise.
 */
const ECHO_KEY = 'dataSaverAsked';
/** The header the server answers with when the request carried `Save-Data: on`. */
const SAVE_DATA_ECHO = 'x-save-data';

type Choice = 'on' | 'off' | null;

const listeners = new Set<() => void>();
let browserAsked = readBrowserHint();

function readBrowserHint(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true || readStored(ECHO_KEY) === 'on';
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): it lasts until the page reloads.
  }
}

function readChoice(): Choice {
  const value = readStored(STORAGE_KEY);
  return value === 'on' || value === 'off' ? value : null;
}

const notify = () => {
  for (const listener of listeners) listener();
};

export const dataSaver = {
  isOn(): boolean {
    const choice = readChoice();
    return choice === null ? browserAsked : choice === 'on';
  },
  /** Whether the browser asked to save data, whatever the member chose. */
  browserAsked: () => browserAsked,
  /** The member's choice for this device. */
  choose(on: boolean) {
    store(STORAGE_KEY, on ? 'on' : 'off');
    notify();
  },
  /**
   * Reads an API answer for the server's word on the browser's `Save-Data`: on when the request
   * carried it, off again once the browser stops sending it.
   */
  noteAnswer(response: Pick<Response, 'headers'>) {
    const echoed = response.headers.get(SAVE_DATA_ECHO) === 'on';
    if (echoed === (readStored(ECHO_KEY) === 'on')) return;
    store(ECHO_KEY, echoed ? 'on' : null);
    const asked = readBrowserHint();
    if (asked !== browserAsked) {
      browserAsked = asked;
      notify();
    }
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Back to the browser's word alone (tests). */
  reset() {
    browserAsked = readBrowserHint();
    notify();
  },
};
