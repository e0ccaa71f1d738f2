/** The health module's public face: liveness and readiness. */
export { healthRoutes } from './health.routes.ts';
