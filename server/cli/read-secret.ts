/**
 * Reads a secret from stdin: from a terminal without echoing it (asking twice, so a typo is caught),
 * or everything piped in, without its final line break (so `printf`, `echo` and files all work).
 */
import { text } from 'node:stream/consumers';

function readHiddenLine(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    const done = (result: string | Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done(value);
        if (char === '\u0003' || char === '\u0004') return done(new Error('Cancelled: nothing was changed.'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else value += char;
      }
      return undefined;
    };
    input.on('data', onData);
  });
}

export async function readSecret(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return (await text(process.stdin)).replace(/\r?\n$/, '');
  const first = await readHiddenLine(prompt);
  const second = await readHiddenLine('The same again, to be sure: ');
  if (first !== second) throw new Error('The two passwords differ: nothing was changed.');
  return first;
}
