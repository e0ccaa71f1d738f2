/**
 * The flags the server's Node runs with, wherever it is started for real (`npm start`, the
 * benches). `--single-threaded-gc` (ADR 022): V8's scavenges are parallel by default; on a host
 * where the server shares its few cores (PostgreSQL, a load generator), the main thread waited
 * for helper threads that had no core, and 6 ms pauses became 40-68 ms.
 * `--no-allocation-site-pretenuring` (ADR 023): the objects of the 5,000 sockets connecting made
 * V8 allocate straight into the old generation at the sites that then make every message's
 * short-lived objects, and the server collected its old generation every 6-8 s (pauses of
 * 30-117 ms) with scavenges of 24 ms instead of 3.
 */
export const SERVER_NODE_FLAGS = ['--single-threaded-gc', '--no-allocation-site-pretenuring'];
