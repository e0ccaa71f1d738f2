/**
 * The flags the server's Node runs with, wherever it is started for real (`npm start`, the
 * benches): ADR 022. V8's scavenges are parallel by default; on a host where the server shares
 * its few cores (PostgreSQL, a load generator), the main thread waited for helper threads that had
 * no core, and 6 ms pauses became 40-68 ms.
 */
export const SERVER_NODE_FLAGS = ['--single-threaded-gc'];
