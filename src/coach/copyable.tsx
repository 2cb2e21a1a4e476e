import { useState } from 'react';
import { coachCopy } from './content';
import { secondaryButton } from './ui';

const copy = coachCopy.setup;

/** A command shown as code, with a button that copies it and says so. */
export function CopyableCommand({ command }: { command: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copyCommand() {
    try {
      await navigator.clipboard.writeText(command);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <pre className="min-w-0 grow basis-64 overflow-x-auto rounded-xl bg-ink px-4 py-3 text-sm text-white" aria-label={copy.commandLabel} tabIndex={0}>
          <code>{command}</code>
        </pre>
        <button type="button" onClick={() => void copyCommand()} className={secondaryButton}>
          {copy.copy}
        </button>
      </div>
      <p role="status" className="mt-1 text-sm text-muted empty:hidden">
        {state === 'copied' && copy.copied}
        {state === 'failed' && copy.copyFailed}
      </p>
    </div>
  );
}
