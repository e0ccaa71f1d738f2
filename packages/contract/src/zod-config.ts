import { config } from 'zod';

/**
 * In a browser, zod must not use eval. It compiles a fast parser for each object schema with
 * `new Function` where the page allows it, probing that as each schema is made; the web app's
 * Content-Security-Policy forbids eval, so the probe is reported as a violation. Every contract
 * module that makes schemas imports this one first, so zod is jitless there before any schema
 * exists. The server, with no such policy, keeps the compiled parsers.
 */
if (typeof document !== 'undefined') config({ jitless: true });
