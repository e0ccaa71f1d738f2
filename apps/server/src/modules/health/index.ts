/** The health module's public face: liveness and readiness. */
export { healthModule } from './health.module.ts';
