#!/usr/bin/env node
/**
 * Entry point: `node dist/cli/main.js <command>` (or `npm run cli -- <command>`). The first Ctrl-C
 * stops `watch` cleanly and cancels requests in flight; a second one exits at once.
 */
import { ExitCode } from './io';
import { run } from './program';

// `connector-cli show X | head`: a reader that closed the pipe is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(ExitCode.ok);
    throw error;
  });
}

const interrupt = new AbortController();
process.on('SIGINT', () => {
  if (interrupt.signal.aborted) process.exit(ExitCode.interrupted);
  interrupt.abort();
});

run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signal: interrupt.signal,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = ExitCode.failed;
  },
);
