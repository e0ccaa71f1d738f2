/** The demo module's public face: demo members seeded at start (`DEMO_DATA=1`). */
export { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData } from './demo-data.ts';
