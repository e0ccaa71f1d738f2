import '@/styles.css';
import { startEarlyRequests } from './early-start.ts';

// What the first screen will need goes out before the app's own scripts have run (ADR 054); the
// app comes in its own chunk, fetched beside this one (index.html's modulepreload links).
startEarlyRequests();
void import('./boot.tsx');
