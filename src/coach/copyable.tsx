import { useEffect, useState } from 'react';
import { copyingCopy } from './content/common';
import { setupCopy } from './content/sign-in';
import { secondaryButton } from './ui';

const copy = copyingCopy;

const COPIED_SHOWN_MS = 4000;

/**
 * Code to copy (a command, a snippet, a secret shown once) as a dark block, with a button that copies
 * it and says so for a few seconds. The button reads "Copy" and is named with what it copies ("Copy
 * the inline snippet"), so each reads apart from the others.
 */
export function CopyableCode({ code, label }: { code: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  // "Copied" goes after a while, so two blocks copied one after the other never both say it.
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copyCode() {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <pre className="min-w-0 grow basis-64 overflow-x-auto rounded-xl bg-ink px-4 py-3 text-sm whitespace-pre-wrap text-white [overflow-wrap:anywhere]" aria-label={label} tabIndex={0}>
          <code>{code}</code>
        </pre>
        <button type="button" onClick={() => void copyCode()} aria-label={copy.copyWhat(label)} className={secondaryButton}>
          {copy.copy}
        </button>
      </div>
      <p role="status" className="mt-1 text-sm text-muted live-region">
        {state === 'copied' && copy.copied}
        {state === 'failed' && copy.failed}
      </p>
    </div>
  );
}

/** The set-up screen's command line alternative. */
export function CopyableCommand({ command }: { command: string }) {
  return <CopyableCode code={command} label={setupCopy.commandLabel} />;
}
