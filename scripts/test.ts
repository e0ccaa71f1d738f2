// `npm test`: typecheck, lint, the Vitest suite and the web build side by side, then the browser
// journeys if all passed. Vitest leaves a fifth of the two cores idle (its global setup, its last
// files): the others fill that instead of waiting in front of it (ADR 035). Their output is held
// and printed whole when each ends, so it never interleaves with Vitest's.
import { spawn } from 'node:child_process';

type Stage = { name: string; script: string; live: boolean };

function run({ name, script, live }: Stage): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      // No code: the stage was killed by a signal, which is a failure.
      const status = code ?? 1;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const output = Buffer.concat(held).toString().trimEnd();
      if (output) process.stdout.write(`\n==> ${name}\n${output}\n`);
      process.stdout.write(`==> ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
      resolve(status);
    });
  });
}

const checks = await Promise.all(
  [
    { name: 'typecheck', script: 'typecheck', live: false },
    { name: 'lint', script: 'lint', live: false },
    { name: 'Vitest', script: 'test:unit', live: true },
    // The journeys' web app, built here while the cores have room (e2e/build-web.ts then finds
    // it fresh).
    { name: 'web build', script: 'build', live: false },
  ].map(run),
);
if (checks.some((status) => status !== 0)) {
  process.stdout.write('\n==> journeys not run: a check above failed\n');
  process.exit(1);
}
process.exit(await run({ name: 'journeys', script: 'test:e2e', live: true }));
