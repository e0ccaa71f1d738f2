/** The client-config module's public face: what the web app reads before anything else. */
export { clientConfigModule } from './client-config.module.ts';
